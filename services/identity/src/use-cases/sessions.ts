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

/** Access token + refresh token for a session (new session when no id is given). */
export async function issueSession(
  ctx: IdentityContext,
  tx: Tx,
  user: UserRow,
  sessionId?: string,
): Promise<Session> {
  const id = sessionId ?? randomUUID();
  if (!sessionId) {
    const expiresAt = new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await insertSession(tx, { id, userId: user.id, expiresAt });
  }
  const refresh = newRefreshToken();
  await insertRefreshToken(tx, refresh.hash, id);
  const ttl = ctx.config.ACCESS_TOKEN_TTL_SECONDS;
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
