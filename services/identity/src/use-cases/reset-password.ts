import { inTransaction, type AppError } from '@brigade/kit';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import {
  countResetAttempt,
  lockLatestReset,
  useUpResets,
  type PasswordResetRow,
} from '../db/password-resets.repository';
import { endUserSessions } from '../db/sessions.repository';
import { lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { RESET_CODE_ATTEMPTS, resetLookup } from '../domain/password-reset';
import { hashPassword } from '../domain/passwords';
import type { IdentityContext } from '../context';
import { announceEnded } from './revoke-sessions';

type ResetPasswordRequest = z.infer<typeof identityHttp.ResetPasswordRequest>;

export const PASSWORD_RESET = {
  message: 'Your password was changed. Please sign in with your new password.',
};

/**
 * A new password with the code texted for a forgot-password request of the same phone or email (issue 32).
 * The request's attempts are counted whether or not an account matched it, so every phone and email answers
 * alike: no request in the code's lifetime 400 IDENTITY.CODE_EXPIRED, a wrong code 400 IDENTITY.INVALID_CODE,
 * the fifth try 429 IDENTITY.TOO_MANY_ATTEMPTS, right or wrong (as Twilio Verify burns a code). The
 * right code sets the password (argon2id, as at sign-up), uses up the account's requests and ends every one
 * of its sessions, refresh tokens included; their access tokens are refused everywhere within seconds (ADR 8).
 */
export async function resetPassword(ctx: IdentityContext, input: ResetPasswordRequest) {
  const lookup = resetLookup(input);
  // The attempt is counted (committed) before the code is checked, right or wrong.
  const attempt: { refused?: AppError; request?: PasswordResetRow } = await ctx.database.transaction(
    async (tx) => {
      const request = await lockLatestReset(tx, lookup, ctx.config.VERIFICATION_CODE_TTL_SECONDS);
      if (!request) return { refused: IdentityErrors.codeExpired() };
      if (request.attempts >= RESET_CODE_ATTEMPTS) return { refused: IdentityErrors.tooManyAttempts() };
      await countResetAttempt(tx, request.id);
      return { request };
    },
  );
  if (!attempt.request) throw attempt.refused!;
  const { userId, phone } = attempt.request;
  // Nothing was texted for this request: no code can be right.
  if (!userId || !phone) throw IdentityErrors.wrongCode();
  const result = await ctx.verifier.check({ phone, accountId: userId }, input.code);
  if (result === 'too_many_attempts') throw IdentityErrors.tooManyAttempts();
  if (result === 'expired') throw IdentityErrors.codeExpired();
  if (result !== 'approved') throw IdentityErrors.wrongCode();

  const passwordHash = await hashPassword(input.password, ctx.config.ARGON2_MEMORY_KIB);
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const ended = await inTransaction(ctx, async (tx) => {
    const user = await lockUser(tx, userId, 'update');
    // The number changed hands or the account was suspended since the code was sent: the code is for no one.
    if (!user || user.phone !== phone || !user.phoneVerified || user.suspendedAt)
      throw IdentityErrors.codeExpired();
    await updateUser(tx, user.id, { passwordHash, updatedAt: new Date() });
    await useUpResets(tx, user.id);
    return endUserSessions(tx, user.id, 'password_reset', since);
  });
  // The sessions have ended (their refresh tokens are refused); a failed announcement is logged, and their
  // access tokens then live to their expiry, as after a refresh token's reuse. The password has changed
  // either way, so the answer says so.
  await announceEnded(ctx, ended).catch(() => undefined);
  return PASSWORD_RESET;
}
