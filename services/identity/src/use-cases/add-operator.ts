import { opsHttp } from '@brigade/contracts';
import { parse, recordAudit } from '@brigade/kit';
import { findUserByEmail, insertOperatorUser, updateUser } from '../db/users.repository';
import { SUSPENSION_LIFTED } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import { newOneTimePassword, type OperatorManager } from '../domain/operators';
import { hashPassword } from '../domain/passwords';
import { toOpsOperator } from '../domain/serialize';
import type { OperatorsContext } from '../context';
import { checkManager } from '../queries/operator-manager';

/**
 * An admin (or `npm run operator -- add`) adds an operator: the answer carries a one-time password, shown
 * once, which signs in nowhere until it is changed (sign-in answers 403 IDENTITY.PASSWORD_CHANGE_REQUIRED).
 * An operator who was removed comes back this way, with nothing of their old account but its history.
 */
export async function addOperator(
  ctx: OperatorsContext,
  manager: OperatorManager,
  input: { email?: unknown; admin?: unknown },
) {
  const { email, admin = false } = parse(opsHttp.AddOperatorRequest, input);
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword, ctx.config.ARGON2_MEMORY_KIB);
  const operator = await ctx.database.transaction(async (tx) => {
    const actor = await checkManager(tx, manager);
    const existing = await findUserByEmail(tx, email);
    if (existing && existing.userType !== 'operator') throw IdentityErrors.memberEmail();
    if (existing && !existing.removedAt) throw IdentityErrors.operatorExists();
    const now = new Date();
    const account = {
      passwordHash,
      admin,
      passwordChangeRequired: true,
      removedAt: null,
      ...SUSPENSION_LIFTED,
      totpSecret: null,
      totpConfirmedAt: null,
      updatedAt: now,
    };
    const row = existing
      ? await updateUser(tx, existing.id, account)
      : await insertOperatorUser(tx, email, account);
    // Added meanwhile by someone else.
    if (!row) throw IdentityErrors.operatorExists();
    await recordAudit(ctx.database, tx, {
      ...actor,
      action: 'operator.add',
      subjectType: 'user',
      subjectId: row.id,
      detail: { email, admin, returning: Boolean(existing) },
    });
    return row;
  });
  return { operator: toOpsOperator(operator), one_time_password: oneTimePassword };
}
