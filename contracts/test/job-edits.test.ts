import {
  editAnswerDue,
  editMoney,
  editNeedsChefAnswer,
  editRefusal,
  loadPolicy,
  postingFigures,
  type PostingShape,
} from '../src';

// Issue 35 (ADR 0031): what an edit to a posted shift costs, and when it is refused, before anything moves.

const policy = loadPolicy({});
const HOUR = 3_600_000;
const now = new Date('2026-12-01T12:00:00.000Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR).toISOString();

/** Friday dinner: 17:00 to 23:00 in three days, $25 an hour, no break, three line cooks. */
const dinner: PostingShape = {
  start_time: at(72),
  end_time: at(78),
  hourly_rate_cents: 2500,
  break_minutes: 0,
  headcount: 3,
};

test('a posting is priced per seat × headcount: 6 h at $25 is $150 + $10.50 a seat, $481.50 for three', () => {
  expect(postingFigures(dinner)).toEqual({ subtotal_cents: 45_000, fee_cents: 3150, total_cents: 48_150 });
});

test('a raise is charged, a shorter shift refunded in part, words alone move nothing', () => {
  const raise = editMoney(dinner, { ...dinner, hourly_rate_cents: 3000 });
  expect(raise).toMatchObject({
    old_total_cents: 48_150,
    new_total_cents: 57_780, // 6 h at $30 = $180 + $12.60, × 3
    charge_cents: 9630,
    refund_cents: 0,
  });
  const shorter = editMoney(dinner, { ...dinner, end_time: at(77) });
  expect(shorter).toMatchObject({ new_total_cents: 40_125, charge_cents: 0, refund_cents: 8025 });
  expect(editMoney(dinner, { ...dinner })).toMatchObject({ charge_cents: 0, refund_cents: 0 });
});

test('adding a seat charges one new share; removing one refunds one old share', () => {
  expect(editMoney(dinner, { ...dinner, headcount: 4 })).toMatchObject({
    charge_cents: 16_050,
    refund_cents: 0,
    seats_added: 1,
    seats_removed: 0,
  });
  expect(editMoney(dinner, { ...dinner, headcount: 1 })).toMatchObject({
    charge_cents: 0,
    refund_cents: 32_100,
    seats_removed: 2,
  });
  // One more seat at a higher rate: every seat moves to the new share.
  const both = editMoney(dinner, { ...dinner, headcount: 4, hourly_rate_cents: 3000 });
  expect(both.charge_cents).toBe(4 * 19_260 - 48_150);
});

test('edits close with the late window, seats booked stay, and a booked chef is never paid less', () => {
  const lateWindow = { ...policy, lateCancelWindowMs: 24 * HOUR };
  const soon = { ...dinner, start_time: at(23), end_time: at(29) };
  expect(editRefusal(lateWindow, soon, { ...soon, hourly_rate_cents: 3000 }, 0, now)).toMatchObject({
    code: 'JOBS.EDIT_TOO_LATE',
    status: 409,
    late_from: at(-1),
  });
  expect(editRefusal(lateWindow, dinner, { ...dinner, headcount: 1 }, 2, now)).toMatchObject({
    code: 'JOBS.SEATS_BOOKED',
    booked: 2,
  });
  // Removing unbooked seats is fine; so is a lower rate while nobody is booked.
  expect(editRefusal(lateWindow, dinner, { ...dinner, headcount: 2 }, 2, now)).toBeNull();
  expect(editRefusal(lateWindow, dinner, { ...dinner, hourly_rate_cents: 2000 }, 0, now)).toBeNull();
  // With a chef booked: a lower rate, or a shorter shift, cuts their pay.
  expect(editRefusal(lateWindow, dinner, { ...dinner, hourly_rate_cents: 2000 }, 1, now)).toMatchObject({
    code: 'JOBS.PAY_CUT_BOOKED',
    old_pay_cents: 15_000,
    new_pay_cents: 12_000,
  });
  expect(editRefusal(lateWindow, dinner, { ...dinner, end_time: at(77) }, 1, now)?.code).toBe(
    'JOBS.PAY_CUT_BOOKED',
  );
  // Later times of the same length pay the same: allowed, and the booked chef answers it.
  const later = { ...dinner, start_time: at(73), end_time: at(79) };
  expect(editRefusal(lateWindow, dinner, later, 3, now)).toBeNull();
  expect(editNeedsChefAnswer(dinner, later)).toBe(true);
  const moreSeats: PostingShape = { ...dinner, headcount: 5 };
  expect(editNeedsChefAnswer(dinner, moreSeats)).toBe(false);
});

test('a difference a card cannot move (under 50 cents) is refused, either way', () => {
  // One minute more of one seat at $15: 25 cents + 2 cents fee.
  const one = { ...dinner, headcount: 1, hourly_rate_cents: 1500 };
  const minuteMore = { ...one, end_time: new Date(new Date(one.end_time).getTime() + 60_000).toISOString() };
  expect(editRefusal(policy, one, minuteMore, 0, now)).toMatchObject({
    code: 'JOBS.EDIT_UNDER_MINIMUM',
    difference_cents: 27,
    card_minimum_cents: 50,
  });
  expect(editRefusal(policy, minuteMore, one, 0, now)?.code).toBe('JOBS.EDIT_UNDER_MINIMUM');
});

test("a booked chef's answer is due EDIT_ANSWER_WINDOW after the edit, and at the latest by the start", () => {
  const edited = new Date(now);
  expect(editAnswerDue(policy, edited, dinner.start_time).toISOString()).toBe(at(12));
  expect(editAnswerDue({ editAnswerWindowMs: 12 * HOUR }, edited, at(5)).toISOString()).toBe(at(5));
  expect(loadPolicy({ EDIT_ANSWER_WINDOW: '30m' }).editAnswerWindowMs).toBe(30 * 60_000);
  expect(loadPolicy({}).seriesMaxWeeks).toBe(12);
  expect(loadPolicy({}).seriesChargeLeadMs).toBe(7 * 24 * HOUR);
});
