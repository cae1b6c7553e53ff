import { recordAudit } from '@brigade/kit';
import { endUserSessions } from '../db/sessions.repository';
import { findUserByEmail, lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { newOneTimePassword, type OperatorManager } from '../domain/operators';
import { hashPassword } from '../domain/passwords';
import type { OperatorsContext } from '../context';
import { checkManager } from '../queries/operator-manager';
import { announceEnded } from './revoke-sessions';

/**
 * `npm run operator -- reset-password`: a new one-time password for an operator who lost theirs (and their
 * authenticator: two-step sign-in is set up again after the change). Every session of theirs ends in the same
 * transaction. `announced` is false when the ended sessions could not be announced: their access tokens then
 * live to their expiry at most, and identity announces them again at its next start.
 */
export async function resetOperatorPassword(ctx: OperatorsContext, manager: OperatorManager, email: string) {
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword, ctx.config.ARGON2_MEMORY_KIB);
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const ended = await ctx.database.transaction(async (tx) => {
    const actor = await checkManager(tx, manager);
    const row = await findUserByEmail(tx, email.trim().toLowerCase());
    if (!row || row.userType !== 'operator' || row.removedAt) throw IdentityErrors.operatorNotFound();
    const found = (await lockUser(tx, row.id, 'update'))!;
    await updateUser(tx, found.id, {
      passwordHash,
      passwordChangeRequired: true,
      totpSecret: null,
      totpConfirmedAt: null,
      updatedAt: new Date(),
    });
    await recordAudit(ctx.database, tx, {
      ...actor,
      action: 'operator.password_reset',
      subjectType: 'user',
      subjectId: found.id,
      detail: { email: found.email },
    });
    return endUserSessions(tx, found.id, 'password_reset', since);
  });
  const announced = await announceEnded(ctx, ended).then(
    () => true,
    () => false,
  );
  return { oneTimePassword, announced };
}
