import type { Policy } from './policy';
import { keptDateFormat, WALL_CLOCK } from './date-formats';

// Issue 38's money rules as data: tips, the instant payout's fee and when it is free, ISO weeks for restaurants'
// statements and tax years for chefs' statements. Payments moves the money by these; the web app shows the same
// figures from the API's quotes.

// ---------- tips ----------

/** Why a tip cannot be given now (the code the API answers; the web app shows its text). */
export const TIP_REFUSALS = {
  not_worked: 'PAYMENTS.TIP_NOT_WORKED',
  window_closed: 'PAYMENTS.TIP_WINDOW_CLOSED',
  already_given: 'PAYMENTS.TIP_ALREADY_GIVEN',
} as const;
export type TipRefusal = keyof typeof TIP_REFUSALS;

/** A tip is at most 100% of the chef's pay for the shift (the pay the seat moved: scheduled or by timesheet). */
export function tipMaxCents(chefPayCents: number): number {
  return Math.max(0, Math.trunc(chefPayCents));
}

/** The last moment a shift may be tipped: `TIP_WINDOW` after its end. */
export function tipWindowEndsAt(policy: Pick<Policy, 'tipWindowMs'>, shiftEnd: Date | string): Date {
  return new Date(new Date(shiftEnd).getTime() + policy.tipWindowMs);
}

/**
 * Whether the restaurant may tip a seat now: the shift was worked (the chef's pay was released, settled by the
 * timesheet or decided in the chef's favour: `chef_pay_cents` > 0), within the window, and not tipped before.
 */
export function tipRefusal(
  policy: Pick<Policy, 'tipWindowMs'>,
  seat: { chef_pay_cents: number; worked: boolean; shift_end: Date | string; tipped: boolean },
  now: Date,
): TipRefusal | null {
  if (!seat.worked || seat.chef_pay_cents <= 0) return 'not_worked';
  if (seat.tipped) return 'already_given';
  if (now.getTime() > tipWindowEndsAt(policy, seat.shift_end).getTime()) return 'window_closed';
  return null;
}

// ---------- instant payout ----------

/** Why an instant payout is free: the chef's record qualifies (`INSTANT_PAYOUT_FREE_MIN_SHIFTS`, no no-show). */
export const INSTANT_PAYOUT_FREE_REASONS = ['reliable_record'] as const;
export type InstantPayoutFreeReason = (typeof INSTANT_PAYOUT_FREE_REASONS)[number];

/** A chef's record as the free rule reads it: shifts worked and paid (not cancellation pay), no-shows in 90 days. */
export interface PayoutRecord {
  completed_shifts: number;
  no_shows_90_days: number;
}

/** What the free rule still needs (empty: free). */
export function instantPayoutFreeMissing(
  policy: Pick<Policy, 'instantPayoutFreeMinShifts'>,
  record: PayoutRecord,
): Array<'min_shifts' | 'no_show'> {
  const missing: Array<'min_shifts' | 'no_show'> = [];
  if (record.completed_shifts < policy.instantPayoutFreeMinShifts) missing.push('min_shifts');
  if (record.no_shows_90_days > 0) missing.push('no_show');
  return missing;
}

/** Basis points of an amount, half up to the cent (150 bps of 1,033 cents is 15.495 -> 15). */
export function bpsHalfUp(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

/**
 * The instant payout's money: the fee (INSTANT_PAYOUT_FEE_BPS of the amount, at least 50 cents, half up; 0 when
 * the record qualifies) and what reaches the debit card (`net_cents` = amount - fee). `net_cents` <= 0 means the
 * amount does not cover the fee.
 */
export function instantPayoutMoney(
  policy: Pick<Policy, 'instantPayoutFeeBps' | 'instantPayoutMinFeeCents' | 'instantPayoutFreeMinShifts'>,
  amountCents: number,
  record: PayoutRecord,
): { fee_cents: number; net_cents: number; free_because: InstantPayoutFreeReason | null } {
  const free = instantPayoutFreeMissing(policy, record).length === 0;
  const fee = free
    ? 0
    : Math.max(policy.instantPayoutMinFeeCents, bpsHalfUp(amountCents, policy.instantPayoutFeeBps));
  return { fee_cents: fee, net_cents: amountCents - fee, free_because: free ? 'reliable_record' : null };
}

// ---------- weeks (restaurants' statements) and years (chefs' tax statements) ----------

/** `2026-W48`: an ISO week, year and week number; null when the text is not one or the week does not exist. */
export function parseIsoWeek(text: string): { year: number; week: number } | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const week = Number(m[2]);
  if (year < 2000 || year > 2100 || week < 1 || week > isoWeeksInYear(year)) return null;
  return { year, week };
}

/** 52 or 53: a year has 53 ISO weeks when it starts on a Thursday, or is a leap year starting on a Wednesday. */
export function isoWeeksInYear(year: number): number {
  const dec28 = new Date(Date.UTC(year, 11, 28));
  return isoWeekOfDate(dec28).week;
}

/** The ISO week of a calendar date (read as a UTC date: pass the local date's midnight in UTC). */
export function isoWeekOfDate(date: Date): { year: number; week: number } {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week };
}

export const formatIsoWeek = (w: { year: number; week: number }) =>
  `${w.year}-W${String(w.week).padStart(2, '0')}`;

/** The offset of a time zone from UTC at an instant, in ms (America/Chicago in winter: -6h). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = keptDateFormat('en-US', timeZone, WALL_CLOCK).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a local calendar day starts (00:00) in a time zone (DST included). */
export function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

/** An ISO week as instants in a time zone: Monday 00:00 local to the next Monday 00:00 local. */
export function isoWeekRange(
  w: { year: number; week: number },
  timeZone: string,
): { starts_at: Date; ends_at: Date } {
  const jan4 = new Date(Date.UTC(w.year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * 86_400_000);
  monday.setUTCDate(monday.getUTCDate() + (w.week - 1) * 7);
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return {
    starts_at: localMidnight(
      monday.getUTCFullYear(),
      monday.getUTCMonth() + 1,
      monday.getUTCDate(),
      timeZone,
    ),
    ends_at: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** The ISO week an instant falls in, in a time zone. */
export function isoWeekAt(instant: Date, timeZone: string): { year: number; week: number } {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return isoWeekOfDate(local);
}

/** A calendar year as instants in a time zone: Jan 1 00:00 local to the next Jan 1 00:00 local. */
export function yearRange(year: number, timeZone: string): { starts_at: Date; ends_at: Date } {
  return { starts_at: localMidnight(year, 1, 1, timeZone), ends_at: localMidnight(year + 1, 1, 1, timeZone) };
}
