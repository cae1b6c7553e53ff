import { loadPolicy, seriesDates, seriesLastDate } from '@brigade/contracts';
import { toLocalInput } from '../jobs';
import type { Weekday } from './editsApi';

/** The policy's defaults for series and repeats (SERIES_MAX_WEEKS 12, SERIES_CHARGE_LEAD 7d), as the server's. */
export const SERIES_POLICY = (() => {
  const policy = loadPolicy({});
  return { seriesMaxWeeks: policy.seriesMaxWeeks, seriesChargeLeadMs: policy.seriesChargeLeadMs };
})();

/** Today's calendar date in the browser's time ("YYYY-MM-DD"). */
export function todayDate(now = new Date()): string {
  return toLocalInput(now).slice(0, 10);
}

/** The last date a series or a repeat may reach from today (SERIES_MAX_WEEKS ahead). */
export function lastSeriesDate(now = new Date()): string {
  return seriesLastDate(SERIES_POLICY, todayDate(now));
}

/** The start of a copy of a shift on `date`: the date at the shift's time of day (the browser's time). */
export function startOn(date: string, start: string | Date): Date {
  const time = toLocalInput(new Date(start)).slice(11);
  return new Date(`${date}T${time}`);
}

/** Whether a shift starting at `start` is charged at once (within SERIES_CHARGE_LEAD) rather than later. */
export function chargedNow(start: Date, now = Date.now()): boolean {
  return start.getTime() - now <= SERIES_POLICY.seriesChargeLeadMs;
}

/** A weekly series' whole total before paying: its dates (contracts' `seriesDates`) × one posting's total. */
export function seriesTotal(
  weekdays: readonly Weekday[],
  from: string,
  until: string,
  postingTotalCents: number,
): { count: number; dates: string[]; totalCents: number } {
  const dates = weekdays.length && from && until && from <= until ? seriesDates(weekdays, from, until) : [];
  return { count: dates.length, dates, totalCents: dates.length * postingTotalCents };
}
