import type { Executor } from '@brigade/kit';
import { findOperator } from '../db/accounts.repository';
import { IdentityErrors } from '../domain/errors';
import { COMMAND_LINE_OPERATOR_ID, type OperatorManager } from '../domain/operators';

/** Who acted, as the audit log names them. */
export interface AuditedActor {
  operatorId: string;
  operatorEmail: string;
}

/**
 * The manager of operators, checked against the database (never the token): a signed-in operator must still
 * be an admin who can act (403 IDENTITY.ADMIN_ONLY otherwise), so an admin who lost the right loses it at once.
 * `npm run operator` acts as the platform itself.
 */
export async function checkManager(db: Executor, manager: OperatorManager): Promise<AuditedActor> {
  if (manager.kind === 'command')
    return { operatorId: COMMAND_LINE_OPERATOR_ID, operatorEmail: manager.label };
  const by = await findOperator(db, manager.id);
  if (!by || by.suspendedAt) throw IdentityErrors.operatorGone();
  if (!by.admin) throw IdentityErrors.adminOnly();
  return { operatorId: by.id, operatorEmail: by.email };
}
