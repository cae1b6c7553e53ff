import { editMoney, type EditMoney, type PostingShape } from './job-edits';
import type { Policy } from './policy';
import { WEEKDAYS, type CityName, type Weekday } from './constants';
import { keptDateFormat, type DateShape } from './date-formats';

/**
 * The fill engine's rules (issue 37) as pure functions and data: who may book a shift at once, when a confirmed
 * chef reconfirms, how long a roster-first window may be, whether a shift falls inside a chef's weekly
 * availability, and what a boost costs. Jobs decides with them, notifications explains them in texts, and the web
 * app shows the same figures before anyone acts.
 */

/** A roster-first window is 0 (none) to 1440 minutes (24 hours). */
export const ROSTER_FIRST_MAX_MINUTES = 1440;

/** The end of a roster-first window that starts when the shift opens to chefs (escrow held); null without one. */
export function rosterFirstUntil(openedAt: Date, minutes: number): Date | null {
  return minutes > 0 ? new Date(openedAt.getTime() + minutes * 60_000) : null;
}

// ---- instant book ----

/** The conditions of "Book now", as `book_now_missing` names them. */
export const BOOK_NOW_CONDITIONS = ['min_shifts', 'no_show', 'late_cancellations', 'rating'] as const;
export type BookNowCondition = (typeof BOOK_NOW_CONDITIONS)[number];
/** At most this many late cancellations in the last 90 days. */
export const INSTANT_BOOK_MAX_LATE_CANCELLATIONS = 1;
/** An average rating at least this (or no rating yet). */
export const INSTANT_BOOK_MIN_RATING = 4.5;

/** What the bar reads of a chef's record. */
export interface BookNowRecord {
  completed_shifts: number;
  /** no-shows in the last 90 days */
  no_shows: number;
  /** late cancellations in the last 90 days */
  late_cancellations: number;
  /** null before any rating */
  average_rating: number | null;
}

/** The conditions of "Book now" the chef does not meet, in BOOK_NOW_CONDITIONS order; [] when they may book. */
export function bookNowMissing(
  policy: Pick<Policy, 'instantBookMinShifts'>,
  record: BookNowRecord,
): BookNowCondition[] {
  const missing: BookNowCondition[] = [];
  if (record.completed_shifts < policy.instantBookMinShifts) missing.push('min_shifts');
  if (record.no_shows > 0) missing.push('no_show');
  if (record.late_cancellations > INSTANT_BOOK_MAX_LATE_CANCELLATIONS) missing.push('late_cancellations');
  if (record.average_rating !== null && record.average_rating < INSTANT_BOOK_MIN_RATING)
    missing.push('rating');
  return missing;
}

// ---- reconfirmation ----

/**
 * When a confirmed chef must reconfirm: asked from RECONFIRM_OPENS before the start, due by RECONFIRM_BY before
 * it. Null when the booking was made after the window opened (a shift booked that close needs none).
 */
export function reconfirmWindow(
  policy: Pick<Policy, 'reconfirmOpensMs' | 'reconfirmByMs'>,
  start: Date | string,
  bookedAt: Date,
): { opens_at: Date; by: Date } | null {
  const startMs = new Date(start).getTime();
  const opens = startMs - policy.reconfirmOpensMs;
  if (bookedAt.getTime() >= opens) return null;
  return { opens_at: new Date(opens), by: new Date(startMs - policy.reconfirmByMs) };
}

// ---- availability ----

/**
 * The time zone of each city Brigade serves (the restaurant's city decides a shift's weekday and hours): the one
 * table jobs, notifications and the web app read (a new city in CITIES must say its zone here).
 */
export const CITY_TIME_ZONES: Record<CityName, string> = {
  Minneapolis: 'America/Chicago',
  Detroit: 'America/Detroit',
};
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The zone of a city, or DEFAULT_TIME_ZONE for one Brigade does not serve (or none). */
export function timeZoneOfCity(city: string | null | undefined): string {
  return (city && CITY_TIME_ZONES[city as CityName]) || DEFAULT_TIME_ZONE;
}

/** One weekday of a chef's availability, as the profile keeps it ("08:00" to "18:00"). */
export interface DayAvailability {
  available: boolean;
  start: string;
  end: string;
}
export type WeeklyAvailability = Partial<Record<Weekday, DayAvailability>>;

/** A weekday and a 24-hour time, for a shift's place in a chef's week. */
const WEEKDAY_CLOCK: DateShape = { weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** The weekday and minutes of the day of an instant in a time zone. */
function localMoment(instant: Date, timeZone: string): { weekday: Weekday; minutes: number } {
  const parts = keptDateFormat('en-US', timeZone, WEEKDAY_CLOCK).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: get('weekday').toLowerCase() as Weekday,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};

/**
 * Whether a chef's weekly availability covers a shift: the shift starts on a day the chef is available and
 * lies within that day's hours (a shift past midnight needs the day's hours to reach 23:59, and the next day's
 * to start at 00:00 and reach its end). Returns the weekday of the start, which alerts name ("available Fridays").
 * A chef with no availability saved counts as available (the spec's defaults apply to every new profile).
 */
export function fitsAvailability(
  availability: WeeklyAvailability | null | undefined,
  start: Date | string,
  end: Date | string,
  timeZone: string = DEFAULT_TIME_ZONE,
): { fits: boolean; weekday: Weekday } {
  const from = localMoment(new Date(start), timeZone);
  const to = localMoment(new Date(end), timeZone);
  if (!availability) return { fits: true, weekday: from.weekday };
  const day = availability[from.weekday];
  if (!day?.available) return { fits: false, weekday: from.weekday };
  const dayStart = minutesOf(day.start);
  const dayEnd = minutesOf(day.end);
  if (from.minutes < dayStart) return { fits: false, weekday: from.weekday };
  if (to.weekday === from.weekday) return { fits: to.minutes <= dayEnd, weekday: from.weekday };
  // Ending at midnight sharp is the end of the start's day, not a minute of the next.
  if (to.minutes === 0) return { fits: dayEnd >= 23 * 60 + 59, weekday: from.weekday };
  // Past midnight: today's hours run to the end of the day and tomorrow's cover the rest.
  const next = availability[WEEKDAYS[(WEEKDAYS.indexOf(from.weekday) + 1) % 7]];
  const fits =
    dayEnd >= 23 * 60 + 59 &&
    !!next?.available &&
    minutesOf(next.start) === 0 &&
    to.minutes <= minutesOf(next.end);
  return { fits, weekday: from.weekday };
}

// ---- alerts ----

/** Why a chef was told about a shift: shown in the text and on the shift ("favorite", "standby", "within 6 mi..."). */
export const ALERT_REASONS = ['favorite', 'standby', 'nearby'] as const;
export type AlertReason = (typeof ALERT_REASONS)[number];

// ---- boosts ----

/** What a boost to `newRateCents` an hour moves: an edit of the rate only (ADR 0031), charged off-session. */
export interface BoostMoney extends EditMoney {
  /** the booking fee inside `charge_cents` */
  fee_charge_cents: number;
}

export function boostMoney(before: PostingShape, newRateCents: number): BoostMoney {
  const money = editMoney(before, { ...before, hourly_rate_cents: newRateCents });
  return {
    ...money,
    fee_charge_cents: Math.max(
      0,
      money.new_seat.fee_cents * before.headcount - money.old_seat.fee_cents * before.headcount,
    ),
  };
}
