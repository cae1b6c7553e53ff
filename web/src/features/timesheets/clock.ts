import { loadPolicy, workedMinutes } from '@brigade/contracts';
import type { Timesheet } from './timesheetsApi';

// The time clock's rules as the screens read them: every "when" comes from the timesheet's own `deadlines`, which
// the server computes with the policy it runs with (CLOCK_IN_EARLY, SENT_HOME_WINDOW, NO_SHOW_AFTER,
// HOURS_DISPUTE_WINDOW may be set per deployment), so a screen never shows a time the server would refuse. They
// only decide what a button says before it is pressed; the server decides, and its refusal is shown.

/** The policy's defaults: only for the live counter's cap (the server's minutes are shown once clocked out). */
const DEFAULT_POLICY = loadPolicy({});

/** The unpaid break, 0 to 120 minutes (the posting's, the chef's at clock-out, the restaurant's adjustment). */
export { MAX_BREAK_MINUTES } from '../jobs';

const at = (iso: string) => new Date(iso);

/** When the chef may clock in: from CLOCK_IN_EARLY before the start until the scheduled end. */
export const clockOpensAt = (timesheet: Timesheet): Date => at(timesheet.deadlines.clock_opens_at);

/**
 * The worked minutes shown live while clocked in: the contracts' rule (from the later of the clock-in and the
 * start, to now, in whole minutes), before any break (the chef states the break at clock-out).
 */
export function liveWorkedMinutes(timesheet: Timesheet, now: number): number {
  if (!timesheet.clock_in_at) return 0;
  return workedMinutes(
    DEFAULT_POLICY,
    { start_time: timesheet.scheduled_start, end_time: timesheet.scheduled_end },
    { clock_in_at: timesheet.clock_in_at, clock_out_at: new Date(now), break_minutes: 0 },
  );
}

/** When the send-home window closes (SENT_HOME_WINDOW after the clock-in); null before the clock-in. */
export const sendHomeUntil = (timesheet: Timesheet): Date | null =>
  timesheet.deadlines.send_home_until ? at(timesheet.deadlines.send_home_until) : null;

/** The restaurant may still send the chef home (within SENT_HOME_WINDOW of the clock-in; the boundary too). */
export function canSendHome(timesheet: Timesheet, now: number): boolean {
  const until = sendHomeUntil(timesheet);
  return until !== null && now <= until.getTime();
}

/** When a no-show may be marked (NO_SHOW_AFTER past the start). */
export const noShowFrom = (timesheet: Timesheet): Date => at(timesheet.deadlines.no_show_from);

/** A no-show may be marked now (nobody clocked in, NO_SHOW_AFTER past the start). */
export const canMarkNoShow = (timesheet: Timesheet, now: number) => now >= noShowFrom(timesheet).getTime();

/** Until when the chef may dispute an adjustment or contest a no-show; null when there is nothing to answer. */
export const disputeUntil = (timesheet: Timesheet): Date | null =>
  timesheet.deadlines.answer_by ? at(timesheet.deadlines.answer_by) : null;

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
