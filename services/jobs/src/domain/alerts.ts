import { fitsAvailability, roundMiles, type EventAlert, type WeeklyAvailability } from '@brigade/contracts';
import type { JobRow } from './records';

export type { EventAlert };

// Issue 37: the rules of who is told about a shift, as pure functions (choose-alerts.ts reads, these decide).

/** The roster-first columns of a job row (migration 0023). */
type RosterWindow = Pick<JobRow, 'roster_first_until' | 'roster_first_minutes'>;

/**
 * Whether only the restaurant's favorites may be told now: its roster-first window has not ended. A shift
 * opening with a window whose end is not stamped yet (the window starts as it opens) is inside it too.
 */
export function insideRosterWindow(job: RosterWindow, now: Date, opening: boolean): boolean {
  if (job.roster_first_until) return new Date(job.roster_first_until).getTime() > now.getTime();
  return opening && Number(job.roster_first_minutes ?? 0) > 0;
}

/** A chef in range of the restaurant as the read found them: user id, weekly availability (null: unknown), miles. */
export interface InRange {
  chef_id: string;
  availability: unknown;
  miles: number;
}

/**
 * The chefs in range whose weekly availability covers the shift (in the restaurant's time zone), in the order
 * given (nearest first), as `nearby` alerts with the miles (one decimal) and the weekday, at most `room`.
 */
export function nearbyAlerts(
  candidates: InRange[],
  shift: { start_time: Date | string; end_time: Date | string },
  timeZone: string,
  room: number,
): EventAlert[] {
  const alerts: EventAlert[] = [];
  for (const c of candidates) {
    if (alerts.length >= room) break;
    const fit = fitsAvailability(
      c.availability as WeeklyAvailability | null,
      shift.start_time,
      shift.end_time,
      timeZone,
    );
    if (!fit.fits) continue;
    alerts.push({ chef_id: c.chef_id, reason: 'nearby', miles: roundMiles(c.miles), weekday: fit.weekday });
  }
  return alerts;
}
