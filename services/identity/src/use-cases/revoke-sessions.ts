import { AppError } from '@brigade/kit';
import { endUserSessions, sessionsEndedSince, type EndReason } from '../db/sessions.repository';
import type { IdentityContext } from '../context';

/** What ending sessions needs: identity's database and the shared revocations (`npm run operator` has them too). */
export type SessionEnder = Pick<IdentityContext, 'database' | 'revocations' | 'logger'> & {
  config: Pick<IdentityContext['config'], 'ACCESS_TOKEN_TTL_SECONDS'>;
};

/**
 * Tell every gateway and service that these sessions ended: their access tokens are refused within seconds,
 * until the last one issued would have expired anyway (now + the access-token lifetime). Call it after the
 * database commit; it may run again for the same sessions (a retry republishes).
 */
export async function announceEnded(ctx: SessionEnder, sessionIds: readonly string[]) {
  const until = Math.floor(Date.now() / 1000) + ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  try {
    await Promise.all(sessionIds.map((id) => ctx.revocations.revoke(id, until)));
  } catch (err) {
    // The sessions have ended in the database (no refresh), but their access tokens still work elsewhere:
    // the caller is told to try again, which announces them again.
    ctx.logger.error(
      { err: (err as Error).message, sessions: sessionIds.length },
      'ended sessions not announced',
    );
    throw new AppError(503, 'SERVICE.UNAVAILABLE', 'Service temporarily unavailable, please try again');
  }
}

/**
 * End every session of a user (suspension, "sign out everywhere"): each live one is revoked in the database,
 * then all the user's sessions that ended within an access-token lifetime are announced, so a retry after a
 * failed announcement announces them again.
 */
export async function revokeSessions(ctx: SessionEnder, userId: string, reason: EndReason) {
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const ended = await endUserSessions(ctx.database.db, userId, reason, since);
  await announceEnded(ctx, ended);
  return ended;
}

/**
 * At identity's start: announce again every session that ended within an access-token lifetime (issue 33).
 * The embedded default keeps ended sessions in the process's memory, and a Redis stream may have been lost:
 * after a restart, the access tokens of a session that ended just before it (a password change, a suspension,
 * a removal) would otherwise be accepted again until they expire.
 */
export async function announceRecentlyEnded(ctx: SessionEnder) {
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const ended = await sessionsEndedSince(ctx.database.db, since);
  await announceEnded(ctx, ended);
  return ended.length;
}
