import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { refreshTokens, sessions } from './schema';

/** Why a session ended (`identity.sessions.revoked_reason`). */
export type EndReason =
  'signed_out' | 'refresh_token_reuse' | 'suspended' | 'password_reset' | 'password_changed' | 'removed';

/** End one session of a user; a session that already ended keeps its first reason. */
export async function endSession(db: Executor, userId: string, sessionId: string, reason: EndReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * End every live session of a user, and list every session of theirs that ended after `since` and could
 * still have had an access token then (these included): the ones whose tokens must be refused now.
 */
export async function endUserSessions(
  db: Executor,
  userId: string,
  reason: EndReason,
  since: Date,
): Promise<string[]> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const ended = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.revokedAt, since), gt(sessions.expiresAt, since)));
  return ended.map((s) => s.id);
}

/** Every session that ended after `since` and could still have had an access token then. */
export async function sessionsEndedSince(db: Executor, since: Date): Promise<string[]> {
  const ended = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(gt(sessions.revokedAt, since), gt(sessions.expiresAt, since)));
  return ended.map((s) => s.id);
}

/** Open a session. */
export async function insertSession(tx: Executor, session: { id: string; userId: string; expiresAt: Date }) {
  await tx.insert(sessions).values(session);
}

/** Give a session a new refresh token (by its hash). */
export async function insertRefreshToken(tx: Executor, tokenHash: string, sessionId: string) {
  await tx.insert(refreshTokens).values({ tokenHash, sessionId });
}

/** A refresh token by its hash, locked until the transaction ends. */
export async function lockRefreshToken(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** A session, locked until the transaction ends. */
export async function lockSession(tx: Executor, sessionId: string) {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  return row;
}

/** A refresh token works once: mark it used. */
export async function markRefreshTokenUsed(tx: Executor, tokenHash: string) {
  await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.tokenHash, tokenHash));
}
