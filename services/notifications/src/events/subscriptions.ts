import { textInstantPayoutFailed, textInstantPayoutPaid } from '../use-cases/text-instant-payout';
import { onlyWhen, subscribe, type Subscription } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { announceOpenJob } from '../use-cases/announce-open-job';
import { textRosterWindowEnded, textShiftBoosted } from '../use-cases/text-shift-alerts';
import { completeCheckout } from '../use-cases/complete-checkout';
import { passCheckoutDeadline } from '../use-cases/pass-checkout-deadline';
import { recordCheckout } from '../use-cases/record-checkout';
import { recordChefProfile } from '../use-cases/record-chef-profile';
import { recordDisputeDecision } from '../use-cases/record-dispute-decision';
import { recordMessage } from '../use-cases/record-message';
import { recordPostedJob } from '../use-cases/record-posted-job';
import { recordUserRegistration } from '../use-cases/record-registration';
import { recordRestaurantProfile } from '../use-cases/record-restaurant-profile';
import { recordUserChange } from '../use-cases/record-user-update';
import { recordThreadRead } from '../use-cases/reminders';
import { textAppealDecision } from '../use-cases/text-appeal-decision';
import { textApplication } from '../use-cases/text-application';
import { isDisputeLost, textCardDisputeLost } from '../use-cases/text-card-dispute-lost';
import { textChefInvited } from '../use-cases/text-chef-invited';
import { isEditDeclined, textEditAnswered } from '../use-cases/text-edit-answered';
import { textEditChargeFailed } from '../use-cases/text-edit-charge-failed';
import { isDroppedOnClose, textEditDropped } from '../use-cases/text-edit-dropped';
import { textExtraChargeFailed } from '../use-cases/text-extra-charge-failed';
import { textHoursDecided } from '../use-cases/text-hours-decided';
import { textJobCancelled } from '../use-cases/text-job-cancelled';
import { textJobEdited } from '../use-cases/text-job-edited';
import { textJobExpired } from '../use-cases/text-job-expired';
import { textNoShowMarked } from '../use-cases/text-no-show';
import { textOccurrencePaymentNeeded } from '../use-cases/text-occurrence-payment-needed';
import { textOfferAnswered } from '../use-cases/text-offer-answered';
import { textOfferExpired } from '../use-cases/text-offer-expired';
import { textOfferMade } from '../use-cases/text-offer-made';
import { textReconfirmationRequested } from '../use-cases/text-reconfirmation';
import { textOfferWithdrawn } from '../use-cases/text-offer-withdrawn';
import { textPayout } from '../use-cases/text-payout';
import { isRefundTexted, textRefund } from '../use-cases/text-refund';
import { textRunningLate } from '../use-cases/text-running-late';
import { textSeatsExpired } from '../use-cases/text-seats-expired';
import { textSentHome } from '../use-cases/text-sent-home';
import { textSettlement } from '../use-cases/text-settlement';
import { textStatementReady } from '../use-cases/text-statement-ready';
import { textTimesheetAdjusted } from '../use-cases/text-timesheet-adjusted';
import { textTipFailed, textTipPaid } from '../use-cases/text-tip';
import { textReviewHidden } from '../use-cases/text-review-hidden';
import { textCredential } from '../use-cases/text-credential';

/**
 * Every event notifications reacts to, and the use case each one runs (its comment says what is texted). Each
 * row is its own queue, `notifications.<entity>-<verb>` (kit `queueName`); every handler is idempotent (kit).
 */
export function subscriptions(ctx: NotificationsContext): Subscription[] {
  return subscribe('notifications', ctx, [
    // who people are: phone, language, names, cities (texts go there, in that language)
    ['identity.user.registered.v1', (c, tx, d) => recordUserRegistration(c, tx, d)],
    ['identity.user.updated.v1', (c, tx, d) => recordUserChange(c, tx, d)],
    ['identity.chef_profile.updated.v1', (c, tx, d) => recordChefProfile(c, tx, d)],
    ['identity.restaurant_profile.updated.v1', (c, tx, d) => recordRestaurantProfile(c, tx, d)],
    // shifts: favorites then the city hear of an open shift; chefs on a cancelled or expired one are told
    ['jobs.job.posted.v1', (c, tx, d) => recordPostedJob(c, tx, d)],
    ['jobs.job.opened.v1', (c, tx, d, event) => announceOpenJob(c, tx, d, event)],
    // issue 37: the chefs jobs chose hear that a roster-first shift is open to them, or that a shift was boosted
    ['jobs.job.roster_window_ended.v1', (c, tx, d) => textRosterWindowEnded(c, tx, d)],
    ['jobs.job.boosted.v1', (c, tx, d) => textShiftBoosted(c, tx, d)],
    ['jobs.job.cancelled.v1', (c, tx, d) => textJobCancelled(c, tx, d)],
    ['jobs.job.expired.v1', (c, tx, d) => textJobExpired(c, tx, d)],
    // issue 35: the unbooked seats of a posting expired, its booked seats go on
    ['jobs.seat.expired.v1', (c, tx, d) => textSeatsExpired(c, tx, d)],
    ['jobs.chef.invited.v1', (c, tx, d) => textChefInvited(c, tx, d)],
    ['jobs.offer.made.v1', (c, tx, d) => textOfferMade(c, tx, d)],
    // issue 37: a booked chef is asked to reconfirm (a standby offer is an offer.made of kind standby)
    ['jobs.reconfirmation.requested.v1', (c, tx, d) => textReconfirmationRequested(c, tx, d)],
    // issue 35: a direct offer ended without a booking (declined, unanswered, the chef suspended): its restaurant
    ['jobs.offer.answered.v1', (c, tx, d) => textOfferAnswered(c, tx, d)],
    ['jobs.offer.expired.v1', (c, tx, d) => textOfferExpired(c, tx, d)],
    ['jobs.offer.withdrawn.v1', (c, tx, d) => textOfferWithdrawn(c, tx, d)],
    // issue 35: an edit of a posted shift (its booked chefs answer it), and a series occurrence left unpaid
    ['jobs.job.edited.v1', (c, tx, d, event) => textJobEdited(c, tx, d, event.occurred_at)],
    [
      'jobs.job.edit_dropped.v1',
      onlyWhen<NotificationsContext, 'jobs.job.edit_dropped.v1'>(isDroppedOnClose, textEditDropped),
    ],
    [
      'jobs.application.edit_answered.v1',
      onlyWhen<NotificationsContext, 'jobs.application.edit_answered.v1'>(isEditDeclined, textEditAnswered),
    ],
    ['jobs.occurrence.payment_needed.v1', (c, tx, d) => textOccurrencePaymentNeeded(c, tx, d)],
    // applications: one table-driven use case (status, text and recipient per event)
    [
      'jobs.application.submitted.v1',
      (c, tx, d) => textApplication(c, tx, 'jobs.application.submitted.v1', d),
    ],
    ['jobs.application.accepted.v1', (c, tx, d) => textApplication(c, tx, 'jobs.application.accepted.v1', d)],
    ['jobs.application.rejected.v1', (c, tx, d) => textApplication(c, tx, 'jobs.application.rejected.v1', d)],
    [
      'jobs.application.confirmed.v1',
      (c, tx, d) => textApplication(c, tx, 'jobs.application.confirmed.v1', d),
    ],
    ['jobs.application.declined.v1', (c, tx, d) => textApplication(c, tx, 'jobs.application.declined.v1', d)],
    [
      'jobs.application.cancelled.v1',
      (c, tx, d) => textApplication(c, tx, 'jobs.application.cancelled.v1', d),
    ],
    // checkout: reminders dropped per side, the restaurant told of the chef's; the outcome after the deadline
    ['jobs.checkout.recorded.v1', (c, tx, d) => recordCheckout(c, tx, d)],
    ['jobs.checkout.completed.v1', (c, tx, d) => completeCheckout(c, tx, d)],
    ['jobs.checkout.deadline_passed.v1', (c, tx, d) => passCheckoutDeadline(c, tx, d)],
    ['jobs.dispute.resolved.v1', (c, tx, d) => recordDisputeDecision(c, tx, d)],
    // the working day (issue 34)
    ['jobs.timesheet.running_late.v1', (c, tx, d) => textRunningLate(c, tx, d)],
    ['jobs.timesheet.adjusted.v1', (c, tx, d) => textTimesheetAdjusted(c, tx, d)],
    ['jobs.timesheet.no_show_marked.v1', (c, tx, d) => textNoShowMarked(c, tx, d)],
    ['jobs.timesheet.sent_home.v1', (c, tx, d) => textSentHome(c, tx, d)],
    ['jobs.timesheet.resolved.v1', (c, tx, d) => textHoursDecided(c, tx, d)],
    // money: the chef's pay, the restaurant's refund, a split, a failed extra charge
    ['payments.payout.released.v1', (c, tx, d) => textPayout(c, tx, d)],
    [
      'payments.escrow.refunded.v1',
      onlyWhen<NotificationsContext, 'payments.escrow.refunded.v1'>(isRefundTexted, textRefund),
    ],
    ['payments.escrow.settled.v1', (c, tx, d) => textSettlement(c, tx, d)],
    ['payments.extra_charge.failed.v1', (c, tx, d) => textExtraChargeFailed(c, tx, d)],
    // issue 38: a card dispute lost: the restaurant pays it back to post again (an opened one texts nobody)
    [
      'payments.card_dispute.closed.v1',
      onlyWhen<NotificationsContext, 'payments.card_dispute.closed.v1'>(isDisputeLost, textCardDisputeLost),
    ],
    // issue 35: an edit's charge failed, the edit is not saved
    ['payments.edit_charge.failed.v1', (c, tx, d) => textEditChargeFailed(c, tx, d)],
    // issue 38: a tip reached the chef; a tip's card did not pay (its restaurant)
    ['payments.tip.paid.v1', (c, tx, d) => textTipPaid(c, tx, d)],
    ['payments.tip.failed.v1', (c, tx, d) => textTipFailed(c, tx, d)],
    // issue 39: a chef's credential verified, rejected or revoked by an operator, or expiring soon
    ['identity.credential.verified.v1', (c, tx, d) => textCredential(c, tx, 'credential_verified_chef', d)],
    ['identity.credential.rejected.v1', (c, tx, d) => textCredential(c, tx, 'credential_rejected_chef', d)],
    ['identity.credential.revoked.v1', (c, tx, d) => textCredential(c, tx, 'credential_revoked_chef', d)],
    ['identity.credential.expiring.v1', (c, tx, d) => textCredential(c, tx, 'credential_expiring_chef', d)],
    // issue 38: a chef's instant payout landed or failed
    ['payments.instant_payout.paid.v1', (c, tx, d) => textInstantPayoutPaid(c, tx, d)],
    ['payments.instant_payout.failed.v1', (c, tx, d) => textInstantPayoutFailed(c, tx, d)],
    // issue 38: a restaurant's weekly statement is ready (STATEMENT_DAY): the link to it
    ['payments.statement.ready.v1', (c, tx, d) => textStatementReady(c, tx, d)],
    // issue 39: an appeal of a mark decided (removed or kept): the appellant
    ['jobs.appeal.decided.v1', (c, tx, d) => textAppealDecision(c, tx, d)],
    // issue 39: a review hidden by an operator: its author and the side reviewed are told
    ['jobs.review.hidden.v1', (c, tx, d) => textReviewHidden(c, tx, d)],
    // messages: a text 10 minutes after an unread message, none once the thread is read
    ['messaging.message.sent.v1', (c, tx, d) => recordMessage(c, tx, d)],
    ['messaging.thread.read.v1', (c, tx, d) => recordThreadRead(c, tx, d)],
  ]);
}
