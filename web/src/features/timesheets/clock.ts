import {
  clockInWindow,
  hoursDisputeDeadline,
  loadPolicy,
  noShowRefusal,
  sendHomeRefusal,
  workedMinutes,
  type ShiftTimes,
} from '@brigade/contracts';
import type { Timesheet } from './timesheetsApi';

// The time clock's rules as the screens read them: the contracts' own functions (contracts/src/clock.ts and
// timesheet-pay.ts) with the policy's defaults (CLOCK_IN_EARLY 30m, SENT_HOME_WINDOW 1h, NO_SHOW_AFTER 1h...).
// They only decide what a button says before it is pressed; the server decides, and its refusal is shown.

export const CLOCK_POLICY = loadPolicy({});

/** The unpaid break, 0 to 120 minutes (the posting's, the chef's at clock-out, the restaurant's adjustment). */
export { MAX_BREAK_MINUTES } from '../jobs/validation';

/** When the chef may clock in: from CLOCK_IN_EARLY before the start until the scheduled end. */
export const clockOpensAt = (shift: ShiftTimes): Date => clockInWindow(CLOCK_POLICY, shift).opens_at;

/**
 * The worked minutes shown live while clocked in: the contracts' rule (from the later of the clock-in and the
 * start, to now, in whole minutes), before any break (the chef states the break at clock-out).
 */
export function liveWorkedMinutes(timesheet: Timesheet, now: number): number {
  if (!timesheet.clock_in_at) return 0;
  return workedMinutes(
    CLOCK_POLICY,
    { start_time: timesheet.scheduled_start, end_time: timesheet.scheduled_end },
    { clock_in_at: timesheet.clock_in_at, clock_out_at: new Date(now), break_minutes: 0 },
  );
}

/** The restaurant may still send the chef home (within SENT_HOME_WINDOW of the clock-in). */
export const canSendHome = (clockInAt: string, now: number) =>
  sendHomeRefusal(CLOCK_POLICY, clockInAt, new Date(now)) === null;

/** When the send-home window closes. */
export const sendHomeUntil = (clockInAt: string): Date =>
  new Date(new Date(clockInAt).getTime() + CLOCK_POLICY.sentHomeWindowMs);

/** A no-show may be marked (NO_SHOW_AFTER past the start, nobody clocked in). */
export const canMarkNoShow = (shift: ShiftTimes, now: number) =>
  noShowRefusal(CLOCK_POLICY, shift, new Date(now)) === null;

/** When a no-show may be marked. */
export const noShowFrom = (shift: ShiftTimes): Date =>
  new Date(new Date(shift.start_time).getTime() + CLOCK_POLICY.noShowAfterMs);

/** Until when the chef may dispute an adjustment or contest a no-show (from its event). */
export function disputeUntil(timesheet: Timesheet): Date | null {
  const event = [...timesheet.events].reverse().find((e) => e.type === 'adjusted' || e.type === 'no_show');
  return event ? hoursDisputeDeadline(CLOCK_POLICY, event.at) : null;
}

/** The latest event of a type (the adjustment with its reason, the running-late notice...). */
export const lastEvent = (timesheet: Timesheet, type: Timesheet['events'][number]['type']) =>
  [...timesheet.events].reverse().find((e) => e.type === type) ?? null;

/** "2 h 05 min" / "45 min": worked time as both sides read it. */
export function minutesText(minutes: number, t: (key: string, o?: Record<string, unknown>) => string) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('day.hoursMinutes', { h, m: String(m).padStart(2, '0') }) : t('day.minutesOnly', { m });
}

/** Why the browser gave no position. */
export type PositionProblem = 'denied' | 'failed';

/** The browser's position once, fresh and as precise as the phone can, for a location clock-in. */
export function readPosition(): Promise<{ latitude: number; longitude: number; accuracy_m: number }> {
  return new Promise((resolve, reject: (p: PositionProblem) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject('failed');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy_m: Math.round(coords.accuracy * 10) / 10,
        }),
      (err) => reject(err.code === 1 ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}
