import { recordAudit } from '@brigade/kit';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { endUserSessions } from '../db/sessions.repository';
import { findUserByEmail, lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/passwords';
import { checkSecondFactor } from '../domain/totp';
import type { IdentityContext } from '../context';
import { announceEnded } from './revoke-sessions';

type ChangePasswordRequest = z.infer<typeof identityHttp.ChangePasswordRequest>;

export const PASSWORD_CHANGED = {
  message: 'Your password was changed. Please sign in with your new password.',
};

/**
 * A new password given the current one (issue 33): how a one-time password is replaced at the first sign-in,
 * and how anyone changes theirs. An operator with two-step sign-in gives the code too. Every session of the
 * account ends in the same transaction, refresh tokens included, and is announced, so their access tokens are
 * refused everywhere within seconds (ADR 8). Answers as sign-in does for a wrong email or password.
 */
export async function changePassword(ctx: IdentityContext, input: ChangePasswordRequest) {
  const user = await findUserByEmail(ctx.database.db, input.email);
  if (!user || user.removedAt) {
    await burnPasswordCheck(input.password, ctx.config.ARGON2_MEMORY_KIB);
    throw IdentityErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw IdentityErrors.invalidCredentials();
  if (user.suspendedAt) throw IdentityErrors.suspended();
  if (user.userType === 'operator' && user.totpConfirmedAt)
    await checkSecondFactor(user, input.totp, ctx.config.OPERATOR_REQUIRE_TOTP);
  const passwordHash = await hashPassword(input.new_password, ctx.config.ARGON2_MEMORY_KIB);
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const ended = await ctx.database.transaction(async (tx) => {
    const current = await lockUser(tx, user.id, 'update');
    // Changed meanwhile (another change, a reset): the password given is no longer the current one.
    if (!current || current.passwordHash !== user.passwordHash) throw IdentityErrors.invalidCredentials();
    await updateUser(tx, current.id, { passwordHash, passwordChangeRequired: false, updatedAt: new Date() });
    if (current.userType === 'operator')
      await recordAudit(ctx.database, tx, {
        operatorId: current.id,
        operatorEmail: current.email,
        action: 'operator.password_change',
        subjectType: 'user',
        subjectId: current.id,
        detail: { email: current.email, one_time: current.passwordChangeRequired },
      });
    return endUserSessions(tx, current.id, 'password_changed', since);
  });
  // As after a reset: the sessions have ended (no refresh); a failed announcement is logged, and identity
  // announces them again at its next start.
  await announceEnded(ctx, ended).catch(() => undefined);
  return PASSWORD_CHANGED;
}
