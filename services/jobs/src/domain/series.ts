import {
  ERROR_CODES,
  jobEditsHttp,
  keptDateFormat,
  WALL_CLOCK,
  type CredentialType,
  type JobPay,
  type Language,
  type Policy,
} from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import { checkedEscrowCharge, shiftTooShort } from './posting';

// Issue 35 (ADR 0031): the pure rules of repeats and series. Dates are the restaurant's own calendar: its city's
// time zone (domain/calendar.ts `timeZoneOf`) turns a date and a time of day into an instant; an end time of day
// before (or at) the start is the next day. Each occurrence is charged SERIES_CHARGE_LEAD before its start.

/** The shape of a series' shift: what every occurrence is posted with. */
export interface SeriesShape {
  title: string;
  /** times of day, "HH:MM" */
  start_time: string;
  end_time: string;
  hourly_rate_cents: number;
  headcount: number;
  break_minutes: number;
  description: string | null;
  required_skills: string[];
  /** Issue 39: what each shift posted from it requires of the chefs who take it */
  required_credentials: CredentialType[];
}

/** The wall clock of an instant in a time zone: "YYYY-MM-DD" and "HH:MM". */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const parts = keptDateFormat('en-US', zone, WALL_CLOCK).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** Today's date in the restaurant's calendar. */
export function todayIn(zone: string, now: Date): string {
  return wallClock(now, zone).date;
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetAt(instant: number, zone: string): number {
  const { date, time } = wallClock(new Date(instant), zone);
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a date and time of day name in a zone. A time the clocks skip (spring forward) is read with the
 * offset before the change (02:30 that night is 03:30 on the new clock); one they pass twice (fall back) is the
 * first.
 */
export function localInstant(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall - offsetAt(wall, zone);
  const again = wall - offsetAt(instant, zone);
  if (again !== instant && offsetAt(again, zone) === wall - again) instant = again;
  return new Date(instant);
}

/** The day after a date. */
export function nextDate(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** An occurrence's start and end: the end time of day at or before the start is the next day. */
export function occurrenceTimes(
  date: string,
  shape: Pick<SeriesShape, 'start_time' | 'end_time'>,
  zone: string,
): { start: Date; end: Date } {
  const start = localInstant(date, shape.start_time, zone);
  const endDate = shape.end_time <= shape.start_time ? nextDate(date) : date;
  return { start, end: localInstant(endDate, shape.end_time, zone) };
}

/** When an occurrence is posted and charged: SERIES_CHARGE_LEAD before its start. */
export function chargeAt(policy: Pick<Policy, 'seriesChargeLeadMs'>, start: Date): Date {
  return new Date(start.getTime() - policy.seriesChargeLeadMs);
}

/** The weekdays of these dates, in the week's order (a repeat's series names them so). */
export function weekdaysOf(dates: string[]): jobEditsHttp.Weekday[] {
  const days = new Set(dates.map((d) => new Date(`${d}T12:00:00Z`).getUTCDay()));
  // WEEKDAYS starts on Monday; getUTCDay() on Sunday (0).
  return jobEditsHttp.WEEKDAYS.filter((_, i) => days.has((i + 1) % 7));
}

/** The refusals of repeats and series (their codes are contracts/src/errors.ts's). */
export const SeriesErrors = {
  badDates: (dates: string[]) =>
    new AppError(
      400,
      'JOBS.BAD_DATES',
      `${ERROR_CODES['JOBS.BAD_DATES']}: ${dates.join(', ')} (each date must be after today, start in the future and be at most the series window ahead)`,
      { dates },
    ),
  seriesTooLong: (maxWeeks: number, lastDate: string) =>
    new AppError(
      400,
      'JOBS.SERIES_TOO_LONG',
      `A series can reach at most ${maxWeeks} weeks ahead: until ${lastDate} at the latest`,
      { max_weeks: maxWeeks, last_date: lastDate },
    ),
  seriesEmpty: () => new AppError(400, 'JOBS.SERIES_EMPTY', ERROR_CODES['JOBS.SERIES_EMPTY']),
  seriesNotFound: () => new AppError(404, 'JOBS.SERIES_NOT_FOUND', ERROR_CODES['JOBS.SERIES_NOT_FOUND']),
  seriesStopped: () => new AppError(409, 'JOBS.SERIES_STOPPED', ERROR_CODES['JOBS.SERIES_STOPPED']),
};

/** An occurrence as it is planned: its date, times and when it is charged. */
export interface PlannedOccurrence {
  date: string;
  start_time: Date;
  end_time: Date;
  charge_at: Date;
}

/** The occurrences of these dates for this shape in the restaurant's zone. */
export function planOccurrences(
  policy: Pick<Policy, 'seriesChargeLeadMs'>,
  dates: string[],
  shape: Pick<SeriesShape, 'start_time' | 'end_time'>,
  zone: string,
): PlannedOccurrence[] {
  return dates.map((date) => {
    const { start, end } = occurrenceTimes(date, shape, zone);
    return { date, start_time: start, end_time: end, charge_at: chargeAt(policy, start) };
  });
}

/**
 * The posting's own rules on a series' shape (issue 34/35): at least MIN_SHIFT_DURATION long, and one seat's
 * charge at least the card minimum; returns one seat's pay. `when` is any occurrence's times (the length of a
 * shift only changes on a night the clocks change).
 */
export function checkSeriesShape(
  policy: Pick<Policy, 'minShiftDurationMs' | 'cardMinimumCents'>,
  shape: Pick<SeriesShape, 'hourly_rate_cents' | 'break_minutes'>,
  when: { start: Date; end: Date },
  language: Language,
): JobPay {
  if (when.end.getTime() - when.start.getTime() < policy.minShiftDurationMs)
    throw shiftTooShort(language, policy.minShiftDurationMs);
  return checkedEscrowCharge(
    policy,
    { ...when, hourlyRateCents: shape.hourly_rate_cents, breakMinutes: shape.break_minutes },
    language,
  );
}
