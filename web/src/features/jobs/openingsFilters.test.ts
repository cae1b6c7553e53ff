import { makeJob } from '../../../test/signed-in';
import type { JobPosting } from './jobsApi';
import { filterOpenings, NO_FILTERS, openingsQuery, shiftTimeOf } from './openingsFilters';

const at = (y: number, m: number, d: number, h: number, hours = 5) => {
  const start = new Date(y, m - 1, d, h, 0);
  return {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + hours * 3_600_000).toISOString(),
  };
};
const jobs = [
  makeJob({
    id: 'morning-urgent',
    emergency_level: 'urgent',
    hourly_rate: 25,
    ...at(2026, 6, 15, 7),
    subtotal_cents: 12_500,
    fee_cents: 875,
    total_cents: 13_375,
  }),
  makeJob({
    id: 'evening-normal',
    emergency_level: 'normal',
    hourly_rate: 18,
    ...at(2026, 6, 15, 18),
    subtotal_cents: 9_000,
    fee_cents: 630,
    total_cents: 9_630,
  }),
  makeJob({
    id: 'night-next-day',
    emergency_level: 'normal',
    hourly_rate: 30,
    ...at(2026, 6, 16, 23, 8),
    subtotal_cents: 24_000,
    fee_cents: 1_680,
    total_cents: 25_680,
  }),
] as JobPosting[];
const ids = (list: JobPosting[]) => list.map((j) => j.id);

describe('openings filters', () => {
  test('without filters every open shift shows, and the server is asked for open shifts only', () => {
    expect(ids(filterOpenings(jobs, NO_FILTERS))).toEqual([
      'morning-urgent',
      'evening-normal',
      'night-next-day',
    ]);
    expect(openingsQuery(NO_FILTERS)).toEqual({ status: 'open', shared: '1' });
  });
  test('priority, minimum hourly rate and the day go to the server too', () => {
    const q = openingsQuery({ ...NO_FILTERS, priority: 'urgent', minHourly: '20', date: '2026-06-15' });
    expect(q).toMatchObject({ status: 'open', emergencyLevel: 'urgent', minRate: 20 });
    expect(new Date(q.startDate!).getDate()).toBe(15);
    expect(new Date(q.endDate!).getHours()).toBe(23);
  });
  test('priority keeps only urgent shifts', () => {
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, priority: 'urgent' }))).toEqual(['morning-urgent']);
  });
  test('hourly rate is a minimum per hour; flat rate a minimum for the whole shift', () => {
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, minHourly: '20' }))).toEqual([
      'morning-urgent',
      'night-next-day',
    ]);
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, minFlat: '125' }))).toEqual([
      'morning-urgent',
      'night-next-day',
    ]);
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, minFlat: '200' }))).toEqual(['night-next-day']);
  });
  test('date needed and shift time use the local start', () => {
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, date: '2026-06-15' }))).toEqual([
      'morning-urgent',
      'evening-normal',
    ]);
    expect(ids(filterOpenings(jobs, { ...NO_FILTERS, shiftTime: 'evening' }))).toEqual(['evening-normal']);
    expect(shiftTimeOf(at(2026, 6, 16, 23).start_time)).toBe('night');
    expect(shiftTimeOf(at(2026, 6, 16, 12).start_time)).toBe('afternoon');
  });
});
