import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { IdentityContext } from '../context';

export async function signOut(ctx: IdentityContext, userId: string, sessionId: string) {
  if (!sessionId) return;
  await ctx.database.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'signed_out' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
