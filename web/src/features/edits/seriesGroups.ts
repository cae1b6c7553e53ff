import type { JobPosting } from '../jobs';
import { WEEKDAYS, type Series, type Weekday } from './editsApi';

/** A row of My Shifts: one job alone, or the jobs of one series under its heading (in the list's order). */
export type ShiftGroup =
  { kind: 'job'; job: JobPosting } | { kind: 'series'; seriesId: string; jobs: JobPosting[] };

/** Groups jobs of the same `series_id` where the first of them stands in the list; other jobs stay alone. */
export function groupBySeries(jobs: readonly JobPosting[]): ShiftGroup[] {
  const groups: ShiftGroup[] = [];
  const bySeries = new Map<string, JobPosting[]>();
  for (const job of jobs) {
    const id = job.series_id ?? null;
    if (!id) {
      groups.push({ kind: 'job', job });
      continue;
    }
    const list = bySeries.get(id);
    if (list) list.push(job);
    else {
      const fresh = [job];
      bySeries.set(id, fresh);
      groups.push({ kind: 'series', seriesId: id, jobs: fresh });
    }
  }
  return groups;
}

// 2024-01-01 was a Monday: WEEKDAYS[i] falls on 2024-01-0(1+i).
const weekdayDate = (day: Weekday) => new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));

/** "Every Fri until Feb 26" / "Cada vie hasta el 26 feb" (the words around come from the locale). */
export function seriesParts(
  weekdays: readonly Weekday[],
  until: string,
  language: string,
): { days: string; until: string } {
  const dayName = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const untilName = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const ordered = WEEKDAYS.filter((d) => weekdays.includes(d));
  return {
    days: ordered.map((d) => dayName.format(weekdayDate(d))).join(', '),
    until: untilName.format(new Date(`${until}T12:00:00Z`)),
  };
}

/** A series' weekdays and last date as its jobs show them, for a heading before the series itself is read. */
export function seriesShapeOfJobs(jobs: readonly JobPosting[]): Pick<Series, 'weekdays' | 'until'> {
  const local = (iso: string) => new Date(iso);
  const days = new Set<Weekday>(jobs.map((j) => WEEKDAYS[(local(j.start_time).getDay() + 6) % 7]));
  const last =
    jobs
      .map((j) => j.start_time)
      .sort()
      .at(-1) ?? new Date().toISOString();
  const d = local(last);
  const until = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { weekdays: WEEKDAYS.filter((w) => days.has(w)), until };
}
