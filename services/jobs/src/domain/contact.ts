import { contactWindow, type ApplicationStatus, type Policy } from '@brigade/contracts';
import type { JobRow } from './records';

// Issue 32: the two sides of a booked shift reach each other. Who may see whose phone, and when, is decided
// here (never by the web app): a chef confirmed the shift, and now is within its contact window.

/**
 * A shift a chef confirmed that was not cancelled: filled, then completed or disputed after checkout; and
 * (issue 35) a posting of several still open for its other seats, whose confirmed chefs hold theirs.
 */
const BOOKED_STATUSES: readonly JobRow['status'][] = ['open', 'filled', 'completed', 'disputed'];

/** Whether this application is the confirmed chef's of a booked shift. */
export function isBookedShift(
  job: Pick<JobRow, 'status'>,
  application: { status: ApplicationStatus; worker_confirmed: boolean | null },
): boolean {
  return (
    BOOKED_STATUSES.includes(job.status) &&
    application.status === 'accepted' &&
    application.worker_confirmed === true
  );
}

/**
 * When the phones of a booked shift are shown (CONTACT_WINDOW before the start until the checkout deadline),
 * and whether `now` is inside it.
 */
export function contactTimes(
  policy: Policy,
  job: Pick<JobRow, 'start_time' | 'end_time'>,
  now: Date,
): { from: Date; until: Date; open: boolean } {
  const { from, until } = contactWindow(policy, job.start_time, job.end_time);
  return { from, until, open: now >= from && now < until };
}
