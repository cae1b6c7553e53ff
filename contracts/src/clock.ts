import type { Language } from './constants';
import { canTimesheet, type TimesheetAction, type TimesheetStatus } from './lifecycles/timesheet';
import type { Policy } from './policy';
import type { ShiftTimes } from './policy-rules';
import { paidUntil, type ClockTimes, type TimesheetShift, hoursDecisionBounds } from './timesheet-pay';

/**
 * The rules of the time clock (issue 34, ADR 0028) as pure functions: when a chef may clock in, where from, what
 * the clock code allows, and when the restaurant may send a chef home or mark a no-show. Each refusal is the
 * error code the jobs service answers with (contracts/src/errors.ts), so the service, the web app's buttons and
 * the tests read one rule. Times are instants (Date or ISO text); positions are WGS84 degrees and meters.
 */

const time = (t: Date | string) => new Date(t).getTime();

// ---------- when ----------

/** A chef may clock in from CLOCK_IN_EARLY before the start until the scheduled end. */
export function clockInWindow(
  policy: Pick<Policy, 'clockInEarlyMs'>,
  shift: ShiftTimes,
): { opens_at: Date; closes_at: Date } {
  return {
    opens_at: new Date(time(shift.start_time) - policy.clockInEarlyMs),
    closes_at: new Date(time(shift.end_time)),
  };
}

/** 422 JOBS.CLOCK_NOT_OPEN before the window opens or from the scheduled end; null when the clock is open. */
export function clockInRefusal(
  policy: Pick<Policy, 'clockInEarlyMs'>,
  shift: ShiftTimes,
  now: Date,
): 'JOBS.CLOCK_NOT_OPEN' | null {
  const { opens_at, closes_at } = clockInWindow(policy, shift);
  return now.getTime() < opens_at.getTime() || now.getTime() >= closes_at.getTime()
    ? 'JOBS.CLOCK_NOT_OPEN'
    : null;
}

/** A clock-in after the start + 10 minutes marks the timesheet late (shown, not punished). */
export function isLateClockIn(
  policy: Pick<Policy, 'lateClockInAfterMs'>,
  shift: ShiftTimes,
  clockInAt: Date | string,
): boolean {
  return time(clockInAt) > time(shift.start_time) + policy.lateClockInAfterMs;
}

/** When a chef still clocked in is clocked out automatically (the clock-out is recorded at the scheduled end). */
export function autoClockOutAt(policy: Pick<Policy, 'autoClockOutAfterMs'>, shift: ShiftTimes): Date {
  return new Date(time(shift.end_time) + policy.autoClockOutAfterMs);
}

/** When a submitted timesheet the restaurant left alone is approved as submitted. */
export function timesheetApprovalDeadline(
  policy: Pick<Policy, 'timesheetApprovalDeadlineMs'>,
  clockOutAt: Date | string,
): Date {
  return new Date(time(clockOutAt) + policy.timesheetApprovalDeadlineMs);
}

/** Until when the chef may dispute an adjustment or contest a no-show (from when it was made); silence accepts. */
export function hoursDisputeDeadline(
  policy: Pick<Policy, 'hoursDisputeWindowMs'>,
  since: Date | string,
): Date {
  return new Date(time(since) + policy.hoursDisputeWindowMs);
}

/** 409 JOBS.DISPUTE_WINDOW_PASSED once HOURS_DISPUTE_WINDOW has passed since the adjustment or the no-show. */
export function hoursDisputeRefusal(
  policy: Pick<Policy, 'hoursDisputeWindowMs'>,
  since: Date | string,
  now: Date,
): 'JOBS.DISPUTE_WINDOW_PASSED' | null {
  return now.getTime() > hoursDisputeDeadline(policy, since).getTime() ? 'JOBS.DISPUTE_WINDOW_PASSED' : null;
}

/** When an extra charge still unpaid becomes owed money in the operator console. */
export function balanceDueAt(policy: Pick<Policy, 'balanceDueAfterMs'>, failedAt: Date | string): Date {
  return new Date(time(failedAt) + policy.balanceDueAfterMs);
}

/** 409 JOBS.SENT_HOME_WINDOW_PASSED after SENT_HOME_WINDOW from the clock-in (the boundary itself is allowed). */
export function sendHomeRefusal(
  policy: Pick<Policy, 'sentHomeWindowMs'>,
  clockInAt: Date | string,
  now: Date,
): 'JOBS.SENT_HOME_WINDOW_PASSED' | null {
  return now.getTime() > time(clockInAt) + policy.sentHomeWindowMs ? 'JOBS.SENT_HOME_WINDOW_PASSED' : null;
}

/** 409 JOBS.NO_SHOW_TOO_EARLY before NO_SHOW_AFTER past the start (from the boundary on, a no-show may be marked). */
export function noShowRefusal(
  policy: Pick<Policy, 'noShowAfterMs'>,
  shift: ShiftTimes,
  now: Date,
): 'JOBS.NO_SHOW_TOO_EARLY' | null {
  return now.getTime() < time(shift.start_time) + policy.noShowAfterMs ? 'JOBS.NO_SHOW_TOO_EARLY' : null;
}

/**
 * 400 JOBS.TIMES_OUT_OF_BOUNDS for an adjustment (or a quote) whose times are out of bounds: a clock-in before
 * the start - CLOCK_IN_EARLY, a clock-out after the end + MAX_EXTRA_HOURS, a clock-out not after the clock-in,
 * an unreadable time or a break outside 0-120 minutes.
 */
export function adjustmentRefusal(
  policy: Pick<Policy, 'clockInEarlyMs' | 'maxExtraHours'>,
  shift: ShiftTimes,
  times: Pick<ClockTimes, 'clock_in_at' | 'clock_out_at' | 'break_minutes'>,
): 'JOBS.TIMES_OUT_OF_BOUNDS' | null {
  const clockIn = time(times.clock_in_at);
  const clockOut = time(times.clock_out_at);
  const ok =
    Number.isFinite(clockIn) &&
    Number.isFinite(clockOut) &&
    clockIn >= clockInWindow(policy, shift).opens_at.getTime() &&
    clockOut <= paidUntil(policy, shift).getTime() &&
    clockOut > clockIn &&
    Number.isInteger(times.break_minutes) &&
    times.break_minutes >= 0 &&
    times.break_minutes <= 120;
  return ok ? null : 'JOBS.TIMES_OUT_OF_BOUNDS';
}

/** 400 JOBS.WORKED_MINUTES_OUT_OF_RANGE for an operator's decision outside 0 .. scheduled + MAX_EXTRA_HOURS. */
export function hoursDecisionRefusal(
  policy: Pick<Policy, 'maxExtraHours'>,
  shift: TimesheetShift,
  worked: number,
): 'JOBS.WORKED_MINUTES_OUT_OF_RANGE' | null {
  const { max_worked_minutes } = hoursDecisionBounds(policy, shift);
  return Number.isInteger(worked) && worked >= 0 && worked <= max_worked_minutes
    ? null
    : 'JOBS.WORKED_MINUTES_OUT_OF_RANGE';
}

// ---------- the lifecycle's refusals ----------

/**
 * The code each timesheet action answers when the status does not allow it (409): a second clock-in, a clock-out
 * without a clock-in, an adjustment after approval, an answer to no adjustment, a decision on no dispute.
 */
export const TIMESHEET_REFUSALS = {
  clockIn: 'JOBS.ALREADY_CLOCKED_IN',
  clockOut: 'JOBS.NOT_CLOCKED_IN',
  autoClockOut: 'JOBS.NOT_CLOCKED_IN',
  approve: 'JOBS.TIMESHEET_NOT_SUBMITTED',
  autoApprove: 'JOBS.TIMESHEET_NOT_SUBMITTED',
  adjust: 'JOBS.TIMESHEET_NOT_SUBMITTED',
  accept: 'JOBS.NO_ADJUSTMENT',
  acceptBySilence: 'JOBS.NO_ADJUSTMENT',
  dispute: 'JOBS.NO_ADJUSTMENT',
  noShow: 'JOBS.ALREADY_CLOCKED_IN',
  contestNoShow: 'JOBS.NOT_NO_SHOW',
  resolve: 'JOBS.NOT_IN_DISPUTE',
  sendHome: 'JOBS.NOT_CLOCKED_IN',
} as const satisfies Record<TimesheetAction, string>;

/** The code refusing an action from this status, or null when the lifecycle allows it. */
export function timesheetActionRefusal(
  action: TimesheetAction,
  from: TimesheetStatus,
): (typeof TIMESHEET_REFUSALS)[TimesheetAction] | null {
  return canTimesheet(action, from) ? null : TIMESHEET_REFUSALS[action];
}

// ---------- the clock code ----------

/** The restaurant's clock code: 4 digits. */
export const CLOCK_CODE_PATTERN = /^\d{4}$/;

/** 422 JOBS.BAD_CLOCK_CODE unless the code given is the restaurant's code for this shift. */
export function clockCodeMismatch(expected: string, given: string): 'JOBS.BAD_CLOCK_CODE' | null {
  return CLOCK_CODE_PATTERN.test(given) && given === expected ? null : 'JOBS.BAD_CLOCK_CODE';
}

/** The wrong codes given for one application: CLOCK_CODE_MAX_WRONG in a row lock it for CLOCK_CODE_LOCK_MS. */
export interface ClockCodeAttempts {
  wrong_codes: number;
  locked_until: Date | string | null;
}

/** 429 JOBS.CLOCK_CODE_LOCKED while the lock lasts (a right code is refused too then). */
export function clockCodeRefusal(state: ClockCodeAttempts, now: Date): 'JOBS.CLOCK_CODE_LOCKED' | null {
  return state.locked_until !== null && now.getTime() < time(state.locked_until)
    ? 'JOBS.CLOCK_CODE_LOCKED'
    : null;
}

/**
 * The attempts after a wrong code (answered 422 JOBS.BAD_CLOCK_CODE): counted, and the fifth locks the code for
 * 15 minutes and starts the count again. A right code clears the count (`{ wrong_codes: 0, locked_until: null }`).
 */
export function afterWrongClockCode(
  policy: Pick<Policy, 'clockCodeMaxWrong' | 'clockCodeLockMs'>,
  state: ClockCodeAttempts,
  now: Date,
): ClockCodeAttempts {
  const wrong = state.wrong_codes + 1;
  if (wrong >= policy.clockCodeMaxWrong)
    return { wrong_codes: 0, locked_until: new Date(now.getTime() + policy.clockCodeLockMs) };
  return { wrong_codes: wrong, locked_until: state.locked_until };
}

// ---------- where ----------

export interface Place {
  latitude: number;
  longitude: number;
}
/** A position the browser gave: where, how precisely (meters, the radius of 68% confidence) and when. */
export interface PositionFix extends Place {
  accuracy_m?: number | null;
  at: Date | string;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two places, in meters (haversine on the mean Earth radius). */
export function distanceMeters(a: Place, b: Place): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Faster than this between two clock events, a position is not believed: an airliner's 1000 km/h, after both
 * positions' accuracy is given the benefit of the doubt. 50 km in a minute (3000 km/h) is refused.
 */
export const MAX_TRAVEL_METERS_PER_SECOND = 1_000_000 / 3600;

/**
 * The refusals of a position itself, whatever the clock event: accuracy worse than the geofence (422
 * JOBS.LOCATION_TOO_VAGUE; no accuracy given counts as vague), or a move from the previous clock event's position
 * faster than MAX_TRAVEL_METERS_PER_SECOND (422 JOBS.POSITION_JUMPED).
 */
export function positionRefusal(
  policy: Pick<Policy, 'geofenceMeters'>,
  position: PositionFix,
  previous?: PositionFix | null,
): 'JOBS.LOCATION_TOO_VAGUE' | 'JOBS.POSITION_JUMPED' | null {
  const accuracy = position.accuracy_m;
  if (accuracy === null || accuracy === undefined || !(accuracy <= policy.geofenceMeters))
    return 'JOBS.LOCATION_TOO_VAGUE';
  if (previous) {
    const moved = Math.max(0, distanceMeters(previous, position) - accuracy - (previous.accuracy_m ?? 0));
    const seconds = Math.max(1, Math.abs(time(position.at) - time(previous.at)) / 1000);
    if (moved / seconds > MAX_TRAVEL_METERS_PER_SECOND) return 'JOBS.POSITION_JUMPED';
  }
  return null;
}

export type ClockInPositionCheck =
  | { ok: true; distance_m: number }
  | {
      ok: false;
      code:
        'JOBS.NO_LOCATION_PIN' | 'JOBS.LOCATION_TOO_VAGUE' | 'JOBS.POSITION_JUMPED' | 'JOBS.OUTSIDE_GEOFENCE';
      /** meters from the pin, when there is one (the OUTSIDE_GEOFENCE message says it) */
      distance_m: number | null;
    };

/**
 * A location clock-in: refused at a restaurant without a pin (422 JOBS.NO_LOCATION_PIN; the code still works),
 * for a position refused by `positionRefusal`, or farther than GEOFENCE_METERS from the pin (422
 * JOBS.OUTSIDE_GEOFENCE, with the distance rounded to the meter).
 */
export function checkClockInPosition(
  policy: Pick<Policy, 'geofenceMeters'>,
  pin: Place | null,
  position: PositionFix,
  previous?: PositionFix | null,
): ClockInPositionCheck {
  if (!pin) return { ok: false, code: 'JOBS.NO_LOCATION_PIN', distance_m: null };
  const distance = Math.round(distanceMeters(pin, position));
  const refused = positionRefusal(policy, position, previous);
  if (refused) return { ok: false, code: refused, distance_m: distance };
  if (distance > policy.geofenceMeters)
    return { ok: false, code: 'JOBS.OUTSIDE_GEOFENCE', distance_m: distance };
  return { ok: true, distance_m: distance };
}

// ---------- the geofence refusal, in the chef's language ----------

const FEET_PER_METER = 3.28084;
const METERS_PER_MILE = 1609.344;

/** A distance as people in the US read it: feet (to the 10) under a mile, miles with one decimal above. */
export function formatDistance(meters: number, lang: Language): string {
  if (meters < METERS_PER_MILE) {
    const feet = Math.max(10, Math.round((meters * FEET_PER_METER) / 10) * 10);
    return lang === 'es' ? `${feet} pies` : `${feet} feet`;
  }
  const miles = (meters / METERS_PER_MILE).toFixed(1);
  return lang === 'es' ? `${miles} millas` : `${miles} miles`;
}

export const CLOCK_TEXTS = {
  en: {
    outside_geofence:
      'You are {distance} from the restaurant. Clock in within {radius} of it, or ask the restaurant for the clock code.',
  },
  es: {
    outside_geofence:
      'Estás a {distance} del restaurante. Marca tu entrada a menos de {radius}, o pide al restaurante el código de entrada.',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The message of a 422 JOBS.OUTSIDE_GEOFENCE, with the distance, in the chef's language. */
export function outsideGeofenceText(
  policy: Pick<Policy, 'geofenceMeters'>,
  distanceM: number,
  lang: Language,
): string {
  return CLOCK_TEXTS[lang].outside_geofence
    .replace('{distance}', formatDistance(distanceM, lang))
    .replace('{radius}', formatDistance(policy.geofenceMeters, lang));
}
