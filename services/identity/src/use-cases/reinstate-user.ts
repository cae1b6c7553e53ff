import { appendEvent, isUuid, recordAudit, type OperatorUser, inTransaction } from '@brigade/kit';
import { findUser, lockUser, updateUser } from '../db/users.repository';
import { findOperator, profileNames } from '../db/accounts.repository';
import { isMemberRow, liftedSuspensionDetail, SUSPENSION_LIFTED } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import { toOpsUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { reinstateOperator } from './reinstate-operator';

/**
 * An operator lifts a suspension: sign-in works again (an operator's: `reinstateOperator`, admins only). `identity.user.reinstated.v1` and the audit entry
 * commit with it. (What the suspension cancelled stays cancelled.)
 */
export async function reinstateUser(
  ctx: IdentityContext,
  operator: OperatorUser,
  userId: string,
  reason: string | undefined,
) {
  if (!isUuid(userId)) throw IdentityErrors.userNotFound();
  if ((await findUser(ctx.database.db, userId))?.userType === 'operator') {
    const reinstated = await reinstateOperator(ctx, { kind: 'operator', id: operator.id }, userId, reason);
    return { user: toOpsUser(reinstated, null) };
  }
  const user = await inTransaction(ctx, async (tx) => {
    const row = await lockUser(tx, userId, 'update');
    if (!row) throw IdentityErrors.userNotFound();
    if (!isMemberRow(row) || !row.suspendedAt) throw IdentityErrors.notSuspended();
    const by = await findOperator(tx, operator.id);
    if (!by) throw IdentityErrors.operatorGone();
    const now = new Date();
    const reinstated = await updateUser(tx, userId, {
      ...SUSPENSION_LIFTED,
      updatedAt: now,
    });
    await appendEvent(ctx.database, tx, 'identity.user.reinstated.v1', {
      user_id: row.id,
      user_type: row.userType,
      operator_id: by.id,
      reinstated_at: now.toISOString(),
    });
    await recordAudit(ctx.database, tx, {
      operatorId: by.id,
      operatorEmail: by.email,
      action: 'user.reinstate',
      subjectType: 'user',
      subjectId: row.id,
      reason: reason || null,
      detail: liftedSuspensionDetail(row, row.suspendedAt),
    });
    return reinstated!;
  });
  const names = await profileNames(ctx.database.db, [userId]);
  return { user: toOpsUser(user, names.get(userId) ?? null) };
}
