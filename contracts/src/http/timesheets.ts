import { z } from 'zod';
import { IsoDateTime, NumberLike, Uuid } from '../common';
import { TIMESHEET_STATUSES } from '../lifecycles';

// Issue 34: the time clock and the timesheet (ADR 0028). Shapes only: no route serves them yet; the jobs
// service's endpoints and the route table come next. Every string is bounded (`.max()`), as the OWASP ruleset of
// the OpenAPI test asks.

export { TIMESHEET_STATUSES };
export const TimesheetStatus = z.enum(TIMESHEET_STATUSES);

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);
/** The browser's accuracy: the radius of 68% confidence, in meters (5 km is refused as too vague, not here). */
const AccuracyMeters = z.number().min(0).max(1_000_000);
/** The restaurant's 4-digit clock code. */
const ClockCode = z
  .string()
  .trim()
  .max(4)
  .regex(/^\d{4}$/);
/** The unpaid break, in whole minutes (0-120, as the posting's). */
const BreakMinutes = z.number().int().min(0).max(120);
const Cents = z.number().int().nonnegative();

/** A position and the code are both optional; a latitude comes with its longitude. */
const bothOrNeither = (v: { latitude?: number; longitude?: number }) =>
  (v.latitude === undefined) === (v.longitude === undefined);

// ---------- requests ----------

/** POST /applications/{id}/clock-in: by location (latitude, longitude, accuracy_m) or by the restaurant's code. */
export const ClockInRequest = z
  .object({
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
    accuracy_m: AccuracyMeters.optional(),
    code: ClockCode.optional(),
  })
  .refine(bothOrNeither, { path: ['longitude'], message: 'latitude and longitude go together' })
  .refine((v) => v.latitude !== undefined || v.code !== undefined, {
    path: ['code'],
    message: 'give your position or the clock code',
  })
  .meta({ id: 'ClockInRequest' });
export type ClockInRequest = z.infer<typeof ClockInRequest>;

/** POST /applications/{id}/clock-out: the position is not required; the chef confirms or corrects the break. */
export const ClockOutRequest = z
  .object({
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
    accuracy_m: AccuracyMeters.optional(),
    code: ClockCode.optional(),
    break_minutes: BreakMinutes.optional(),
  })
  .refine(bothOrNeither, { path: ['longitude'], message: 'latitude and longitude go together' })
  .meta({ id: 'ClockOutRequest' });
export type ClockOutRequest = z.infer<typeof ClockOutRequest>;

/** POST /applications/{id}/running-late: the restaurant is texted. */
export const RunningLateRequest = z
  .object({ minutes: z.number().int().min(1).max(240) })
  .meta({ id: 'RunningLateRequest' });
export type RunningLateRequest = z.infer<typeof RunningLateRequest>;

/** GET /applications/{id}/timesheet/quote: the times the restaurant is about to set (query strings). */
export const TimesheetQuoteQuery = z
  .object({
    clock_in_at: IsoDateTime.max(40),
    clock_out_at: IsoDateTime.max(40),
    break_minutes: NumberLike.pipe(BreakMinutes),
  })
  .meta({ id: 'TimesheetQuoteQuery' });
export type TimesheetQuoteQuery = z.infer<typeof TimesheetQuoteQuery>;

/** POST /applications/{id}/timesheet/adjust: the restaurant's times, with its reason (shown to the chef). */
export const AdjustTimesheetRequest = z
  .object({
    clock_in_at: IsoDateTime.max(40),
    clock_out_at: IsoDateTime.max(40),
    break_minutes: BreakMinutes,
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: 'AdjustTimesheetRequest' });
export type AdjustTimesheetRequest = z.infer<typeof AdjustTimesheetRequest>;

/** POST /applications/{id}/timesheet/dispute: the chef's statement (an adjustment, or a no-show contested). */
export const DisputeTimesheetRequest = z
  .object({ statement: z.string().trim().min(1).max(2000) })
  .meta({ id: 'DisputeTimesheetRequest' });
export type DisputeTimesheetRequest = z.infer<typeof DisputeTimesheetRequest>;

/** POST /applications/{id}/send-home */
export const SendHomeRequest = z
  .object({ reason: z.string().trim().max(500).optional().nullable() })
  .meta({ id: 'SendHomeRequest' });
export type SendHomeRequest = z.infer<typeof SendHomeRequest>;

/**
 * POST /ops/disputes/{jobId}/resolve on an hours dispute: the worked minutes the operator decided (0 to the
 * scheduled minutes + MAX_EXTRA_HOURS, `hoursDecisionBounds`), beside today's `chef_pay_cents` form.
 */
export const ResolveHoursDisputeRequest = z
  .object({
    worked_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    note: z.string().trim().min(1).max(2000),
    /** Issue 35: the disputed seat (as in ResolveDisputeRequest) */
    seat_no: z.number().int().min(1).max(20).optional(),
  })
  .meta({ id: 'ResolveHoursDisputeRequest' });
export type ResolveHoursDisputeRequest = z.infer<typeof ResolveHoursDisputeRequest>;

// ---------- responses ----------

/**
 * The money of a timesheet (contracts/src/timesheet-pay.ts `timesheetMoney`): total = chef pay + fee = the escrow's
 * charge + extra charge - refund; `charged_cents` is what has been collected so far (the escrow's charge, then
 * with the extra once collected). Before clock-out, the figures as scheduled.
 */
export const TimesheetPay = z
  .object({
    chef_pay_cents: Cents,
    fee_cents: Cents,
    total_cents: Cents,
    /** what has been collected for this seat so far: the escrow's charge, plus an extra once it is collected */
    charged_cents: Cents,
    extra_charge_cents: Cents,
    refund_cents: Cents,
    /**
     * A difference under the card minimum (50 cents) that is not moved: the timesheet says "under the minimum
     * charge". Not in the table: its words "the timesheet says" need it. Null when nothing was left.
     */
    under_minimum: z.object({ kind: z.enum(['extra', 'refund']), cents: Cents.max(49) }).nullable(),
  })
  .meta({ id: 'TimesheetPay' });
export type TimesheetPay = z.infer<typeof TimesheetPay>;

export const TIMESHEET_EVENT_TYPES = [
  'clock_in',
  'clock_out',
  'auto_clock_out',
  'running_late',
  'adjusted',
  'accepted',
  'approved',
  'auto_approved',
  'disputed',
  'resolved',
  'sent_home',
  'no_show',
] as const;

/** One clock event on the timesheet, with where it was made (the dispute queue shows locations and distances). */
export const TimesheetEvent = z
  .object({
    type: z.enum(TIMESHEET_EVENT_TYPES),
    at: z.string(),
    by: z.enum(['chef', 'restaurant', 'operator', 'system']),
    /** clock events: by location or by the restaurant's code */
    method: z.enum(['location', 'code']).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    accuracy_m: z.number().nullable(),
    /** meters from the restaurant's pin, when both are known */
    distance_m: z.number().int().nullable(),
    /** an adjustment's times */
    clock_in_at: z.string().nullable(),
    clock_out_at: z.string().nullable(),
    break_minutes: z.number().int().nullable(),
    /** running late: the minutes the chef announced */
    minutes: z.number().int().nullable(),
    /** the adjustment's reason, the dispute's statement, the operator's note, the sent-home reason */
    note: z.string().nullable(),
  })
  .meta({ id: 'TimesheetEvent' });
export type TimesheetEvent = z.infer<typeof TimesheetEvent>;

/** GET /applications/{id}/timesheet (the table, field for field; `pay.under_minimum` added). */
export const Timesheet = z
  .object({
    application_id: Uuid,
    job_id: Uuid,
    scheduled_start: z.string(),
    scheduled_end: z.string(),
    clock_in_at: z.string().nullable(),
    clock_out_at: z.string().nullable(),
    break_minutes: BreakMinutes,
    /** null until clock-out (the chef's screen counts the live minutes itself) */
    worked_minutes: z.number().int().nonnegative().nullable(),
    /** clocked in after the start + 10 minutes (shown, not punished) */
    late: z.boolean(),
    /** never clocked out: clocked out at the scheduled end AUTO_CLOCK_OUT_AFTER after it */
    auto_clocked_out: z.boolean(),
    status: TimesheetStatus,
    events: z.array(TimesheetEvent),
    pay: TimesheetPay,
    /**
     * When each rule acts on this seat, from the server's own policy (the screens show these times and never
     * guess a duration): the clock opens CLOCK_IN_EARLY before the start and closes at the end; a no-show may
     * be marked from NO_SHOW_AFTER past the start; the restaurant may send the chef home until SENT_HOME_WINDOW
     * after the clock-in (null before it); a chef still clocked in is clocked out at `auto_clock_out_at`; a
     * submitted timesheet is approved as submitted at `approve_by` (null until clock-out); the chef answers an
     * adjustment or a no-show by `answer_by` (null when there is none).
     */
    deadlines: z.object({
      clock_opens_at: z.string(),
      clock_closes_at: z.string(),
      no_show_from: z.string(),
      send_home_until: z.string().nullable(),
      auto_clock_out_at: z.string(),
      approve_by: z.string().nullable(),
      answer_by: z.string().nullable(),
    }),
    /**
     * While the chef is clocked in, to the restaurant: what sending the chef home now would pay
     * (max(worked, SENT_HOME_PAY_HOURS) x rate, capped at the shift pay) and refund, the figures the server
     * would move; null otherwise.
     */
    send_home_pay: TimesheetPay.nullable(),
  })
  .meta({ id: 'Timesheet' });
export type Timesheet = z.infer<typeof Timesheet>;

export const TimesheetResponse = z.object({ timesheet: Timesheet });
export type TimesheetResponse = z.infer<typeof TimesheetResponse>;
/** The quote: the pay block the change would give, before acting. */
export const TimesheetQuoteResponse = z.object({ pay: TimesheetPay });
export type TimesheetQuoteResponse = z.infer<typeof TimesheetQuoteResponse>;
