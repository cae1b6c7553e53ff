/**
 * The payment lifecycle of one job, as data: the states the payments service keeps (and the jobs service shows
 * as `payment_status`) and the moves allowed between them. Everything is moved by the system: a card answer,
 * a rule (checkout, cancellation, expiry, checkout deadline) or, later, an operator's decision.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'held_in_escrow',
  'failed',
  'completed',
  'refunded',
  'settled',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRANSITIONS = {
  /** the card was charged: the money is held */
  held: { from: ['pending', 'failed'], to: 'held_in_escrow' },
  /** the card was declined: payable again */
  failed: { from: ['pending', 'failed'], to: 'failed' },
  /** the checkout answers disagree: held until decided */
  dispute: { from: ['held_in_escrow'], to: 'disputed' },
  /** the chef was paid the shift pay, the platform kept the booking fee */
  released: { from: ['held_in_escrow', 'disputed'], to: 'completed' },
  /** the whole charge went back to the restaurant */
  refunded: { from: ['held_in_escrow', 'disputed'], to: 'refunded' },
  /** split: the chef was paid part (a late cancellation, a decision), 7% of it kept, the rest refunded */
  settled: { from: ['held_in_escrow', 'disputed'], to: 'settled' },
} as const satisfies Record<string, { from: readonly PaymentStatus[]; to: PaymentStatus }>;
export type PaymentAction = keyof typeof PAYMENT_TRANSITIONS;

export function nextPaymentStatus(action: PaymentAction, from: PaymentStatus): PaymentStatus | null {
  return (PAYMENT_TRANSITIONS[action].from as readonly PaymentStatus[]).includes(from)
    ? PAYMENT_TRANSITIONS[action].to
    : null;
}

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return Object.values(PAYMENT_TRANSITIONS).some(
    (t) => t.to === to && (t.from as readonly PaymentStatus[]).includes(from),
  );
}

/** Closed: the money has left escrow; the ledger must balance (charged = transferred + fee + refunded). */
export const CLOSED_PAYMENT_STATUSES = [
  'completed',
  'refunded',
  'settled',
] as const satisfies readonly PaymentStatus[];
/** The money is in escrow: charged, nothing paid out or refunded yet. */
export const HELD_PAYMENT_STATUSES = [
  'held_in_escrow',
  'disputed',
] as const satisfies readonly PaymentStatus[];
/** A restaurant may (re)start paying only in these states. */
export const PAYABLE_PAYMENT_STATUSES = ['pending', 'failed'] as const satisfies readonly PaymentStatus[];
