import { endSession, lockRefreshToken, lockSession, markRefreshTokenUsed } from '../db/sessions.repository';
import { findUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { hashRefreshToken } from '../domain/tokens';
import type { IdentityContext } from '../context';
import { announceEnded } from './revoke-sessions';
import { issueSession } from './sessions';

/**
 * Rotate a refresh token: each one works once. Presenting a token that was already used means it was
 * copied: the whole session (every token of its family) is revoked.
 */
export async function refreshSession(ctx: IdentityContext, refreshToken: string) {
  const outcome = await ctx.database.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, hashRefreshToken(refreshToken));
    if (!row) return { error: IdentityErrors.invalidRefresh() };
    const session = await lockSession(tx, row.sessionId);
    if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now())
      return { error: IdentityErrors.invalidRefresh() };
    if (row.usedAt) {
      await endSession(tx, session.userId, session.id, 'refresh_token_reuse');
      return { error: IdentityErrors.refreshReused(), ended: session.id };
    }
    await markRefreshTokenUsed(tx, row.tokenHash);
    const user = await findUser(tx, session.userId);
    if (!user) return { error: IdentityErrors.invalidRefresh() };
    // A suspension ends every session; this covers a refresh racing with it.
    if (user.suspendedAt) return { error: IdentityErrors.suspended() };
    // Also a removed operator, and a one-time password that must be changed first.
    if (user.removedAt || user.passwordChangeRequired) return { error: IdentityErrors.invalidRefresh() };
    return { session: await issueSession(ctx, tx, user, session) };
  });
  // The revocation must commit even though the caller gets an error; then every copy of the session's
  // access tokens stops working too (a failed announcement is logged: the caller is refused either way).
  if ('ended' in outcome && outcome.ended) await announceEnded(ctx, [outcome.ended]).catch(() => undefined);
  if ('error' in outcome && outcome.error) throw outcome.error;
  return { session: outcome.session! };
}
