import { endSession } from '../db/sessions.repository';
import type { IdentityContext } from '../context';
import { announceEnded } from './revoke-sessions';

/**
 * End the session the access token belongs to: no refresh from now on, and its access tokens are refused
 * everywhere within seconds. Signing out an ended session again succeeds and announces it again.
 */
export async function signOut(ctx: IdentityContext, userId: string, sessionId: string) {
  if (!sessionId) return;
  await endSession(ctx.database.db, userId, sessionId, 'signed_out');
  await announceEnded(ctx, [sessionId]);
}
