import { subscribe, type Subscription } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { onApplicationAccepted } from './on-application-accepted';
import { onApplicationCancelled } from './on-application-cancelled';
import { onApplicationConfirmed } from './on-application-confirmed';
import { onApplicationDeclined } from './on-application-declined';
import { onApplicationRejected } from './on-application-rejected';
import { onApplicationSubmitted } from './on-application-submitted';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutDeadlinePassed } from './on-checkout-deadline-passed';
import { onCheckoutRecorded } from './on-checkout-recorded';
import { onChefInvited } from './on-chef-invited';
import { onChefProfileUpdated } from './on-chef-profile-updated';
import { onDisputeResolved } from './on-dispute-resolved';
import { onEscrowRefunded } from './on-escrow-refunded';
import { onEscrowSettled } from './on-escrow-settled';
import { onJobCancelled } from './on-job-cancelled';
import { onJobExpired } from './on-job-expired';
import { onJobOpened } from './on-job-opened';
import { onJobPosted } from './on-job-posted';
import { onMessageSent } from './on-message-sent';
import { onOfferMade } from './on-offer-made';
import { onPayoutReleased } from './on-payout-released';
import { onRestaurantProfileUpdated } from './on-restaurant-profile-updated';
import { onThreadRead } from './on-thread-read';
import { onUserRegistered } from './on-user-registered';
import { onUserUpdated } from './on-user-updated';
import { textSeatsExpired } from '../use-cases/text-seats-expired';
import { textOfferAnswered } from '../use-cases/text-offer-answered';
import { textOfferExpired } from '../use-cases/text-offer-expired';
import { textOfferWithdrawn } from '../use-cases/text-offer-withdrawn';
import { textJobEdited } from '../use-cases/text-job-edited';
import { textEditAnswered } from '../use-cases/text-edit-answered';
import { textEditDropped } from '../use-cases/text-edit-dropped';
import { textEditChargeFailed } from '../use-cases/text-edit-charge-failed';
import { textOccurrencePaymentNeeded } from '../use-cases/text-occurrence-payment-needed';
import {
  onExtraChargeFailed,
  onNoShowMarked,
  onRunningLate,
  onSentHome,
  onTimesheetAdjusted,
  onTimesheetResolved,
} from './on-timesheet';

/**
 * Every event notifications reacts to. Each row is its own queue, `notifications.<entity>-<verb>` (kit
 * `queueName`); every handler is idempotent (kit).
 */
export function subscriptions(ctx: NotificationsContext): Subscription[] {
  return subscribe('notifications', ctx, [
    // who people are
    ['identity.user.registered.v1', onUserRegistered],
    ['identity.user.updated.v1', onUserUpdated],
    ['identity.chef_profile.updated.v1', onChefProfileUpdated],
    ['identity.restaurant_profile.updated.v1', onRestaurantProfileUpdated],
    // shifts and applications
    ['jobs.job.posted.v1', onJobPosted],
    ['jobs.job.opened.v1', onJobOpened],
    ['jobs.job.cancelled.v1', onJobCancelled],
    ['jobs.job.expired.v1', onJobExpired],
    // issue 35: the unbooked seats of a posting expired, its booked seats go on
    ['jobs.seat.expired.v1', (ctx, tx, d) => textSeatsExpired(ctx, tx, d)],
    ['jobs.chef.invited.v1', onChefInvited],
    ['jobs.offer.made.v1', onOfferMade],
    // issue 35: a direct offer ended without a booking (declined, unanswered, the chef suspended): its restaurant
    ['jobs.offer.answered.v1', (ctx, tx, d) => textOfferAnswered(ctx, tx, d)],
    ['jobs.offer.expired.v1', (ctx, tx, d) => textOfferExpired(ctx, tx, d)],
    ['jobs.offer.withdrawn.v1', (ctx, tx, d) => textOfferWithdrawn(ctx, tx, d)],
    // issue 35: an edit of a posted shift (its booked chefs answer it), and a series occurrence left unpaid
    ['jobs.job.edited.v1', (ctx, tx, d, event) => textJobEdited(ctx, tx, d, event.occurred_at)],
    ['jobs.job.edit_dropped.v1', (ctx, tx, d) => textEditDropped(ctx, tx, d)],
    ['jobs.application.edit_answered.v1', (ctx, tx, d) => textEditAnswered(ctx, tx, d)],
    ['jobs.occurrence.payment_needed.v1', (ctx, tx, d) => textOccurrencePaymentNeeded(ctx, tx, d)],
    ['jobs.application.submitted.v1', onApplicationSubmitted],
    ['jobs.application.accepted.v1', onApplicationAccepted],
    ['jobs.application.rejected.v1', onApplicationRejected],
    ['jobs.application.confirmed.v1', onApplicationConfirmed],
    ['jobs.application.declined.v1', onApplicationDeclined],
    ['jobs.application.cancelled.v1', onApplicationCancelled],
    ['jobs.checkout.recorded.v1', onCheckoutRecorded],
    ['jobs.checkout.completed.v1', onCheckoutCompleted],
    ['jobs.checkout.deadline_passed.v1', onCheckoutDeadlinePassed],
    ['jobs.dispute.resolved.v1', onDisputeResolved],
    // the working day (issue 34)
    ['jobs.timesheet.running_late.v1', onRunningLate],
    ['jobs.timesheet.adjusted.v1', onTimesheetAdjusted],
    ['jobs.timesheet.no_show_marked.v1', onNoShowMarked],
    ['jobs.timesheet.sent_home.v1', onSentHome],
    ['jobs.timesheet.resolved.v1', onTimesheetResolved],
    // money
    ['payments.payout.released.v1', onPayoutReleased],
    ['payments.escrow.refunded.v1', onEscrowRefunded],
    ['payments.escrow.settled.v1', onEscrowSettled],
    ['payments.extra_charge.failed.v1', onExtraChargeFailed],
    // issue 35: an edit's charge failed, the edit is not saved
    ['payments.edit_charge.failed.v1', (ctx, tx, d) => textEditChargeFailed(ctx, tx, d)],
    // messages
    ['messaging.message.sent.v1', onMessageSent],
    ['messaging.thread.read.v1', onThreadRead],
  ]);
}
