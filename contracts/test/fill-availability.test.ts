import { DEFAULT_CHEF_AVAILABILITY, fitsAvailability, type WeeklyAvailability } from '../src';

// Issue 37: whether a chef's weekly availability covers a shift, read in the restaurant city's time zone. Jobs
// texts by it and the openings mark shifts with it.

const CHICAGO = 'America/Chicago';
const DETROIT = 'America/Detroit';

test('no availability saved counts as available, and still names the weekday of the start', () => {
  // Friday, December 4, 2026, 7 PM to 11 PM in Minneapolis
  expect(fitsAvailability(null, '2026-12-05T01:00:00Z', '2026-12-05T05:00:00Z', CHICAGO)).toEqual({
    fits: true,
    weekday: 'friday',
  });
  expect(fitsAvailability(undefined, '2026-12-05T01:00:00Z', '2026-12-05T05:00:00Z', CHICAGO).fits).toBe(
    true,
  );
});

test('a shift fits from the day’s start to its end inclusive, and not a minute outside', () => {
  const a = DEFAULT_CHEF_AVAILABILITY; // Fridays 08:00 to 20:00
  // 8 AM to 8 PM exactly (CST is UTC-6)
  expect(fitsAvailability(a, '2026-12-04T14:00:00Z', '2026-12-05T02:00:00Z', CHICAGO)).toEqual({
    fits: true,
    weekday: 'friday',
  });
  expect(fitsAvailability(a, '2026-12-04T13:59:00Z', '2026-12-04T18:00:00Z', CHICAGO).fits).toBe(false);
  expect(fitsAvailability(a, '2026-12-04T20:00:00Z', '2026-12-05T02:01:00Z', CHICAGO).fits).toBe(false);
});

test('a day marked unavailable never fits, whatever its hours', () => {
  const noFridays: WeeklyAvailability = {
    ...DEFAULT_CHEF_AVAILABILITY,
    friday: { available: false, start: '00:00', end: '23:59' },
  };
  expect(fitsAvailability(noFridays, '2026-12-04T16:00:00Z', '2026-12-04T20:00:00Z', CHICAGO)).toEqual({
    fits: false,
    weekday: 'friday',
  });
  // a weekday the profile does not list at all is not available either
  expect(
    fitsAvailability(
      { monday: DEFAULT_CHEF_AVAILABILITY.monday },
      '2026-12-04T16:00:00Z',
      '2026-12-04T20:00:00Z',
      CHICAGO,
    ).fits,
  ).toBe(false);
});

test('past midnight: the day must run to 23:59 and the next start at 00:00 and reach the end', () => {
  const nights: WeeklyAvailability = {
    friday: { available: true, start: '18:00', end: '23:59' },
    saturday: { available: true, start: '00:00', end: '03:00' },
  };
  // Friday 10 PM to Saturday 2 AM
  expect(fitsAvailability(nights, '2026-12-05T04:00:00Z', '2026-12-05T08:00:00Z', CHICAGO)).toEqual({
    fits: true,
    weekday: 'friday',
  });
  // ...to 4 AM: past Saturday's 3 AM
  expect(fitsAvailability(nights, '2026-12-05T04:00:00Z', '2026-12-05T10:00:00Z', CHICAGO).fits).toBe(false);
  // Saturday starting at 1 AM leaves a gap after midnight
  const gap = { ...nights, saturday: { available: true, start: '01:00', end: '03:00' } };
  expect(fitsAvailability(gap, '2026-12-05T04:00:00Z', '2026-12-05T08:00:00Z', CHICAGO).fits).toBe(false);
  // Friday ending at 23:00 does not reach midnight
  const early = { ...nights, friday: { available: true, start: '18:00', end: '23:00' } };
  expect(fitsAvailability(early, '2026-12-05T04:00:00Z', '2026-12-05T08:00:00Z', CHICAGO).fits).toBe(false);
  // Friday 6 PM to midnight sharp needs Friday to run to 23:59, and nothing of Saturday
  const friday = { friday: { available: true, start: '16:00', end: '23:59' } };
  expect(fitsAvailability(friday, '2026-12-05T00:00:00Z', '2026-12-05T06:00:00Z', CHICAGO)).toEqual({
    fits: true,
    weekday: 'friday',
  });
  expect(fitsAvailability(early, '2026-12-05T00:00:00Z', '2026-12-05T06:00:00Z', CHICAGO).fits).toBe(false);
});

test('the restaurant’s local hours decide, across a daylight-saving change and between time zones', () => {
  const a = DEFAULT_CHEF_AVAILABILITY; // Sundays 09:00 to 17:00
  // Sunday, March 8, 2026: clocks went forward at 2 AM; 14:00Z is 9 AM CDT
  expect(fitsAvailability(a, '2026-03-08T14:00:00Z', '2026-03-08T18:00:00Z', CHICAGO)).toEqual({
    fits: true,
    weekday: 'sunday',
  });
  // the same UTC hour a week before is 8 AM CST: before Sunday's 9 AM
  expect(fitsAvailability(a, '2026-03-01T14:00:00Z', '2026-03-01T18:00:00Z', CHICAGO).fits).toBe(false);
  // 11:30 PM Friday in Minneapolis is 12:30 AM Saturday in Detroit
  expect(fitsAvailability(null, '2026-12-05T05:30:00Z', '2026-12-05T06:30:00Z', CHICAGO).weekday).toBe(
    'friday',
  );
  expect(fitsAvailability(null, '2026-12-05T05:30:00Z', '2026-12-05T06:30:00Z', DETROIT).weekday).toBe(
    'saturday',
  );
});
