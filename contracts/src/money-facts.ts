// What a shift's money did, as data (the texts for each outcome are in money-texts.ts).
/** Why a job's escrow moved: the reasons of payments' decisions (and of its refunded/settled/released events). */
export const MONEY_REASONS = [
  'release',
  'work_not_completed',
  'job_cancelled',
  'job_expired',
  'late_cancellation',
  'dispute_decision',
  // issue 34: the timesheet decided the money (approved hours), the chef was sent home, a no-show stood
  'timesheet',
  'sent_home',
  'no_show',
] as const;
export type MoneyReason = (typeof MONEY_REASONS)[number];

/**
 * The outcomes: `held` (in escrow, nothing decided: before the shift, or waiting for checkouts), `under_review`
 * (the checkouts disagree: held until an operator decides), then the decided ones: `paid_in_full`, `refunded`,
 * `late_cancellation_pay`, `split_by_decision`, `expired` (nobody confirmed: refunded), and from the time clock
 * (issue 34) `paid_for_hours` (fewer hours than scheduled: the rest back to the card) and `sent_home_pay`.
 */
export const MONEY_OUTCOMES = [
  'held',
  'under_review',
  'paid_in_full',
  'refunded',
  'late_cancellation_pay',
  'split_by_decision',
  'expired',
  'paid_for_hours',
  'sent_home_pay',
] as const;
export type MoneyOutcomeKind = (typeof MONEY_OUTCOMES)[number];

/**
 * Where the money stands: `held` in escrow (no decision), `moving` (decided, the ledger does not have every
 * movement yet: on its way), `done` (the ledger has every movement: paid, refunded).
 */
export const MONEY_STATES = ['held', 'moving', 'done'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** A job's money as its two sides read it: the outcome, why, where it stands, and its figures (cents). */
export interface MoneyFacts {
  outcome: MoneyOutcomeKind;
  /** The decision's reason; null while nothing is decided (held, under review). */
  reason: MoneyReason | null;
  state: MoneyState;
  /** The shift pay (hours x rate): what the chef gets in full. */
  shift_pay_cents: number;
  /** What the restaurant's card was charged (shift pay + booking fee). */
  total_cents: number;
  /** To the chef: decided (or paid); the shift pay while held. */
  chef_pay_cents: number;
  /** Kept by Brigade: 7% of the chef pay; the booking fee while held. */
  fee_cents: number;
  /** Back to the restaurant's card (0 while held). */
  refund_cents: number;
}

/**
 * The outcome of a job's money: nothing decided -> held (under review when the checkouts disagree); else by the
 * decision's reason and figures. An operator's decision is a full payout (the whole shift pay), a refund
 * (nothing to the chef) or a split.
 */
export function moneyOutcomeOf(
  reason: MoneyReason | null,
  figures: { chef_pay_cents: number; refund_cents: number },
  disputed = false,
): MoneyOutcomeKind {
  if (reason === null) return disputed ? 'under_review' : 'held';
  switch (reason) {
    case 'release':
      return 'paid_in_full';
    case 'work_not_completed':
    case 'job_cancelled':
      return 'refunded';
    case 'job_expired':
      return 'expired';
    case 'late_cancellation':
      return 'late_cancellation_pay';
    case 'dispute_decision':
      if (figures.chef_pay_cents === 0) return 'refunded';
      if (figures.refund_cents === 0) return 'paid_in_full';
      return 'split_by_decision';
    // The escrow's part of a timesheet (an extra charged for a stay past the end is its own charge): the hours
    // paid all of it, part of it (the rest back to the card), or none of it.
    case 'timesheet':
      if (figures.chef_pay_cents === 0) return 'refunded';
      if (figures.refund_cents === 0) return 'paid_in_full';
      return 'paid_for_hours';
    case 'sent_home':
      return figures.refund_cents === 0 ? 'paid_in_full' : 'sent_home_pay';
    case 'no_show':
      return 'refunded';
  }
}

/** The facts of a job's money from its decision (null: nothing decided) and its figures. */
export function moneyFacts(input: {
  reason: MoneyReason | null;
  disputed?: boolean;
  /** Every movement of the decision is in the ledger. */
  done?: boolean;
  shift_pay_cents: number;
  total_cents: number;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
}): MoneyFacts {
  const { reason, disputed = false, done = false, ...figures } = input;
  return {
    outcome: moneyOutcomeOf(reason, figures, disputed),
    reason,
    state: reason === null ? 'held' : done ? 'done' : 'moving',
    ...figures,
  };
}

export type MoneySide = 'chef' | 'restaurant';
