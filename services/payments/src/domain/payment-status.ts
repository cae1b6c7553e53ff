/**
 * The payment lifecycle of one job, as data: the states the jobs service shows in `payment_status` and the
 * moves allowed between them. Code, tests and the README read this table.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'held_in_escrow',
  'failed',
  'completed',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['held_in_escrow', 'failed'],
  failed: ['held_in_escrow', 'failed'],
  held_in_escrow: ['completed', 'refunded', 'disputed'],
  disputed: ['completed', 'refunded'],
  completed: [],
  refunded: [],
};

/** Closed jobs are the ones the ledger invariant applies to. */
export const CLOSED_STATUSES: readonly PaymentStatus[] = ['completed', 'refunded'];
/** The money is in escrow: charged, nothing paid out or refunded yet. */
export const HELD_STATUSES: readonly PaymentStatus[] = ['held_in_escrow', 'disputed'];
/** A restaurant may (re)start paying only in these states. */
export const PAYABLE_STATUSES: readonly PaymentStatus[] = ['pending', 'failed'];
/** Money is on the platform balance for the job. */
export const PAID_STATUSES: readonly PaymentStatus[] = [
  'held_in_escrow',
  'completed',
  'refunded',
  'disputed',
];

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}
