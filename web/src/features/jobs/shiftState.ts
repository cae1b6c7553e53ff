// Which actions and labels a screen shows for a shift, read from the contracts' lifecycles (who may do what from
// which state) plus what the tables leave to the clock: nothing is cancelled or confirmed after the shift's
// start, and nobody checks out before its end (`checkout_opens_at`, issue 32). Screens call these instead of
// comparing statuses themselves.
import {
  applicationState,
  canApplication,
  canJob,
  FINAL_JOB_STATUSES,
  type ApplicationState,
} from '../../shared/contracts';
import type { Application, JobPosting } from './jobsApi';

export type Side = 'chef' | 'restaurant';
type JobLike = Partial<JobPosting> | null | undefined;
type ApplicationLike = Pick<Application, 'status'> & { worker_confirmed?: boolean | null };

const time = (t: string | undefined | null) => (t ? new Date(t).getTime() : NaN);

export const started = (job: JobLike, now = Date.now()) => !!job?.start_time && time(job.start_time) <= now;
/** When checkout opens: the shift's scheduled end (the server's `checkout_opens_at`). */
export const checkoutOpensAt = (job: JobLike): string | undefined => job?.checkout_opens_at ?? job?.end_time;
/** Checkout is open: the shift's end has come. */
export const checkoutOpen = (job: JobLike, now = Date.now()) => {
  const at = checkoutOpensAt(job);
  return !!at && time(at) <= now;
};
export const byStart = (a?: string, b?: string) => new Date(a ?? 0).getTime() - new Date(b ?? 0).getTime();

/** The application's lifecycle state: its stored status plus the chef's confirmation. */
export const stateOf = (app: ApplicationLike): ApplicationState =>
  applicationState(app.status, app.worker_confirmed ?? null);

/** A job that will not change again (completed, cancelled, expired). */
export const isFinal = (job: JobLike) =>
  !!job?.status && (FINAL_JOB_STATUSES as readonly string[]).includes(job.status);

/** The owner may cancel: the job lifecycle allows it from this status, and the shift has not started. */
export function restaurantCanCancel(job: JobLike, now = Date.now()): boolean {
  return !!job?.status && canJob('cancel', job.status, 'restaurant') && !started(job, now);
}

/** The chef may withdraw (pending, accepted or confirmed), until the shift starts. */
export function chefCanCancel(app: ApplicationLike, job: JobLike, now = Date.now()): boolean {
  return canApplication('cancel', stateOf(app), 'chef') && !started(job, now);
}

/** The accepted chef's answer (confirm or decline) is awaited. */
export const chefCanAnswer = (app: ApplicationLike) => canApplication('confirm', stateOf(app), 'chef');

/** The owner may accept or reject this applicant: a pending application on a job that can still be filled. */
export function restaurantCanDecide(app: ApplicationLike, job: JobLike, now = Date.now()): boolean {
  return (
    canApplication('accept', stateOf(app), 'restaurant') &&
    !!job?.status &&
    canJob('fill', job.status) &&
    !started(job, now)
  );
}

/** The chef holds the shift (accepted or confirmed): withdrawing from it may be a late cancellation. */
export const holdsShift = (app: ApplicationLike) => {
  const state = stateOf(app);
  return state === 'awaiting_confirmation' || state === 'confirmed';
};

/** Still on: pending, accepted or confirmed (the states the application lifecycle lets the chef withdraw from). */
export const isLive = (app: ApplicationLike) => canApplication('cancel', stateOf(app));

/** The chef held the shift at some point: holds it now, or had confirmed it before it was cancelled. */
export const heldShift = (app: ApplicationLike) =>
  holdsShift(app) || (app.status === 'cancelled' && app.worker_confirmed === true);

/** Waiting for its card payment: the job lifecycle's escrowHeld may still open it. */
export const awaitingPayment = (job: JobLike) => !!job?.status && canJob('escrowHeld', job.status);

/** Within LATE_CANCEL_WINDOW of the start (the job's `late_cancel_from` is past). */
export function lateNow(job: JobLike, now = Date.now()): boolean {
  const from = time(job?.late_cancel_from);
  return Number.isFinite(from) && now >= from;
}

/** The late-cancellation window as a duration (start minus `late_cancel_from`), or null when unknown. */
export function lateWindowMs(job: JobLike): number | null {
  const ms = time(job?.start_time) - time(job?.late_cancel_from);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** The text key (jobs:applicationStatus.*) of an application's state as each side reads it. */
const APPLICATION_LABELS: Record<Side, Record<ApplicationState, string>> = {
  chef: {
    pending: 'pending',
    awaiting_confirmation: 'acceptedAwaitingYou',
    confirmed: 'confirmed',
    declined: 'declined',
    rejected: 'rejected',
    cancelled: 'cancelled',
    lapsed: 'lapsed',
  },
  restaurant: {
    pending: 'pendingReview',
    awaiting_confirmation: 'awaitingChef',
    confirmed: 'confirmed',
    declined: 'declined',
    rejected: 'rejected',
    cancelled: 'cancelled',
    lapsed: 'lapsedRestaurant',
  },
};
export const applicationLabel = (app: ApplicationLike, side: Side) =>
  `applicationStatus.${APPLICATION_LABELS[side][stateOf(app)]}`;

export type CheckoutState = 'checkout' | 'notYet' | 'waitingOther' | 'outcome';

/**
 * Where one side stands at checkout (null when there is nothing to say): its checkout to do, not yet open,
 * waiting for the other side, or over (`outcome`: the label is what the money did, the server's Job.money).
 */
export function checkoutState(side: Side, job: JobLike, now = Date.now()): CheckoutState | null {
  if (!job?.status) return null;
  if (job.status === 'completed' || job.status === 'disputed') return 'outcome';
  if (!canJob('complete', job.status, side)) return null;
  const mine = side === 'chef' ? job.chef_checkout_completed : job.restaurant_checkout_completed;
  if (mine) return 'waitingOther';
  return checkoutOpen(job, now) ? 'checkout' : 'notYet';
}

/**
 * The checkout deadline while answers are awaited (a filled shift whose checkout is open, not both sides
 * answered): when it falls and how long is left (negative once passed). Null when there is nothing to count down.
 */
export function checkoutDeadline(job: JobLike, now = Date.now()): { at: string; msLeft: number } | null {
  if (!job?.checkout_deadline || !job.status || !canJob('complete', job.status)) return null;
  if (!checkoutOpen(job, now) || (job.chef_checkout_completed && job.restaurant_checkout_completed))
    return null;
  return { at: job.checkout_deadline, msLeft: time(job.checkout_deadline) - now };
}
