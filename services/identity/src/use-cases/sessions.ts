import { randomUUID } from 'node:crypto';
import { signAccessToken, type Tx } from '@brigade/kit';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { UserRow } from '../db/schema';
import { insertRefreshToken, insertSession } from '../db/sessions.repository';
import { newRefreshToken } from '../domain/tokens';
import { toUser } from '../domain/serialize';
import type { IdentityContext } from '../context';

type Session = z.infer<typeof identityHttp.Session>;

/** How long a new session of this account lasts: OPERATOR_SESSION_TTL for operators (issue 33). */
function sessionLifetimeMs(ctx: IdentityContext, user: UserRow) {
  return user.userType === 'operator'
    ? ctx.config.OPERATOR_SESSION_TTL
    : ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
}

/**
 * Access token + refresh token for a session: a new one, or `existing` (a refresh). No access token outlives
 * its session, so an operator's session ends OPERATOR_SESSION_TTL after sign-in, refreshed or not.
 */
export async function issueSession(
  ctx: IdentityContext,
  tx: Tx,
  user: UserRow,
  existing?: { id: string; expiresAt: Date },
): Promise<Session> {
  const id = existing?.id ?? randomUUID();
  const sessionEnds = existing?.expiresAt ?? new Date(Date.now() + sessionLifetimeMs(ctx, user));
  if (!existing) await insertSession(tx, { id, userId: user.id, expiresAt: sessionEnds });
  const refresh = newRefreshToken();
  await insertRefreshToken(tx, refresh.hash, id);
  const ttl = Math.max(
    1,
    Math.min(ctx.config.ACCESS_TOKEN_TTL_SECONDS, Math.floor((sessionEnds.getTime() - Date.now()) / 1000)),
  );
  const { token, expiresAt } = await signAccessToken(
    ctx.keyRing.signing,
    {
      id: user.id,
      type: user.userType,
      language: user.languagePreference,
      sessionId: id,
      phoneVerified: user.phoneVerified,
      // An operator's actions are audited with their email by whichever service acts (no service reads identity's tables).
      ...(user.userType === 'operator' ? { email: user.email } : {}),
    },
    ttl,
  );
  return {
    access_token: token,
    refresh_token: refresh.token,
    token_type: 'bearer',
    expires_at: expiresAt,
    expires_in: ttl,
    user: toUser(user),
  };
}
