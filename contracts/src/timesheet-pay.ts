import { computeJobPay, type JobPay } from './money';
import type { Policy } from './policy';
import { platformFee, type ShiftTimes } from './policy-rules';

/**
 * The money of a timesheet (issue 34, ADR 0028), as pure functions over integer cents: what the hours worked
 * come to, what the restaurant's card is charged or refunded against what it already paid, and how each path
 * (approved, adjusted, auto-approved, sent home, no-show, decided by an operator) ends in the ledger identity
 * `charged = chef pay + fee + refunded`. Jobs shows these figures, payments recomputes them from its own records
 * before anything moves, and the web app previews them before a restaurant acts.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const time = (t: Date | string) => new Date(t).getTime();

/** A shift as a timesheet reads it: its scheduled times, its rate and the posting's expected unpaid break. */
export interface TimesheetShift extends ShiftTimes {
  hourly_rate_cents: number;
  /** The unpaid break the posting expects (0-120 minutes): the escrow charge leaves it out. */
  break_minutes: number;
}

/** The scheduled length in whole minutes (end minus start, rounded as computeJobPay rounds it). */
export function scheduledMinutes(shift: ShiftTimes): number {
  return Math.round((time(shift.end_time) - time(shift.start_time)) / MINUTE);
}

/** Minutes at an hourly rate, in cents: minutes x rate / 60 rounded to the cent, the formula of computeJobPay. */
export function payForMinutes(minutes: number, hourlyRateCents: number): number {
  return Math.round((minutes * hourlyRateCents) / 60);
}

/**
 * What the escrow charges for a posting with a break: the scheduled time less the break, at the rate, plus the
 * 7% fee (computeJobPay on a shift shortened by the break; with no break, exactly today's charge).
 */
export function escrowCharge(shift: TimesheetShift): JobPay {
  const end = time(shift.end_time) - Math.max(0, Math.floor(shift.break_minutes)) * MINUTE;
  return computeJobPay(shift.start_time, new Date(end), shift.hourly_rate_cents / 100);
}

/** The latest clock-out that is paid: the scheduled end plus MAX_EXTRA_HOURS. */
export function paidUntil(policy: Pick<Policy, 'maxExtraHours'>, shift: ShiftTimes): Date {
  return new Date(time(shift.end_time) + Math.round(policy.maxExtraHours * HOUR));
}

/** The clock times a timesheet's hours are counted from. */
export interface ClockTimes {
  clock_in_at: Date | string;
  clock_out_at: Date | string;
  break_minutes: number;
  /**
   * The restaurant set `clock_in_at` in an adjustment (or an operator decided it): it counts as given, even
   * before the scheduled start. A chef's own early clock-in does not (an earlier start is paid only when the
   * restaurant adjusts it in). The adjustment form is prefilled with the time counted, so leaving it alone
   * pays nothing more.
   */
  clock_in_set_by_restaurant?: boolean;
}

/**
 * The worked minutes of a timesheet: from the later of the clock-in and the scheduled start (or the clock-in the
 * restaurant set), to the clock-out capped at the scheduled end + MAX_EXTRA_HOURS, less the break, in whole
 * minutes rounded down; never negative. The minutes are the clock's: both times are read to the minute, as both
 * sides see them (in at 11:00:00.014, out at 15:00:00 is 4 hours, not 3 h 59), so no one loses a minute to
 * milliseconds they cannot see.
 */
export function workedMinutes(
  policy: Pick<Policy, 'maxExtraHours'>,
  shift: ShiftTimes,
  times: ClockTimes,
): number {
  const clockIn = time(times.clock_in_at);
  const from = times.clock_in_set_by_restaurant ? clockIn : Math.max(clockIn, time(shift.start_time));
  const to = Math.min(time(times.clock_out_at), paidUntil(policy, shift).getTime());
  const span = Math.floor(to / MINUTE) - Math.floor(from / MINUTE);
  return Math.max(0, span - Math.max(0, Math.floor(times.break_minutes)));
}

/** The chef's pay for the worked minutes: worked x rate / 60, in cents. */
export function workedPay(shift: Pick<TimesheetShift, 'hourly_rate_cents'>, minutes: number): number {
  return payForMinutes(minutes, shift.hourly_rate_cents);
}

/**
 * The pay of a chef the restaurant sent home (within SENT_HOME_WINDOW of the clock-in): max(worked pay,
 * SENT_HOME_PAY_HOURS x rate), never more than the shift pay (the escrow's, the break left out).
 */
export function sentHomeChefPay(
  policy: Pick<Policy, 'sentHomePayHours'>,
  shift: TimesheetShift,
  minutesWorked: number,
): number {
  const floor = Math.round(policy.sentHomePayHours * shift.hourly_rate_cents);
  return Math.min(escrowCharge(shift).subtotalCents, Math.max(workedPay(shift, minutesWorked), floor));
}

/**
 * What an operator may decide on an hours dispute: worked minutes from 0 to the scheduled minutes +
 * MAX_EXTRA_HOURS (the break may be decided away), or the chef's pay those minutes come to at most.
 */
export function hoursDecisionBounds(
  policy: Pick<Policy, 'maxExtraHours'>,
  shift: TimesheetShift,
): { min_worked_minutes: 0; max_worked_minutes: number; max_chef_pay_cents: number } {
  const max = scheduledMinutes(shift) + Math.floor(policy.maxExtraHours * 60);
  return { min_worked_minutes: 0, max_worked_minutes: max, max_chef_pay_cents: workedPay(shift, max) };
}

/** What the restaurant's card has paid for this seat so far, split as it was charged. */
export interface Collected {
  /** the chef's part of what was charged (the escrow's subtotal, plus any extra's chef part collected) */
  subtotal_cents: number;
  /** the platform's part (the booking fee charged on it) */
  fee_cents: number;
}

/** The `pay` block of a timesheet, as the API answers it (issue 34's table). */
export interface TimesheetPay {
  /** what the chef is paid in the end */
  chef_pay_cents: number;
  /** what the platform keeps */
  fee_cents: number;
  /** what the restaurant pays in the end: chef pay + fee = charged + extra charge - refund */
  total_cents: number;
  /** what has been collected for this seat so far */
  charged_cents: number;
  /** charged off-session to the restaurant's saved card (0, or at least the card minimum) */
  extra_charge_cents: number;
  /** refunded to the restaurant's card (0, or at least the card minimum) */
  refund_cents: number;
}

/** A difference under the card minimum that is not moved (the timesheet says "under the minimum charge"). */
export interface UnderMinimum {
  /** an extra not charged (the platform's fee absorbs it) or a refund not made (the fee keeps it) */
  kind: 'extra' | 'refund';
  cents: number;
}

/** The money of a timesheet: the pay block, and what moves when. */
export interface TimesheetMoney {
  pay: TimesheetPay;
  under_minimum: UnderMinimum | null;
  /** moved at once (approval, sent home, a decision): transferred to the chef, kept, refunded; sums to charged */
  now: { chef_cents: number; fee_cents: number; refund_cents: number };
  /**
   * moved once the extra charge is collected (null when there is none): the chef's extra pay is transferred
   * only then, so no chef money goes out that was not collected. A charge never collected leaves `now` as the
   * whole ledger: charged = chef + fee + refunded still holds.
   */
  on_collection: { charge_cents: number; chef_cents: number; fee_cents: number } | null;
}

const isCents = (n: number) => Number.isInteger(n) && n >= 0;

/**
 * The money a timesheet's chef pay comes to, against what the restaurant paid so far. Let P be the chef's pay,
 * F = 7% of it, C what was charged, D = P + F - C:
 * - D = 0: nothing more moves; the chef is paid P, the platform keeps F;
 * - D >= the card minimum: D is charged off-session. The chef is paid at once the part of P the charge already
 *   covers, the platform its part of the fee; the rest of both moves only when D is collected;
 * - -D >= the card minimum: -D is refunded (a partial refund); the chef is paid P, the platform keeps F;
 * - 0 < |D| < the card minimum (50 cents): nothing is charged or refunded. The restaurant's total stays C, the
 *   chef is still paid P (the chef's pay never depends on a rounding of the card's), and the platform's fee is
 *   what is left, C - P: up to 49 cents less than 7% (an extra not charged) or more (a refund not made). Only
 *   when C < P (a pay under about $7, where the fee cannot absorb the difference) is the chef paid C.
 * The pay shown is always what moves: total = chef pay + fee = charged + extra charge - refund.
 */
export function timesheetMoney(
  policy: Pick<Policy, 'feeBps' | 'cardMinimumCents'>,
  chefPayCents: number,
  collected: Collected,
): TimesheetMoney {
  if (!isCents(chefPayCents) || !isCents(collected.subtotal_cents) || !isCents(collected.fee_cents))
    throw new RangeError('timesheetMoney takes whole, non-negative cents');
  const P = chefPayCents;
  const F = platformFee(policy, P);
  const C = collected.subtotal_cents + collected.fee_cents;
  const D = P + F - C;
  const block = (chef: number, fee: number, extra: number, refund: number): TimesheetPay => ({
    chef_pay_cents: chef,
    fee_cents: fee,
    total_cents: chef + fee,
    charged_cents: C,
    extra_charge_cents: extra,
    refund_cents: refund,
  });

  if (D >= policy.cardMinimumCents) {
    // What the charge already covers moves now: the chef's part up to what was collected for the chef, the fee's
    // part the rest of it (never more than F, so the extra's chef part is never negative).
    const feeNow = Math.min(F, C - Math.min(P, collected.subtotal_cents));
    const chefNow = C - feeNow;
    return {
      pay: block(P, F, D, 0),
      under_minimum: null,
      now: { chef_cents: chefNow, fee_cents: feeNow, refund_cents: 0 },
      on_collection: { charge_cents: D, chef_cents: P - chefNow, fee_cents: F - feeNow },
    };
  }
  if (-D >= policy.cardMinimumCents)
    return {
      pay: block(P, F, 0, -D),
      under_minimum: null,
      now: { chef_cents: P, fee_cents: F, refund_cents: -D },
      on_collection: null,
    };
  // |D| under the card minimum (or 0): nothing moves on the card; the fee takes up the difference.
  const chef = Math.min(P, C);
  return {
    pay: block(chef, C - chef, 0, 0),
    under_minimum: D === 0 ? null : { kind: D > 0 ? 'extra' : 'refund', cents: Math.abs(D) },
    now: { chef_cents: chef, fee_cents: C - chef, refund_cents: 0 },
    on_collection: null,
  };
}

/** The money of a seat's escrow as charged: its subtotal and fee (what `Collected` is before any extra). */
export function collectedByEscrow(shift: TimesheetShift): Collected {
  const escrow = escrowCharge(shift);
  return { subtotal_cents: escrow.subtotalCents, fee_cents: escrow.feeCents };
}
