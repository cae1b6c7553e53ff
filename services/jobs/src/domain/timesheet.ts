import {
  autoClockOutAt,
  clockInWindow,
  ERROR_CODES,
  hoursDisputeDeadline,
  sentHomeChefPay,
  timesheetApprovalDeadline,
  outsideGeofenceText,
  timesheetActionRefusal,
  timesheetMoney,
  workedMinutes,
  workedPay,
  type Language,
  type Policy,
  type TimesheetAction,
  type TimesheetMoney,
  type TimesheetShift,
  type timesheetsHttp,
} from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import type { ApplicationRow, JobRow, TimesheetEventRow, TimesheetRow } from './records';

// The timesheet as the jobs service reads it (issue 34, ADR 0028): the figures each transition publishes, the
// answer of GET /applications/{id}/timesheet, and the clock's refusals as HTTP errors. The rules themselves are
// contracts/src/clock.ts and contracts/src/timesheet-pay.ts.

type ClockCode = keyof typeof ERROR_CODES & `JOBS.${string}`;

const STATUS: Record<string, number> = {
  'JOBS.OUTSIDE_GEOFENCE': 422,
  'JOBS.BAD_CLOCK_CODE': 422,
  'JOBS.CLOCK_NOT_OPEN': 422,
  'JOBS.LOCATION_TOO_VAGUE': 422,
  'JOBS.NO_LOCATION_PIN': 422,
  'JOBS.POSITION_JUMPED': 422,
  'JOBS.CLOCK_CODE_LOCKED': 429,
  'JOBS.TIMES_OUT_OF_BOUNDS': 400,
  'JOBS.WORKED_MINUTES_OUT_OF_RANGE': 400,
};

/** A refusal of the clock or the timesheet: 422 / 429 / 400 as the issue says, 409 for the lifecycle's. */
export function clockError(code: ClockCode, extra: Record<string, unknown> = {}, message?: string): AppError {
  return new AppError(STATUS[code] ?? 409, code, message ?? ERROR_CODES[code], extra);
}

/** 422 JOBS.OUTSIDE_GEOFENCE with the distance, in the chef's language. */
export function outsideGeofence(policy: Policy, distanceM: number, language: Language): AppError {
  return clockError(
    'JOBS.OUTSIDE_GEOFENCE',
    { distance_m: distanceM, geofence_m: policy.geofenceMeters },
    outsideGeofenceText(policy, distanceM, language),
  );
}

/** 409 with the lifecycle's code when the timesheet's status does not allow the action. */
export function ensureTimesheetAllows(
  action: TimesheetAction,
  ts: Pick<TimesheetRow, 'status'> | null,
): void {
  const refused = timesheetActionRefusal(action, ts?.status ?? 'not_started');
  if (refused) throw clockError(refused);
}

/** The shift as the timesheet functions read it. */
export function shiftOf(job: JobRow): TimesheetShift {
  return {
    start_time: job.start_time,
    end_time: job.end_time,
    hourly_rate_cents: job.hourly_rate_cents,
    break_minutes: job.break_minutes,
  };
}

/** What the restaurant's card paid for this seat: the escrow (its subtotal and fee, the break left out). */
export function collectedOf(job: JobRow) {
  return { subtotal_cents: job.subtotal_cents, fee_cents: job.fee_cents };
}

/** The worked minutes of these times (0 without a clock-in and a clock-out). */
export function workedOf(
  policy: Policy,
  job: JobRow,
  t: Pick<TimesheetRow, 'clock_in_at' | 'clock_out_at' | 'break_minutes' | 'clock_in_set_by_restaurant'>,
): number {
  if (!t.clock_in_at || !t.clock_out_at) return 0;
  return workedMinutes(policy, job, {
    clock_in_at: t.clock_in_at,
    clock_out_at: t.clock_out_at,
    break_minutes: t.break_minutes,
    clock_in_set_by_restaurant: t.clock_in_set_by_restaurant,
  });
}

/** The money of a chef pay against what the escrow collected. */
export function moneyOf(policy: Policy, job: JobRow, chefPayCents: number): TimesheetMoney {
  return timesheetMoney(policy, chefPayCents, collectedOf(job));
}

/** The figures every timesheet event with money carries (`TimesheetFigures` of contracts/src/events/jobs.ts). */
export function timesheetFigures(
  job: JobRow,
  t: Pick<TimesheetRow, 'clock_in_at' | 'clock_out_at' | 'break_minutes'>,
  worked: number,
  money: TimesheetMoney,
) {
  return {
    clock_in_at: t.clock_in_at?.toISOString() ?? null,
    clock_out_at: t.clock_out_at?.toISOString() ?? null,
    break_minutes: t.break_minutes,
    worked_minutes: worked,
    hourly_rate_cents: job.hourly_rate_cents,
    chef_pay_cents: money.pay.chef_pay_cents,
    fee_cents: money.pay.fee_cents,
    total_cents: money.pay.total_cents,
    extra_charge_cents: money.pay.extra_charge_cents,
    refund_cents: money.pay.refund_cents,
  };
}

/**
 * The chef pay a timesheet comes to now: what was settled (sent home, decided), nothing for a no-show, the
 * worked minutes' pay once clocked out, the scheduled pay before.
 */
export function chefPayOf(policy: Policy, job: JobRow, ts: TimesheetRow | null): number {
  if (!ts) return job.subtotal_cents;
  if (ts.chef_pay_cents !== null) return ts.chef_pay_cents;
  if (ts.status === 'no_show' || (ts.status === 'disputed' && ts.no_show_at && !ts.clock_in_at)) return 0;
  if (!ts.clock_out_at) return job.subtotal_cents;
  return workedPay(job, ts.worked_minutes ?? workedOf(policy, job, ts));
}

function presentEvent(e: TimesheetEventRow): timesheetsHttp.TimesheetEvent {
  return {
    type: e.type as timesheetsHttp.TimesheetEvent['type'],
    at: e.at.toISOString(),
    by: e.by,
    method: e.method,
    latitude: e.latitude,
    longitude: e.longitude,
    accuracy_m: e.accuracy_m,
    distance_m: e.distance_m,
    clock_in_at: e.clock_in_at?.toISOString() ?? null,
    clock_out_at: e.clock_out_at?.toISOString() ?? null,
    break_minutes: e.break_minutes,
    minutes: e.minutes,
    note: e.note,
  };
}

/** GET /applications/{id}/timesheet: a seat with no clock event yet reads as not_started, as scheduled. */
export function presentTimesheet(
  policy: Policy,
  job: JobRow,
  app: Pick<ApplicationRow, 'id'>,
  ts: TimesheetRow | null,
  events: TimesheetEventRow[],
  now = new Date(),
): timesheetsHttp.Timesheet {
  const money = moneyOf(policy, job, chefPayOf(policy, job, ts));
  return {
    application_id: app.id,
    job_id: job.id,
    scheduled_start: job.start_time.toISOString(),
    scheduled_end: job.end_time.toISOString(),
    clock_in_at: ts?.clock_in_at?.toISOString() ?? null,
    clock_out_at: ts?.clock_out_at?.toISOString() ?? null,
    break_minutes: ts?.break_minutes ?? job.break_minutes,
    worked_minutes: ts?.worked_minutes ?? null,
    late: ts?.late ?? false,
    auto_clocked_out: ts?.auto_clocked_out ?? false,
    status: ts?.status ?? 'not_started',
    events: events.map(presentEvent),
    // what has been collected for the seat so far: the escrow, and the extra once payments collected it
    pay: {
      ...money.pay,
      charged_cents: money.pay.charged_cents + (ts?.extra_collected_cents ?? 0),
      under_minimum: money.under_minimum,
    },
    deadlines: deadlinesOf(policy, job, ts),
    send_home_pay: ts?.status === 'clocked_in' && ts.clock_in_at ? sendHomePay(policy, job, ts, now) : null,
  };
}

/** When each rule acts on this seat (the answer's `deadlines`), from the same policy the rules run with. */
function deadlinesOf(
  policy: Policy,
  job: JobRow,
  ts: TimesheetRow | null,
): timesheetsHttp.Timesheet['deadlines'] {
  const window = clockInWindow(policy, job);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const answerFrom =
    ts?.status === 'adjusted' ? ts.adjusted_at : ts?.status === 'no_show' ? ts.no_show_at : null;
  return {
    clock_opens_at: window.opens_at.toISOString(),
    clock_closes_at: window.closes_at.toISOString(),
    no_show_from: new Date(job.start_time.getTime() + policy.noShowAfterMs).toISOString(),
    send_home_until: ts?.clock_in_at
      ? new Date(ts.clock_in_at.getTime() + policy.sentHomeWindowMs).toISOString()
      : null,
    auto_clock_out_at: autoClockOutAt(policy, job).toISOString(),
    approve_by:
      ts?.status === 'submitted' && ts.clock_out_at
        ? timesheetApprovalDeadline(policy, ts.clock_out_at).toISOString()
        : null,
    answer_by: iso(answerFrom ? hoursDisputeDeadline(policy, answerFrom) : null),
  };
}

/**
 * Sending the chef home at `now`: clocked out then with no break, paid the send-home rule on the minutes worked
 * (max(worked, SENT_HOME_PAY_HOURS) x rate, capped at the shift pay). The send-home use case moves exactly this;
 * the timesheet answer shows it before the restaurant acts.
 */
export function sentHomeMoney(policy: Policy, job: JobRow, ts: TimesheetRow, now: Date) {
  const times = { ...ts, clock_out_at: now, break_minutes: 0 };
  const worked = workedOf(policy, job, times);
  const money = moneyOf(policy, job, sentHomeChefPay(policy, shiftOf(job), worked));
  return { times, worked, money };
}

/** What sending the chef home now would pay, as the answer's pay block. */
function sendHomePay(policy: Policy, job: JobRow, ts: TimesheetRow, now: Date): timesheetsHttp.TimesheetPay {
  const { money } = sentHomeMoney(policy, job, ts, now);
  return { ...money.pay, under_minimum: money.under_minimum };
}
