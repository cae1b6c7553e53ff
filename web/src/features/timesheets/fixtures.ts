// Test fixtures: a timesheet as GET /applications/{id}/timesheet answers it (contracts' Timesheet), and a shift
// with a confirmed chef as each side's GET /jobs/{id} answers it.
import { fakeApi } from '../../../test/fake-api';
import { id, makeJob, shiftAt } from '../../../test/signed-in';
import type { Timesheet, TimesheetEvent, TimesheetPay } from './timesheetsApi';

const MINUTE = 60_000;

export function makePay(overrides: Partial<TimesheetPay> = {}): TimesheetPay {
  return {
    chef_pay_cents: 9_000,
    fee_cents: 630,
    total_cents: 9_630,
    charged_cents: 9_630,
    extra_charge_cents: 0,
    refund_cents: 0,
    under_minimum: null,
    ...overrides,
  };
}

export function makeEvent(
  type: TimesheetEvent['type'],
  overrides: Partial<TimesheetEvent> = {},
): TimesheetEvent {
  return {
    type,
    at: new Date().toISOString(),
    by: 'chef',
    method: null,
    latitude: null,
    longitude: null,
    accuracy_m: null,
    distance_m: null,
    clock_in_at: null,
    clock_out_at: null,
    break_minutes: null,
    minutes: null,
    note: null,
    ...overrides,
  };
}

export function makeTimesheet(
  job: { id: string; start_time: string; end_time: string },
  applicationId: string,
  overrides: Partial<Timesheet> = {},
): Timesheet {
  return {
    application_id: applicationId,
    job_id: job.id,
    scheduled_start: job.start_time,
    scheduled_end: job.end_time,
    clock_in_at: null,
    clock_out_at: null,
    break_minutes: 30,
    worked_minutes: null,
    late: false,
    auto_clocked_out: false,
    status: 'not_started',
    events: [],
    pay: makePay(),
    send_home_pay: null,
    ...overrides,
    deadlines: { ...deadlinesOf(job, overrides), ...overrides.deadlines },
  };
}

const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

/**
 * The deadlines the server would send with its default policy (CLOCK_IN_EARLY 30m, NO_SHOW_AFTER 1h,
 * SENT_HOME_WINDOW 1h, AUTO_CLOCK_OUT_AFTER 4h, TIMESHEET_APPROVAL_DEADLINE 48h, HOURS_DISPUTE_WINDOW 24h).
 */
function deadlinesOf(
  job: { start_time: string; end_time: string },
  t: Partial<Timesheet>,
): Timesheet['deadlines'] {
  const answered = [...(t.events ?? [])].reverse().find((e) => e.type === 'adjusted' || e.type === 'no_show');
  return {
    clock_opens_at: plus(job.start_time, -30 * MINUTE),
    clock_closes_at: job.end_time,
    no_show_from: plus(job.start_time, 60 * MINUTE),
    send_home_until: t.clock_in_at ? plus(t.clock_in_at, 60 * MINUTE) : null,
    auto_clock_out_at: plus(job.end_time, 240 * MINUTE),
    approve_by: t.status === 'submitted' && t.clock_out_at ? plus(t.clock_out_at, 48 * 60 * MINUTE) : null,
    answer_by:
      (t.status === 'adjusted' || t.status === 'no_show') && answered
        ? plus(answered.at, 24 * 60 * MINUTE)
        : null,
  };
}

/** A 5-hour shift at $20 with a 30-minute break, starting `fromNowMs` from now (negative: started). */
export function dayJob(fromNowMs: number, overrides: Record<string, unknown> = {}) {
  return makeJob({
    ...shiftAt(fromNowMs, 5),
    status: 'filled',
    break_minutes: 30,
    subtotal_cents: 9_000,
    fee_cents: 630,
    total_cents: 9_630,
    ...overrides,
  });
}

/** The chef's job page of a confirmed shift, with its timesheet answered by `timesheet` (404 when null). */
export function chefShift(fromNowMs: number, timesheet: Partial<Timesheet> | null = null) {
  const applicationId = id('a');
  const job = {
    ...dayJob(fromNowMs),
    user_applied: true,
    user_application: { id: applicationId, status: 'accepted', worker_confirmed: true },
  };
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  const sheet = timesheet ? makeTimesheet(job, applicationId, timesheet) : null;
  fakeApi.on('GET', `/applications/${applicationId}/timesheet`, () =>
    sheet
      ? { body: { timesheet: sheet } }
      : { status: 404, body: { error: 'Timesheet not found', code: 'JOBS.APPLICATION_NOT_FOUND' } },
  );
  return { job, applicationId, sheet };
}

/** The restaurant's job page with one confirmed chef (Lucía) and the clock code. */
export function ownerShift(
  restaurantId: string,
  fromNowMs: number,
  /** the seat's timesheet (the server answers a confirmed seat with no clock event as not_started); null: 404 */
  timesheet: Partial<Timesheet> | null = {},
  clockCode: string | null = '4821',
) {
  const applicationId = id('a');
  const base = dayJob(fromNowMs, { restaurant_id: restaurantId });
  const job = {
    ...base,
    clock_code: clockCode,
    applications: [
      {
        id: applicationId,
        job_id: base.id,
        chef_id: id('e'),
        status: 'accepted',
        worker_confirmed: true,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        chef_profiles: {
          id: id('f'),
          user_id: id('e'),
          name: 'Lucía',
          bio: '',
          skills: [],
          travel_radius: null,
          profile_image_url: null,
        },
      },
    ],
  };
  const sheet = timesheet ? makeTimesheet(job, applicationId, timesheet) : null;
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', `/applications/${applicationId}/timesheet`, () =>
    sheet
      ? { body: { timesheet: sheet } }
      : { status: 404, body: { error: 'Timesheet not found', code: 'JOBS.APPLICATION_NOT_FOUND' } },
  );
  return { job, applicationId, sheet };
}

export const minutesAgo = (m: number) => new Date(Date.now() - m * MINUTE).toISOString();

/** axe's structural and naming rules on the page (jsdom has no layout: sizes are the browser stories' part). */
export async function accessibilityProblems(): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const result = await axe.run(document, {
    runOnly: {
      type: 'rule',
      values: ['heading-order', 'landmark-unique', 'region', 'label', 'button-name', 'aria-valid-attr-value'],
    },
  });
  return result.violations.map((v) => `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
