import { on, type Subscription } from '@brigade/kit';
import type { Ctx } from '../context';
import { onApplicationAccepted } from './on-application-accepted';
import { onApplicationCancelled } from './on-application-cancelled';
import { onApplicationConfirmed } from './on-application-confirmed';
import { onApplicationDeclined } from './on-application-declined';
import { onApplicationRejected } from './on-application-rejected';
import { onApplicationSubmitted } from './on-application-submitted';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutDeadlinePassed } from './on-checkout-deadline-passed';
import { onCheckoutRecorded } from './on-checkout-recorded';
import { onChefProfileUpdated } from './on-chef-profile-updated';
import { onDisputeResolved } from './on-dispute-resolved';
import { onEscrowRefunded } from './on-escrow-refunded';
import { onEscrowSettled } from './on-escrow-settled';
import { onJobCancelled } from './on-job-cancelled';
import { onJobExpired } from './on-job-expired';
import { onJobOpened } from './on-job-opened';
import { onJobPosted } from './on-job-posted';
import { onMessageSent } from './on-message-sent';
import { onPayoutReleased } from './on-payout-released';
import { onRestaurantProfileUpdated } from './on-restaurant-profile-updated';
import { onThreadRead } from './on-thread-read';
import { onUserRegistered } from './on-user-registered';
import { onUserUpdated } from './on-user-updated';

const SERVICE = 'notifications';

/** Every event notifications reacts to. Each row is its own queue; every handler is idempotent (kit). */
export function subscriptions(ctx: Ctx): Subscription[] {
  const db = ctx.database;
  return [
    // who people are
    on(db, SERVICE, 'user-registered', 'identity.user.registered.v1', onUserRegistered(ctx)),
    on(db, SERVICE, 'user-updated', 'identity.user.updated.v1', onUserUpdated(ctx)),
    on(db, SERVICE, 'chef-profile-updated', 'identity.chef_profile.updated.v1', onChefProfileUpdated(ctx)),
    on(
      db,
      SERVICE,
      'restaurant-profile-updated',
      'identity.restaurant_profile.updated.v1',
      onRestaurantProfileUpdated(ctx),
    ),
    // shifts and applications
    on(db, SERVICE, 'job-posted', 'jobs.job.posted.v1', onJobPosted(ctx)),
    on(db, SERVICE, 'job-opened', 'jobs.job.opened.v1', onJobOpened(ctx)),
    on(db, SERVICE, 'job-cancelled', 'jobs.job.cancelled.v1', onJobCancelled(ctx)),
    on(db, SERVICE, 'job-expired', 'jobs.job.expired.v1', onJobExpired(ctx)),
    on(db, SERVICE, 'application-submitted', 'jobs.application.submitted.v1', onApplicationSubmitted(ctx)),
    on(db, SERVICE, 'application-accepted', 'jobs.application.accepted.v1', onApplicationAccepted(ctx)),
    on(db, SERVICE, 'application-rejected', 'jobs.application.rejected.v1', onApplicationRejected(ctx)),
    on(db, SERVICE, 'application-confirmed', 'jobs.application.confirmed.v1', onApplicationConfirmed(ctx)),
    on(db, SERVICE, 'application-declined', 'jobs.application.declined.v1', onApplicationDeclined(ctx)),
    on(db, SERVICE, 'application-cancelled', 'jobs.application.cancelled.v1', onApplicationCancelled(ctx)),
    on(db, SERVICE, 'checkout-recorded', 'jobs.checkout.recorded.v1', onCheckoutRecorded(ctx)),
    on(db, SERVICE, 'checkout-completed', 'jobs.checkout.completed.v1', onCheckoutCompleted(ctx)),
    on(
      db,
      SERVICE,
      'checkout-deadline-passed',
      'jobs.checkout.deadline_passed.v1',
      onCheckoutDeadlinePassed(ctx),
    ),
    on(db, SERVICE, 'dispute-resolved', 'jobs.dispute.resolved.v1', onDisputeResolved(ctx)),
    // money
    on(db, SERVICE, 'payout-released', 'payments.payout.released.v1', onPayoutReleased(ctx)),
    on(db, SERVICE, 'escrow-refunded', 'payments.escrow.refunded.v1', onEscrowRefunded(ctx)),
    on(db, SERVICE, 'escrow-settled', 'payments.escrow.settled.v1', onEscrowSettled(ctx)),
    // messages
    on(db, SERVICE, 'message-sent', 'messaging.message.sent.v1', onMessageSent(ctx)),
    on(db, SERVICE, 'thread-read', 'messaging.thread.read.v1', onThreadRead(ctx)),
  ];
}
