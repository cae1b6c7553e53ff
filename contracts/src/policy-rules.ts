// The marketplace's rules as functions of the policy (policy.ts: the settings and their defaults).
import type { Policy } from './policy';

const time = (t: Date | string) => new Date(t).getTime();

/** Round half away from zero to whole cents. */
const cents = (value: number) => Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * 100);

/** The platform's fee on an amount paid to a chef (7%, rounded to cents). */
export function platformFee(policy: Pick<Policy, 'feeBps'>, chefPayCents: number): number {
  return cents((chefPayCents * policy.feeBps) / 10_000);
}

/** From this moment a cancellation of the shift is late. */
export function lateCancelFrom(policy: Pick<Policy, 'lateCancelWindowMs'>, startTime: Date | string): Date {
  return new Date(time(startTime) - policy.lateCancelWindowMs);
}

/** When each side's checkout answer is due: the shift's end plus CHECKOUT_DEADLINE. */
export function checkoutDeadline(policy: Pick<Policy, 'checkoutDeadlineMs'>, endTime: Date | string): Date {
  return new Date(time(endTime) + policy.checkoutDeadlineMs);
}

/**
 * When the two sides of a booked shift may see each other's phone: from CONTACT_WINDOW before the start until
 * the checkout deadline (the end plus CHECKOUT_DEADLINE).
 */
export function contactWindow(
  policy: Pick<Policy, 'contactWindowMs' | 'checkoutDeadlineMs'>,
  startTime: Date | string,
  endTime: Date | string,
): { from: Date; until: Date } {
  return {
    from: new Date(time(startTime) - policy.contactWindowMs),
    until: checkoutDeadline(policy, endTime),
  };
}

/**
 * When a side may check out of a shift: at its scheduled end (issue 32: not at its start, so nobody answers
 * "worked" for a shift still under way).
 */
export function checkoutOpensAt(endTime: Date | string): Date {
  return new Date(time(endTime));
}

/** A shift's times, as a job or a booking carries them. */
export interface ShiftTimes {
  start_time: Date | string;
  end_time: Date | string;
}

/**
 * The time a held shift keeps a chef busy: from SHIFT_GAP before its start to SHIFT_GAP after its end (the
 * travel to it and from it). Another shift clashes with it when the two overlap (`clashesWithBooked`).
 */
export function busyWindow(
  policy: Pick<Policy, 'shiftGapMs'>,
  shift: ShiftTimes,
): { busy_from: string; busy_until: string } {
  return {
    busy_from: new Date(time(shift.start_time) - policy.shiftGapMs).toISOString(),
    busy_until: new Date(time(shift.end_time) + policy.shiftGapMs).toISOString(),
  };
}

/**
 * Whether a shift clashes with a held one's busy window: it starts before the window closes and ends after it
 * opens (a shift ending exactly SHIFT_GAP before the held one starts, or starting exactly SHIFT_GAP after it
 * ends, fits). The one rule of double-booking, read by jobs (refusals, warnings) and the web app (warnings).
 */
export function clashesWithBooked(
  shift: ShiftTimes,
  booked: { busy_from: Date | string; busy_until: Date | string },
): boolean {
  return time(shift.start_time) < time(booked.busy_until) && time(shift.end_time) > time(booked.busy_from);
}

/** Which rule a restaurant's cancellation falls under. */
export type CancellationRule = 'no_chef' | 'early' | 'late' | 'started';

/** What a restaurant's cancellation of a paid shift costs each side, before it is made. */
export interface CancellationQuote {
  rule: CancellationRule;
  /** Late cancellation: counted on the restaurant's reliability record. */
  late: boolean;
  /** Paid to the chef: min(shift pay, CANCELLATION_PAY_HOURS x hourly rate) when late, else 0. */
  chef_pay_cents: number;
  /** Kept by the platform: 7% of what the chef is paid (the booking fee comes back otherwise). */
  fee_cents: number;
  /** Back to the restaurant's card: the rest of what it was charged. */
  refund_cents: number;
}

export interface QuotedShift {
  start_time: Date | string;
  hourly_rate_cents: number;
  subtotal_cents: number;
  total_cents: number;
  /** Whether money is held for it (a shift never paid moves no money). */
  paid: boolean;
  /** Whether a chef is accepted (awaiting confirmation) or confirmed for it. */
  has_chef: boolean;
}

/**
 * The cancellation rules:
 * - no accepted or confirmed chef: full refund of the total, fee included;
 * - a chef, and the start more than LATE_CANCEL_WINDOW away: full refund (the chef is told);
 * - a chef, within the window and before the start: late. The chef is paid min(shift pay, CANCELLATION_PAY_HOURS
 *   x hourly rate), the platform keeps 7% of that, the restaurant gets the rest back;
 * - after the start: not a cancellation (`started`: checkout decides).
 */
export function cancellationQuote(policy: Policy, shift: QuotedShift, now: Date): CancellationQuote {
  const total = shift.paid ? shift.total_cents : 0;
  const none = { late: false, chef_pay_cents: 0, fee_cents: 0, refund_cents: total };
  if (now.getTime() >= time(shift.start_time)) return { rule: 'started', ...none, refund_cents: 0 };
  if (!shift.has_chef) return { rule: 'no_chef', ...none };
  if (now.getTime() < lateCancelFrom(policy, shift.start_time).getTime()) return { rule: 'early', ...none };
  if (!shift.paid) return { rule: 'late', ...none, late: true };
  const chefPay = Math.min(
    shift.subtotal_cents,
    Math.round(policy.cancellationPayHours * shift.hourly_rate_cents),
  );
  const fee = platformFee(policy, chefPay);
  return {
    rule: 'late',
    late: true,
    chef_pay_cents: chefPay,
    fee_cents: fee,
    refund_cents: Math.max(0, total - chefPay - fee),
  };
}

/** A side's checkout answer: worked (true), did not work (false), or no answer yet (null). */
export type CheckoutAnswer = boolean | null;

/** What the escrow does at the end: pay the chef, refund the restaurant, or hold it for a decision. */
export type CheckoutOutcome = 'release' | 'refund' | 'disputed';

/**
 * The checkout rules. Both answered: both worked -> release; both not -> refund; they disagree -> disputed. At
 * the deadline, with answers missing: one side's answer stands; nobody answered on a confirmed shift ->
 * release (the chef confirmed and nobody objected). Before the deadline with an answer missing: null (wait).
 */
export function checkoutOutcome(
  restaurant: CheckoutAnswer,
  chef: CheckoutAnswer,
  deadlinePassed: boolean,
): CheckoutOutcome | null {
  if (restaurant !== null && chef !== null) {
    if (restaurant && chef) return 'release';
    if (!restaurant && !chef) return 'refund';
    return 'disputed';
  }
  if (!deadlinePassed) return null;
  const standing = restaurant ?? chef;
  if (standing === null) return 'release';
  return standing ? 'release' : 'refund';
}

/** The kinds of reliability facts, per side. */
export const CHEF_RELIABILITY = ['completed_shifts', 'late_cancellations', 'no_shows'] as const;
export const RESTAURANT_RELIABILITY = ['completed_shifts', 'late_cancellations', 'disputes_lost'] as const;
export type ReliabilityKind = (typeof CHEF_RELIABILITY)[number] | (typeof RESTAURANT_RELIABILITY)[number];
export const RELIABILITY_KINDS = [
  'completed_shifts',
  'late_cancellations',
  'no_shows',
  'disputes_lost',
] as const satisfies readonly ReliabilityKind[];
