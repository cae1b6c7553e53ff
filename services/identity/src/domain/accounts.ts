import type { UserRecord } from './records';

/** A chef or a restaurant (the marketplace's members), not one of the platform's operators. */
export function isMemberRow<R extends Pick<UserRecord, 'userType'>>(
  row: R,
): row is R & { userType: 'chef' | 'restaurant' } {
  return row.userType === 'chef' || row.userType === 'restaurant';
}

/** The columns that lift a suspension (a member's or an operator's). */
export const SUSPENSION_LIFTED = { suspendedAt: null, suspensionReason: null, suspendedBy: null } as const;

/** What the audit keeps of a suspension being lifted: whose, since when, and why it was made. */
export function liftedSuspensionDetail(
  row: Pick<UserRecord, 'email' | 'userType' | 'suspensionReason'>,
  suspendedAt: Date,
) {
  return {
    email: row.email,
    user_type: row.userType,
    suspended_at: suspendedAt.toISOString(),
    suspension_reason: row.suspensionReason,
  };
}
