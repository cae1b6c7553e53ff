import {
  collectedByEscrow,
  eventSchemas,
  isEventType,
  loadPolicy,
  timesheetMoney,
  timesheetsHttp,
  type TimesheetShift,
} from '../src';

// The shapes of issue 34 (no route serves them yet): the requests refuse what the table refuses, the timesheet
// answer carries the table's fields, and the ten events are registered.

const { AdjustTimesheetRequest, ClockInRequest, ClockOutRequest, Timesheet, TimesheetQuoteQuery } =
  timesheetsHttp;
const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

test('a clock-in gives a position or the code; a latitude comes with its longitude', () => {
  expect(ok(ClockInRequest, { latitude: 44.97, longitude: -93.26, accuracy_m: 12 })).toBe(true);
  expect(ok(ClockInRequest, { code: '0427' })).toBe(true);
  expect(ok(ClockInRequest, {})).toBe(false);
  expect(ok(ClockInRequest, { latitude: 44.97 })).toBe(false);
  expect(ok(ClockInRequest, { latitude: 91, longitude: 0 })).toBe(false);
  expect(ok(ClockInRequest, { code: '04271' })).toBe(false);
  expect(ok(ClockInRequest, { code: 'abcd' })).toBe(false);
  // a clock-out needs neither; the break is 0-120 whole minutes
  expect(ok(ClockOutRequest, {})).toBe(true);
  expect(ok(ClockOutRequest, { break_minutes: 121 })).toBe(false);
  expect(ok(ClockOutRequest, { break_minutes: 30 })).toBe(true);
});

test('an adjustment and a quote take ISO times, a break and (for the adjustment) a bounded reason', () => {
  const times = { clock_in_at: '2026-12-01T10:05:00Z', clock_out_at: '2026-12-01T18:30:00-06:00' };
  expect(ok(AdjustTimesheetRequest, { ...times, break_minutes: 30, reason: 'Left at 6:30' })).toBe(true);
  expect(ok(AdjustTimesheetRequest, { ...times, break_minutes: 30, reason: '' })).toBe(false);
  expect(ok(AdjustTimesheetRequest, { ...times, break_minutes: 30, reason: 'x'.repeat(501) })).toBe(false);
  expect(ok(AdjustTimesheetRequest, { ...times, clock_in_at: 'at ten', break_minutes: 0, reason: 'r' })).toBe(
    false,
  );
  expect(TimesheetQuoteQuery.parse({ ...times, break_minutes: '15' }).break_minutes).toBe(15);
});

test('the timesheet answer carries the fields of the issue’s table, its pay from timesheetMoney', () => {
  const shift: TimesheetShift = {
    start_time: '2026-12-01T10:00:00.000Z',
    end_time: '2026-12-01T18:00:00.000Z',
    hourly_rate_cents: 2500,
    break_minutes: 0,
  };
  const { pay, under_minimum } = timesheetMoney(loadPolicy({}), 19_167, collectedByEscrow(shift));
  const timesheet = Timesheet.parse({
    application_id: '00000000-0000-4000-8000-000000000001',
    job_id: '00000000-0000-4000-8000-000000000002',
    scheduled_start: shift.start_time,
    scheduled_end: shift.end_time,
    clock_in_at: '2026-12-01T10:20:00.000Z',
    clock_out_at: '2026-12-01T18:00:00.000Z',
    break_minutes: 0,
    worked_minutes: 460,
    late: true,
    auto_clocked_out: false,
    status: 'submitted',
    events: [],
    pay: { ...pay, under_minimum },
    deadlines: {
      clock_opens_at: '2026-12-01T09:30:00.000Z',
      clock_closes_at: shift.end_time,
      no_show_from: '2026-12-01T11:00:00.000Z',
      send_home_until: '2026-12-01T11:20:00.000Z',
      auto_clock_out_at: '2026-12-01T22:00:00.000Z',
      approve_by: '2026-12-03T18:00:00.000Z',
      answer_by: null,
    },
    send_home_pay: null,
  });
  // when each rule acts, so no screen guesses a duration
  expect(Object.keys(timesheet.deadlines).sort()).toEqual(
    [
      'answer_by',
      'approve_by',
      'auto_clock_out_at',
      'clock_closes_at',
      'clock_opens_at',
      'no_show_from',
      'send_home_until',
    ].sort(),
  );
  expect(Object.keys(timesheet.pay).sort()).toEqual(
    [
      'chef_pay_cents',
      'fee_cents',
      'total_cents',
      'charged_cents',
      'extra_charge_cents',
      'refund_cents',
      'under_minimum',
    ].sort(),
  );
  expect(timesheet.pay.refund_cents).toBe(891);
});

test('the ten events of the working day are registered', () => {
  const types = [
    'jobs.timesheet.clocked_in.v1',
    'jobs.timesheet.submitted.v1',
    'jobs.timesheet.adjusted.v1',
    'jobs.timesheet.approved.v1',
    'jobs.timesheet.disputed.v1',
    'jobs.timesheet.resolved.v1',
    'jobs.timesheet.sent_home.v1',
    'jobs.timesheet.no_show_marked.v1',
    'payments.extra_charge.collected.v1',
    'payments.extra_charge.failed.v1',
  ];
  for (const type of types) expect([type, isEventType(type)]).toEqual([type, true]);
  expect(
    eventSchemas['jobs.timesheet.clocked_in.v1'].safeParse({
      application_id: '00000000-0000-4000-8000-000000000001',
      job_id: '00000000-0000-4000-8000-000000000002',
      job_title: 'Line Cook',
      chef_id: '00000000-0000-4000-8000-000000000003',
      chef_profile_id: null,
      restaurant_id: '00000000-0000-4000-8000-000000000004',
      start_time: '2026-12-01T10:00:00.000Z',
      end_time: '2026-12-01T18:00:00.000Z',
      clock_in_at: '2026-12-01T09:50:00.000Z',
      method: 'code',
      distance_m: null,
      late: false,
    }).success,
  ).toBe(true);
});
