import type { JobPosting, JobsArgs } from './jobsApi';
import { seatPay } from '../../shared/money/figures';

export type ShiftTime = '' | 'morning' | 'afternoon' | 'evening' | 'night';
export const SHIFT_TIMES: Exclude<ShiftTime, ''>[] = ['morning', 'afternoon', 'evening', 'night'];

/** The openings screen's filters: priority, hourly rate, flat rate (the shift's whole pay), date needed, shift time. */
export interface OpeningsFilters {
  priority: '' | 'normal' | 'urgent';
  /** Minimum hourly rate, dollars. */
  minHourly: string;
  /** Minimum pay for the whole shift, dollars. */
  minFlat: string;
  /** YYYY-MM-DD: shifts starting that day. */
  date: string;
  shiftTime: ShiftTime;
}

export const NO_FILTERS: OpeningsFilters = {
  priority: '',
  minHourly: '',
  minFlat: '',
  date: '',
  shiftTime: '',
};

export function hasFilters(f: OpeningsFilters): boolean {
  return activeFilterCount(f) > 0;
}

/** How many filters are on (the Filters button shows it: "Filters (2)"). */
export function activeFilterCount(f: OpeningsFilters): number {
  return Object.values(f).filter((v) => v !== '').length;
}

/** What the server filters (GET /jobs): open shifts, priority, minimum rate, the day. */
export function openingsQuery(f: OpeningsFilters): JobsArgs {
  // shared=1: the list as every chef sees it (no user_applied), which the gateway answers once per list
  // version for all chefs; the screen takes "Applied" from the chef's applications poll.
  const args: JobsArgs = { status: 'open', shared: '1' };
  if (f.priority) args.emergencyLevel = f.priority;
  const min = Number(f.minHourly);
  if (f.minHourly.trim() !== '' && Number.isFinite(min) && min >= 0) args.minRate = min;
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.date)) {
    // The day in the browser's time zone, sent as instants.
    const [y, m, d] = f.date.split('-').map(Number);
    args.startDate = new Date(y, m - 1, d).toISOString();
    args.endDate = new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
  }
  return args;
}

/** Morning 5-12, afternoon 12-17, evening 17-22, night 22-5 (local start hour). */
export function shiftTimeOf(startIso: string): Exclude<ShiftTime, ''> {
  const h = new Date(startIso).getHours();
  if (h >= 5 && h < 12) return 'morning';
  if (h >= 12 && h < 17) return 'afternoon';
  if (h >= 17 && h < 22) return 'evening';
  return 'night';
}

/**
 * Every filter applied in the browser as well (the server already applied its part; applying it again keeps
 * the list right while a new answer is on its way): flat rate and shift time are only known here.
 */
export function filterOpenings(jobs: JobPosting[], f: OpeningsFilters): JobPosting[] {
  const minHourly = f.minHourly.trim() === '' ? null : Number(f.minHourly);
  const minFlat = f.minFlat.trim() === '' ? null : Number(f.minFlat);
  return jobs.filter((job) => {
    if (f.priority && job.emergency_level !== f.priority) return false;
    if (minHourly !== null && Number.isFinite(minHourly) && job.hourly_rate < minHourly) return false;
    if (
      minFlat !== null &&
      Number.isFinite(minFlat) &&
      seatPay(job).subtotalCents < Math.round(minFlat * 100)
    )
      return false;
    if (f.date) {
      const s = new Date(job.start_time);
      const local = `${s.getFullYear()}-${String(s.getMonth() + 1).padStart(2, '0')}-${String(s.getDate()).padStart(2, '0')}`;
      if (local !== f.date) return false;
    }
    if (f.shiftTime && shiftTimeOf(job.start_time) !== f.shiftTime) return false;
    return true;
  });
}
