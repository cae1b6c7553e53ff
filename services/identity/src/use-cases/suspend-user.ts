import { appendEvent, isUuid, recordAudit, type OperatorUser, inTransaction } from '@brigade/kit';
import { findUser, lockUser, updateUser } from '../db/users.repository';
import { findOperator, profileNames } from '../db/accounts.repository';
import { isMemberRow } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import { toOpsUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { revokeSessions } from './revoke-sessions';
import { suspendOperator } from './suspend-operator';

/**
 * An operator suspends a chef or restaurant (an admin may suspend an operator: `suspendOperator`): the suspension, `identity.user.suspended.v1` (jobs withdraws
 * their applications and cancels their shifts) and the audit entry commit together; then every session of
 * theirs ends and is announced, so their access tokens are refused within seconds everywhere. Sign-in and
 * refresh answer 403 IDENTITY.SUSPENDED until they are reinstated.
 */
export async function suspendUser(
  ctx: IdentityContext,
  operator: OperatorUser,
  userId: string,
  reason: string,
) {
  if (!isUuid(userId)) throw IdentityErrors.userNotFound();
  // An operator (issue 33): admins only, with their own rules and no event.
  if ((await findUser(ctx.database.db, userId))?.userType === 'operator') {
    const suspended = await suspendOperator(ctx, { kind: 'operator', id: operator.id }, userId, reason);
    return { user: toOpsUser(suspended, null) };
  }
  const outcome = await inTransaction(ctx, async (tx) => {
    const row = await lockUser(tx, userId, 'update');
    if (!row) throw IdentityErrors.userNotFound();
    if (!isMemberRow(row)) throw IdentityErrors.userNotFound();
    if (row.suspendedAt) return { already: true as const };
    const by = await findOperator(tx, operator.id);
    if (!by) throw IdentityErrors.operatorGone();
    const now = new Date();
    const suspended = await updateUser(tx, userId, {
      suspendedAt: now,
      suspensionReason: reason,
      suspendedBy: by.id,
      updatedAt: now,
    });
    await appendEvent(ctx.database, tx, 'identity.user.suspended.v1', {
      user_id: row.id,
      user_type: row.userType,
      reason,
      operator_id: by.id,
      suspended_at: now.toISOString(),
    });
    await recordAudit(ctx.database, tx, {
      operatorId: by.id,
      operatorEmail: by.email,
      action: 'user.suspend',
      subjectType: 'user',
      subjectId: row.id,
      reason,
      detail: { email: row.email, user_type: row.userType },
    });
    return { user: suspended! };
  });
  // Also when already suspended: announcing the ended sessions again heals an announcement that failed the
  // first time (the operator sees 503 then, and tries again).
  await revokeSessions(ctx, userId, 'suspended');
  if ('already' in outcome) throw IdentityErrors.alreadySuspended();
  const names = await profileNames(ctx.database.db, [userId]);
  return { user: toOpsUser(outcome.user, names.get(userId) ?? null) };
}
