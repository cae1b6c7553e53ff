import { recordAudit } from '@brigade/kit';
import { lockActiveAdmins } from '../db/operators.repository';
import { lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { checkCanCutOff, type OperatorManager } from '../domain/operators';
import type { OperatorsContext } from '../context';
import { checkManager } from '../queries/operator-manager';
import { revokeSessions } from './revoke-sessions';

/**
 * An admin (or `npm run operator -- suspend`) suspends an operator: never oneself, never the last admin. The
 * suspension and its audit entry commit together; then every session of theirs ends and is announced
 * (ADR 8), so their access tokens are refused within seconds everywhere and sign-in answers 403
 * IDENTITY.SUSPENDED. Operators are never announced to the other services: no event.
 */
export async function suspendOperator(
  ctx: OperatorsContext,
  manager: OperatorManager,
  operatorId: string,
  reason: string,
) {
  const outcome = await ctx.database.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const actor = await checkManager(tx, manager);
    const row = await lockUser(tx, operatorId, 'update');
    if (!row || row.userType !== 'operator' || row.removedAt) throw IdentityErrors.operatorNotFound();
    if (row.suspendedAt) return { already: true as const };
    checkCanCutOff(manager, row, admins.filter((a) => a.id !== row.id).length);
    const now = new Date();
    const suspended = await updateUser(tx, row.id, {
      suspendedAt: now,
      suspensionReason: reason,
      suspendedBy: actor.operatorId,
      updatedAt: now,
    });
    await recordAudit(ctx.database, tx, {
      ...actor,
      action: 'operator.suspend',
      subjectType: 'user',
      subjectId: row.id,
      reason,
      detail: { email: row.email, user_type: row.userType, admin: row.admin },
    });
    return { operator: suspended! };
  });
  // Also when already suspended: announcing again heals an announcement that failed (503, try again).
  await revokeSessions(ctx, operatorId, 'suspended');
  if ('already' in outcome) throw IdentityErrors.alreadySuspended();
  return outcome.operator;
}
