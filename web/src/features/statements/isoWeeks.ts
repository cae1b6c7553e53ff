import { formatIsoWeek, isoWeeksInYear, parseIsoWeek } from '@brigade/contracts';

/** The ISO week `delta` weeks from `week` (`2026-W01` - 1 is `2025-W52`), or null when `week` is not one. */
export function shiftWeek(week: string, delta: -1 | 1): string | null {
  const w = parseIsoWeek(week);
  if (!w) return null;
  let { year, week: n } = w;
  n += delta;
  if (n < 1) {
    year -= 1;
    n = isoWeeksInYear(year);
  } else if (n > isoWeeksInYear(year)) {
    year += 1;
    n = 1;
  }
  return formatIsoWeek({ year, week: n });
}
