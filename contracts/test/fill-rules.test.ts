import {
  boostMoney,
  bookNowMissing,
  loadPolicy,
  PolicyError,
  reconfirmWindow,
  rosterFirstUntil,
} from '../src';

// The fill engine's rules (issue 37) as a chef and a restaurant meet them: who may book now, when a chef must
// reconfirm, when a roster window ends, and what a boost charges.

const HOUR = 3_600_000;
const policy = loadPolicy({});
const clean = { completed_shifts: 3, no_shows: 0, late_cancellations: 0, average_rating: null };

test('a chef with three completed shifts and a clean record may book now, with or without a rating', () => {
  expect(bookNowMissing(policy, clean)).toEqual([]);
  expect(bookNowMissing(policy, { ...clean, average_rating: 4.5 })).toEqual([]);
  expect(bookNowMissing(policy, { ...clean, late_cancellations: 1 })).toEqual([]);
});

test('each missing condition is named, in a fixed order, so the chef reads exactly what to fix', () => {
  expect(bookNowMissing(policy, { ...clean, completed_shifts: 2 })).toEqual(['min_shifts']);
  expect(bookNowMissing(policy, { ...clean, no_shows: 1 })).toEqual(['no_show']);
  expect(bookNowMissing(policy, { ...clean, late_cancellations: 2 })).toEqual(['late_cancellations']);
  expect(bookNowMissing(policy, { ...clean, average_rating: 4.4 })).toEqual(['rating']);
  expect(
    bookNowMissing(policy, { completed_shifts: 0, no_shows: 2, late_cancellations: 3, average_rating: 3 }),
  ).toEqual(['min_shifts', 'no_show', 'late_cancellations', 'rating']);
});

test('INSTANT_BOOK_MIN_SHIFTS moves the bar, and 0 lets a new chef with a clean record book', () => {
  expect(bookNowMissing(loadPolicy({ INSTANT_BOOK_MIN_SHIFTS: '10' }), clean)).toEqual(['min_shifts']);
  expect(
    bookNowMissing(loadPolicy({ INSTANT_BOOK_MIN_SHIFTS: '0' }), { ...clean, completed_shifts: 0 }),
  ).toEqual([]);
});

test('a chef booked before the window is asked from 48h and must answer by 16h before the start', () => {
  const start = new Date('2026-12-05T18:00:00Z');
  const window = reconfirmWindow(policy, start, new Date(start.getTime() - 72 * HOUR));
  expect(window).toEqual({
    opens_at: new Date(start.getTime() - 48 * HOUR),
    by: new Date(start.getTime() - 16 * HOUR),
  });
  // booked inside the window (or at its opening): nothing to reconfirm
  expect(reconfirmWindow(policy, start, new Date(start.getTime() - 48 * HOUR))).toBeNull();
  expect(reconfirmWindow(policy, start, new Date(start.getTime() - 20 * HOUR))).toBeNull();
});

test('the reconfirmation settings must leave a window, or the service stops at boot naming them', () => {
  expect(() => loadPolicy({ RECONFIRM_OPENS: '16h', RECONFIRM_BY: '16h' })).toThrow(PolicyError);
  expect(() => loadPolicy({ RECONFIRM_OPENS: '10h', RECONFIRM_BY: '16h' })).toThrow(/RECONFIRM_OPENS/);
  expect(loadPolicy({ RECONFIRM_OPENS: '2m', RECONFIRM_BY: '1m' })).toMatchObject({
    reconfirmOpensMs: 120_000,
    reconfirmByMs: 60_000,
  });
  expect(loadPolicy({ STANDBY_OFFER_MINUTES: '0.1' }).standbyOfferMs).toBe(6_000);
  expect(() => loadPolicy({ STANDBY_OFFER_MINUTES: '0' })).toThrow(/STANDBY_OFFER_MINUTES/);
  expect(() => loadPolicy({ ALERT_FANOUT: '0' })).toThrow(/ALERT_FANOUT/);
  expect(policy).toMatchObject({ instantBookMinShifts: 3, standbyOfferMs: 15 * 60_000, alertFanout: 50 });
});

test('a roster window ends its minutes after the shift opens; 0 means none', () => {
  const opened = new Date('2026-12-05T17:00:00Z');
  expect(rosterFirstUntil(opened, 100)).toEqual(new Date('2026-12-05T18:40:00Z'));
  expect(rosterFirstUntil(opened, 0)).toBeNull();
});

test('a boost charges the difference of the whole posting, its fee named, and the new total', () => {
  // 3 seats, 8 hours at $20 -> $22: each seat's pay rises $16.00, fee 7% of it $1.12
  const shape = {
    start_time: '2026-12-05T10:00:00Z',
    end_time: '2026-12-05T18:00:00Z',
    hourly_rate_cents: 2000,
    break_minutes: 0,
    headcount: 3,
  };
  const money = boostMoney(shape, 2200);
  expect(money.charge_cents).toBe(3 * (1600 + 112));
  expect(money.fee_charge_cents).toBe(3 * 112);
  expect(money.new_total_cents).toBe(3 * (17_600 + 1232));
  expect(money.refund_cents).toBe(0);
  expect(money.new_total_cents - money.old_total_cents).toBe(money.charge_cents);
});
