import { randomBytes } from 'node:crypto';
import { IdentityErrors } from './errors';
import type { OperatorRecord } from './records';

/**
 * Who manages operators (issue 33): a signed-in operator, who must be an admin (the console), or whoever runs
 * `npm run operator` on a machine of the platform, named in the audit log by `label` (their login and host).
 */
export type OperatorManager = { kind: 'operator'; id: string } | { kind: 'command'; label: string };

/** The audit log's operator id for actions taken with `npm run operator` (no account acted). */
export const COMMAND_LINE_OPERATOR_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Whether `manager` may suspend or remove `target`: never oneself, and never the last admin who can still act
 * (`otherActiveAdmins`: the admins other than the target, not suspended, not removed).
 */
export function checkCanCutOff(manager: OperatorManager, target: OperatorRecord, otherActiveAdmins: number) {
  if (manager.kind === 'operator' && manager.id === target.id) throw IdentityErrors.notYourself();
  if (target.admin && otherActiveAdmins === 0) throw IdentityErrors.lastAdmin();
}

/** A one-time password: 16 characters from 96 random bits, shown once, changed at the first sign-in. */
export function newOneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}
