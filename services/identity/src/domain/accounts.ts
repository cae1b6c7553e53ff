import type { UserRow } from '../db/schema';

export type MemberRow = UserRow & { userType: 'chef' | 'restaurant' };

/** A chef or a restaurant (the marketplace's members), not one of the platform's operators. */
export function isMemberRow(row: UserRow): row is MemberRow {
  return row.userType === 'chef' || row.userType === 'restaurant';
}
