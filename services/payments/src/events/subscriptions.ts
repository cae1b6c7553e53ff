import { subscribe, type Subscription } from '@brigade/kit';
import type { EventType } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { DecisionRefused } from '../domain/decision';
import { applyEdit, dropEdit } from '../use-cases/apply-edit';
import { bookSeat } from '../use-cases/book-seat';
import { requestEdit } from '../use-cases/edit-charge';
import { refundExpiredSeats } from '../use-cases/refund-expired-seats';
import { recordRefusedDecision } from '../use-cases/report-anomaly';
import { unbookSeat } from '../use-cases/unbook-seat';
import { onApplicationAccepted } from './on-application-accepted';
import { onApplicationSubmitted } from './on-application-submitted';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutDeadlinePassed } from './on-checkout-deadline-passed';
import { onDisputeResolved } from './on-dispute-resolved';
import { onJobCancelled } from './on-job-cancelled';
import { onJobExpired } from './on-job-expired';
import { onJobPosted } from './on-job-posted';
import { onChefProfileUpdated, onRestaurantProfileUpdated } from './on-profile-updated';
import { onUserRegistered } from './on-user-registered';
import {
  onNoShowMarked,
  onNoShowConfirmed,
  onTimesheetApproved,
  onTimesheetClockedIn,
  onTimesheetDisputed,
  onTimesheetResolved,
  onTimesheetSentHome,
  onTimesheetSubmitted,
} from './on-timesheet';

/** The money decisions whose refused figures are recorded as an anomaly (see `refusingLoudly`). */
const REFUSING_LOUDLY: ReadonlySet<string> = new Set<EventType>([
  'jobs.job.cancelled.v1',
  'jobs.dispute.resolved.v1',
  'jobs.job.posted.v1',
  'jobs.job.edit_requested.v1',
  'jobs.job.edited.v1',
  'jobs.job.edit_dropped.v1',
  'jobs.seat.expired.v1',
  'jobs.timesheet.approved.v1',
  'jobs.timesheet.resolved.v1',
  'jobs.timesheet.sent_home.v1',
]);

/**
 * Every event the payments service reacts to, in one table (queue `payments.<name>`, the name derived from the
 * event type: `payments.job-cancelled`, `payments.checkout-deadline-passed`, ...).
 */
export function paymentsSubscriptions(ctx: PaymentsContext): Subscription[] {
  return subscribe('payments', ctx, [
    ['identity.user.registered.v1', onUserRegistered],
    ['identity.chef_profile.updated.v1', onChefProfileUpdated],
    ['identity.restaurant_profile.updated.v1', onRestaurantProfileUpdated],
    ['jobs.job.posted.v1', onJobPosted],
    ['jobs.application.submitted.v1', onApplicationSubmitted],
    ['jobs.application.accepted.v1', onApplicationAccepted],
    ['jobs.application.confirmed.v1', (ctx, tx, data) => bookSeat(ctx, tx, data)],
    ['jobs.application.cancelled.v1', (ctx, tx, data) => unbookSeat(ctx, tx, data)],
    ['jobs.checkout.completed.v1', onCheckoutCompleted],
    ['jobs.checkout.deadline_passed.v1', onCheckoutDeadlinePassed],
    ['jobs.job.cancelled.v1', onJobCancelled],
    ['jobs.dispute.resolved.v1', onDisputeResolved],
    ['jobs.job.expired.v1', onJobExpired],
    ['jobs.seat.expired.v1', (ctx, tx, data) => refundExpiredSeats(ctx, tx, data)],
    ['jobs.timesheet.clocked_in.v1', onTimesheetClockedIn],
    ['jobs.timesheet.submitted.v1', onTimesheetSubmitted],
    ['jobs.timesheet.disputed.v1', onTimesheetDisputed],
    ['jobs.timesheet.no_show_marked.v1', onNoShowMarked],
    ['jobs.timesheet.no_show_confirmed.v1', onNoShowConfirmed],
    ['jobs.timesheet.approved.v1', onTimesheetApproved],
    ['jobs.timesheet.resolved.v1', onTimesheetResolved],
    ['jobs.timesheet.sent_home.v1', onTimesheetSentHome],
    ['jobs.job.edit_requested.v1', (ctx, tx, data) => requestEdit(ctx, tx, data)],
    ['jobs.job.edited.v1', (ctx, tx, data) => applyEdit(ctx, tx, data)],
    ['jobs.job.edit_dropped.v1', (ctx, tx, data) => dropEdit(ctx, tx, data)],
  ]).map((s) => (s.types.some((t) => REFUSING_LOUDLY.has(t)) ? refusingLoudly(ctx, s) : s));
}

/**
 * A money decision whose figures payments refuses (DecisionRefused) rolls its handler's transaction back and
 * is dead-lettered at once; the anomaly that says why is then written in a transaction of its own.
 */
function refusingLoudly(ctx: PaymentsContext, subscription: Subscription): Subscription {
  return {
    ...subscription,
    async handler(event) {
      try {
        await subscription.handler(event);
      } catch (err) {
        if (err instanceof DecisionRefused) await recordRefusedDecision(ctx, event, err);
        throw err;
      }
    },
  };
}
