import { isUuid, recordAudit } from '@brigade/kit';
import { lockActiveAdmins } from '../db/operators.repository';
import { lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { checkCanCutOff, type OperatorManager } from '../domain/operators';
import { toOpsOperator } from '../domain/serialize';
import type { OperatorsContext } from '../context';
import { checkManager } from '../queries/operator-manager';
import { revokeSessions } from './revoke-sessions';

/**
 * An admin (or `npm run operator -- remove`) removes an operator who left: never oneself, never the last
 * admin. Their row stays (the audit log and the suspensions they made name them) but signs in nowhere; every
 * session of theirs ends and is announced, so their access tokens are refused within seconds everywhere.
 * Removing them again answers 404 after announcing their ended sessions once more (a failed announcement
 * answered 503: try again).
 */
export async function removeOperator(ctx: OperatorsContext, manager: OperatorManager, operatorId: string) {
  if (!isUuid(operatorId)) throw IdentityErrors.operatorNotFound();
  const outcome = await ctx.database.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const actor = await checkManager(tx, manager);
    const row = await lockUser(tx, operatorId, 'update');
    if (!row || row.userType !== 'operator') throw IdentityErrors.operatorNotFound();
    if (row.removedAt) return { already: true as const };
    checkCanCutOff(manager, row, admins.filter((a) => a.id !== row.id).length);
    const now = new Date();
    const removed = await updateUser(tx, row.id, { removedAt: now, updatedAt: now });
    await recordAudit(ctx.database, tx, {
      ...actor,
      action: 'operator.remove',
      subjectType: 'user',
      subjectId: row.id,
      detail: { email: row.email, admin: row.admin },
    });
    return { operator: removed! };
  });
  await revokeSessions(ctx, operatorId, 'removed');
  if ('already' in outcome) throw IdentityErrors.operatorNotFound();
  return { operator: toOpsOperator(outcome.operator) };
}
