import { recordAudit } from '@brigade/kit';
import { lockUser, updateUser } from '../db/users.repository';
import { liftedSuspensionDetail, SUSPENSION_LIFTED } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import type { OperatorManager } from '../domain/operators';
import type { OperatorsContext } from '../context';
import { checkManager } from '../queries/operator-manager';

/** An admin (or `npm run operator -- reinstate`) lifts an operator's suspension: they may sign in again. */
export async function reinstateOperator(
  ctx: OperatorsContext,
  manager: OperatorManager,
  operatorId: string,
  reason: string | undefined,
) {
  return ctx.database.transaction(async (tx) => {
    const actor = await checkManager(tx, manager);
    const row = await lockUser(tx, operatorId, 'update');
    if (!row || row.userType !== 'operator' || row.removedAt) throw IdentityErrors.operatorNotFound();
    if (!row.suspendedAt) throw IdentityErrors.notSuspended();
    const reinstated = await updateUser(tx, row.id, {
      ...SUSPENSION_LIFTED,
      updatedAt: new Date(),
    });
    await recordAudit(ctx.database, tx, {
      ...actor,
      action: 'operator.reinstate',
      subjectType: 'user',
      subjectId: row.id,
      reason: reason || null,
      detail: liftedSuspensionDetail(row, row.suspendedAt),
    });
    return reinstated!;
  });
}
