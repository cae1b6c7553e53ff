// Payment-setup status rules (spec section 4, "Payment status messages") and the grouping of requirements.
import { REQUIREMENTS_PER_GROUP } from '../../shared/constants';
import type { AccountStatus as AccountStatusResponse } from './paymentsApi';

/** The part of the connected account's status the rules read. */
export type AccountStatus = Pick<
  AccountStatusResponse,
  'account_id' | 'charges_enabled' | 'payouts_enabled' | 'requirements'
>;

export type StatusKind = 'none' | 'success' | 'partial' | 'warning' | 'pending';

/** The status to show; `none` when there is no account yet (or the status could not be read). */
export function paymentStatusKind(
  userType: 'chef' | 'restaurant',
  status: AccountStatus | null | undefined,
): StatusKind {
  if (!status || !status.account_id) return 'none';
  const due = status.requirements?.currently_due ?? [];
  if (userType === 'chef') {
    // payouts work but the account cannot be charged back for refunds yet (charges not enabled): partial
    if (status.payouts_enabled) return status.charges_enabled ? 'success' : 'partial';
    if (due.length > 0) return 'warning';
    return 'pending';
  }
  if (status.charges_enabled && status.payouts_enabled) return 'success';
  if (status.charges_enabled) return 'partial';
  if (due.length > 0) return 'warning';
  return 'pending';
}

/** Continue setup is offered only when the status is neither success nor pending. */
export function canContinueSetup(kind: StatusKind): boolean {
  return kind !== 'success' && kind !== 'pending';
}

/** Dashboards: a restaurant whose status cannot be read counts as set up. */
export function dashboardSetUp(
  userType: 'chef' | 'restaurant',
  status: AccountStatus | null | undefined,
  failed: boolean,
): boolean {
  if (failed && userType === 'restaurant') return true;
  const kind = paymentStatusKind(userType, status);
  // partial: a chef's payouts, a restaurant's charges already work
  return kind === 'success' || kind === 'partial';
}

export const REQUIREMENT_GROUPS = ['identity', 'address', 'banking', 'tax', 'legal', 'other'] as const;
export type RequirementGroup = (typeof REQUIREMENT_GROUPS)[number];

/** Which group a requirement key belongs to, by what the key contains. */
export function requirementGroup(key: string): RequirementGroup {
  const k = key.toLowerCase();
  if (k.includes('tos_acceptance') || k.includes('agreement')) return 'legal';
  if (k.includes('external_account') || k.includes('bank')) return 'banking';
  if (k.includes('tax_id') || k.includes('ssn') || k.includes('tax')) return 'tax';
  if (k.includes('address')) return 'address';
  if (
    k.includes('verification') ||
    k.includes('dob') ||
    k.includes('first_name') ||
    k.includes('last_name') ||
    k.includes('id_number') ||
    k.includes('email') ||
    k.includes('phone') ||
    k.startsWith('individual') ||
    k.startsWith('representative') ||
    k.startsWith('person')
  )
    return 'identity';
  return 'other';
}

export interface GroupedRequirements {
  group: RequirementGroup;
  shown: string[];
  more: number;
}

/** Outstanding requirements grouped identity/address/banking/tax/legal/other, three shown per group. */
export function groupRequirements(keys: readonly string[]): GroupedRequirements[] {
  return REQUIREMENT_GROUPS.map((group) => {
    const all = keys.filter((k) => requirementGroup(k) === group);
    return {
      group,
      shown: all.slice(0, REQUIREMENTS_PER_GROUP),
      more: Math.max(0, all.length - REQUIREMENTS_PER_GROUP),
    };
  }).filter((g) => g.shown.length > 0);
}

/** A requirement key as a reader sees it: "individual.address.line1" -> "Address line1". */
export function requirementLabel(key: string): string {
  const last = key
    .split('.')
    .slice(-2)
    .filter((p) => p !== 'individual' && p !== 'company');
  const text = last.join(' ').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
