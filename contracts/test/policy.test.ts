import {
  busyWindow,
  cancellationQuote,
  checkoutDeadline,
  checkoutOpensAt,
  clashesWithBooked,
  checkoutOutcome,
  formatDuration,
  lateCancelFrom,
  loadPolicy,
  parseDuration,
  policyText,
  POLICY_TEXTS,
  type QuotedShift,
} from '../src';

// The money rules a restaurant and a chef read before they act (issue 16): what a cancellation costs each
// side, when checkout answers are due and what happens when one is missing.

const HOUR = 3_600_000;
const policy = loadPolicy({});
const start = new Date('2026-12-01T18:00:00Z');
/** An 8-hour shift at $25/h: $200 shift pay, $14 fee, $214 charged. */
const shift = (over: Partial<QuotedShift> = {}): QuotedShift => ({
  start_time: start,
  hourly_rate_cents: 2500,
  subtotal_cents: 20_000,
  total_cents: 21_400,
  paid: true,
  has_chef: true,
  ...over,
});
const before = (ms: number) => new Date(start.getTime() - ms);

test('durations read as people write them, and bad ones stop the service at boot with the variable named', () => {
  expect([parseDuration('90s'), parseDuration('24h'), parseDuration('2d'), parseDuration('500ms')]).toEqual([
    90_000, 86_400_000, 172_800_000, 500,
  ]);
  expect(parseDuration('soon')).toBeNull();
  expect(policy).toMatchObject({
    lateCancelWindowMs: 24 * HOUR,
    cancellationPayHours: 4,
    checkoutDeadlineMs: 48 * HOUR,
    checkoutReminderLeadsMs: [24 * HOUR, 2 * HOUR],
    stuckMoneyAfterMs: HOUR,
  });
  expect(loadPolicy({ LATE_CANCEL_WINDOW: '90s', CHECKOUT_REMINDERS: '2s,10s' })).toMatchObject({
    lateCancelWindowMs: 90_000,
    checkoutReminderLeadsMs: [10_000, 2_000],
  });
  expect(() => loadPolicy({ CHECKOUT_DEADLINE: 'two days' })).toThrow(/CHECKOUT_DEADLINE/);
  expect(() => loadPolicy({ CANCELLATION_PAY_HOURS: '-1' })).toThrow(/CANCELLATION_PAY_HOURS/);
});

test('a restaurant cancelling with no chef booked, or early, gets the whole total back', () => {
  expect(cancellationQuote(policy, shift({ has_chef: false }), before(HOUR))).toEqual({
    rule: 'no_chef',
    late: false,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: 21_400,
  });
  expect(cancellationQuote(policy, shift(), before(25 * HOUR))).toMatchObject({
    rule: 'early',
    late: false,
    refund_cents: 21_400,
  });
});

test('a late cancellation pays the chef 4 hours (at most the shift pay), keeps 7% of it, refunds the rest', () => {
  const late = cancellationQuote(policy, shift(), before(23 * HOUR));
  expect(late).toEqual({
    rule: 'late',
    late: true,
    chef_pay_cents: 10_000,
    fee_cents: 700,
    refund_cents: 10_700,
  });
  expect(late.chef_pay_cents + late.fee_cents + late.refund_cents).toBe(21_400);
  // A 3-hour shift: the chef gets the whole shift pay, and the restaurant only the booking fee's remainder.
  const short = cancellationQuote(policy, shift({ subtotal_cents: 7500, total_cents: 8025 }), before(HOUR));
  expect(short).toEqual({ rule: 'late', late: true, chef_pay_cents: 7500, fee_cents: 525, refund_cents: 0 });
  // The window boundary itself is late; after the start it is not a cancellation at all.
  expect(cancellationQuote(policy, shift(), lateCancelFrom(policy, start)).late).toBe(true);
  expect(cancellationQuote(policy, shift(), start).rule).toBe('started');
});

test('checkout: both answers decide; at the deadline a single answer stands and silence pays the chef', () => {
  expect(checkoutOutcome(true, true, false)).toBe('release');
  expect(checkoutOutcome(false, false, false)).toBe('refund');
  expect(checkoutOutcome(true, false, false)).toBe('disputed');
  expect(checkoutOutcome(false, null, false)).toBeNull();
  expect(checkoutOutcome(false, null, true)).toBe('refund');
  expect(checkoutOutcome(null, true, true)).toBe('release');
  expect(checkoutOutcome(null, null, true)).toBe('release');
  expect(checkoutDeadline(policy, start).getTime() - start.getTime()).toBe(48 * HOUR);
});

test('every policy text exists in English and Spanish with the same placeholders', () => {
  const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  expect(Object.keys(POLICY_TEXTS.es).sort()).toEqual(Object.keys(POLICY_TEXTS.en).sort());
  for (const key of Object.keys(POLICY_TEXTS.en) as Array<keyof typeof POLICY_TEXTS.en>)
    expect([key, placeholders(POLICY_TEXTS.es[key])]).toEqual([key, placeholders(POLICY_TEXTS.en[key])]);
  expect(
    policyText('es', 'cancel_early', { window: formatDuration(24 * HOUR, 'es'), refund: '$214.00' }),
  ).toBe(
    'Faltan más de 24 horas para el inicio: el total de $214.00 vuelve a tu tarjeta y se le avisa al chef.',
  );
  expect(formatDuration(90_000, 'en')).toBe('90 seconds');
  expect(formatDuration(HOUR, 'es')).toBe('1 hora');
});

test('a chef needs SHIFT_GAP (30m by default) between two shifts: a shift clashes inside the busy window, fits at its edge', () => {
  expect(policy.shiftGapMs).toBe(30 * 60_000);
  expect(loadPolicy({ SHIFT_GAP: '10m' }).shiftGapMs).toBe(10 * 60_000);
  expect(loadPolicy({ SHIFT_GAP: '0m' }).shiftGapMs).toBe(0);
  expect(() => loadPolicy({ SHIFT_GAP: 'a while' })).toThrow(/SHIFT_GAP/);
  // Held: 8:53 - 12:53 (UTC here); busy from 8:23 to 13:23.
  const held = busyWindow(policy, { start_time: '2026-12-01T08:53:00Z', end_time: '2026-12-01T12:53:00Z' });
  expect(held).toEqual({ busy_from: '2026-12-01T08:23:00.000Z', busy_until: '2026-12-01T13:23:00.000Z' });
  const shiftAt = (start: string, end: string) => ({ start_time: start, end_time: end });
  expect(clashesWithBooked(shiftAt('2026-12-01T08:55:00Z', '2026-12-01T11:55:00Z'), held)).toBe(true);
  // ends 20 minutes before the held start: too close; 45 minutes: fine; exactly the gap: fine
  expect(clashesWithBooked(shiftAt('2026-12-01T04:33:00Z', '2026-12-01T08:33:00Z'), held)).toBe(true);
  expect(clashesWithBooked(shiftAt('2026-12-01T04:08:00Z', '2026-12-01T08:08:00Z'), held)).toBe(false);
  expect(clashesWithBooked(shiftAt('2026-12-01T04:23:00Z', '2026-12-01T08:23:00Z'), held)).toBe(false);
  expect(clashesWithBooked(shiftAt('2026-12-01T13:23:00Z', '2026-12-01T17:23:00Z'), held)).toBe(false);
  expect(clashesWithBooked(shiftAt('2026-12-01T13:13:00Z', '2026-12-01T17:13:00Z'), held)).toBe(true);
});

test('checkout opens at the end of the shift, not its start', () => {
  expect(checkoutOpensAt('2026-12-01T12:53:00Z').toISOString()).toBe('2026-12-01T12:53:00.000Z');
});

test('each side of a dispute writes at most DISPUTE_STATEMENTS_MAX statements, DISPUTE_STATEMENT_RATE a minute', () => {
  expect(policy).toMatchObject({ disputeStatementsMax: 10, disputeStatementRate: 3 });
  expect(loadPolicy({ DISPUTE_STATEMENTS_MAX: '4', DISPUTE_STATEMENT_RATE: '1' })).toMatchObject({
    disputeStatementsMax: 4,
    disputeStatementRate: 1,
  });
  for (const bad of ['0', '-1', '2.5', 'ten', '5000'])
    expect(() => loadPolicy({ DISPUTE_STATEMENTS_MAX: bad })).toThrow(/DISPUTE_STATEMENTS_MAX/);
  expect(() => loadPolicy({ DISPUTE_STATEMENT_RATE: '0' })).toThrow(/DISPUTE_STATEMENT_RATE/);
});

test('the working day (issue 34): its rules read from the environment, bad values stop the service with the variable named', () => {
  const MIN = 60_000;
  expect(policy).toMatchObject({
    clockInEarlyMs: 30 * MIN,
    geofenceMeters: 250,
    autoClockOutAfterMs: 4 * HOUR,
    maxExtraHours: 4,
    sentHomeWindowMs: HOUR,
    sentHomePayHours: 4,
    noShowAfterMs: HOUR,
    hoursDisputeWindowMs: 24 * HOUR,
    timesheetApprovalDeadlineMs: 48 * HOUR,
    balanceDueAfterMs: 72 * HOUR,
    lateClockInAfterMs: 10 * MIN,
    cardMinimumCents: 50,
    clockCodeMaxWrong: 5,
    clockCodeLockMs: 15 * MIN,
  });
  // shortened for tests and demos
  expect(
    loadPolicy({
      CLOCK_IN_EARLY: '2s',
      GEOFENCE_METERS: '1000',
      AUTO_CLOCK_OUT_AFTER: '3s',
      MAX_EXTRA_HOURS: '0.5',
      SENT_HOME_WINDOW: '4s',
      SENT_HOME_PAY_HOURS: '2',
      NO_SHOW_AFTER: '5s',
      HOURS_DISPUTE_WINDOW: '6s',
      TIMESHEET_APPROVAL_DEADLINE: '7s',
      BALANCE_DUE_AFTER: '8s',
    }),
  ).toMatchObject({
    clockInEarlyMs: 2000,
    geofenceMeters: 1000,
    autoClockOutAfterMs: 3000,
    maxExtraHours: 0.5,
    sentHomeWindowMs: 4000,
    sentHomePayHours: 2,
    noShowAfterMs: 5000,
    hoursDisputeWindowMs: 6000,
    timesheetApprovalDeadlineMs: 7000,
    balanceDueAfterMs: 8000,
  });
  // clocking in only from the start is a choice; no extra hours paid is one too
  expect(loadPolicy({ CLOCK_IN_EARLY: '0m', MAX_EXTRA_HOURS: '0' })).toMatchObject({
    clockInEarlyMs: 0,
    maxExtraHours: 0,
  });
  const refused: Array<[string, string]> = [
    ['CLOCK_IN_EARLY', 'half an hour'],
    ['GEOFENCE_METERS', '0'],
    ['GEOFENCE_METERS', '250m'],
    ['GEOFENCE_METERS', '2.5'],
    ['GEOFENCE_METERS', '100001'],
    ['AUTO_CLOCK_OUT_AFTER', '0s'],
    ['AUTO_CLOCK_OUT_AFTER', 'later'],
    ['MAX_EXTRA_HOURS', '-1'],
    ['MAX_EXTRA_HOURS', 'four'],
    ['SENT_HOME_WINDOW', '1 hour'],
    ['SENT_HOME_PAY_HOURS', '-4'],
    ['NO_SHOW_AFTER', '0m'],
    ['HOURS_DISPUTE_WINDOW', 'a day'],
    ['TIMESHEET_APPROVAL_DEADLINE', '-48h'],
    ['BALANCE_DUE_AFTER', '3 days'],
  ];
  for (const [name, value] of refused)
    expect(() => loadPolicy({ [name]: value })).toThrow(new RegExp(`^${name} must be .*"${value}"`));
});

test('the shortest shift that may be posted is 2 hours unless MIN_SHIFT_DURATION says otherwise (issue 35)', () => {
  expect(policy.minShiftDurationMs).toBe(2 * HOUR);
  expect(loadPolicy({ MIN_SHIFT_DURATION: '1s' }).minShiftDurationMs).toBe(1000);
  expect(loadPolicy({ MIN_SHIFT_DURATION: '90m' }).minShiftDurationMs).toBe(90 * 60_000);
  for (const bad of ['0s', 'two hours', '-2h'])
    expect(() => loadPolicy({ MIN_SHIFT_DURATION: bad })).toThrow(
      new RegExp(`^MIN_SHIFT_DURATION must be a duration .*"${bad}"`),
    );
  // the refusal names it as people say it
  expect(
    policyText('en', 'shift_too_short', { minimum: formatDuration(policy.minShiftDurationMs, 'en') }),
  ).toBe('A shift must be at least 2 hours long.');
  expect(policyText('es', 'shift_too_short', { minimum: formatDuration(90 * 60_000, 'es') })).toBe(
    'Un turno debe durar al menos 90 minutos.',
  );
});
