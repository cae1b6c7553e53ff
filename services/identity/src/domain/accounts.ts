import type { UserRecord } from './records';

/** A chef or a restaurant (the marketplace's members), not one of the platform's operators. */
export function isMemberRow<R extends Pick<UserRecord, 'userType'>>(
  row: R,
): row is R & { userType: 'chef' | 'restaurant' } {
  return row.userType === 'chef' || row.userType === 'restaurant';
}
