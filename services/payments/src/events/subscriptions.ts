import { on, type Subscription } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { DecisionRefused } from '../domain/decision';
import { recordRefusedDecision } from '../use-cases/report-anomaly';
import { onApplicationAccepted } from './on-application-accepted';
import { onApplicationSubmitted } from './on-application-submitted';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onCheckoutDeadlinePassed } from './on-checkout-deadline-passed';
import { onDisputeResolved } from './on-dispute-resolved';
import { onJobCancelled } from './on-job-cancelled';
import { onJobExpired } from './on-job-expired';
import { onJobPosted } from './on-job-posted';
import { onUserRegistered } from './on-user-registered';

/** Every event the payments service reacts to, in one table (queue `payments.<name>`). */
export function paymentsSubscriptions(ctx: PaymentsContext): Subscription[] {
  const db = ctx.database;
  return [
    on(db, 'payments', 'user-registered', 'identity.user.registered.v1', (tx, data) =>
      onUserRegistered(ctx, tx, data),
    ),
    on(db, 'payments', 'job-posted', 'jobs.job.posted.v1', (tx, data) => onJobPosted(ctx, tx, data)),
    on(db, 'payments', 'application-submitted', 'jobs.application.submitted.v1', (tx, data) =>
      onApplicationSubmitted(ctx, tx, data),
    ),
    on(db, 'payments', 'application-accepted', 'jobs.application.accepted.v1', (tx, data, event) =>
      onApplicationAccepted(ctx, tx, data, event),
    ),
    on(db, 'payments', 'checkout-completed', 'jobs.checkout.completed.v1', (tx, data) =>
      onCheckoutCompleted(ctx, tx, data),
    ),
    on(db, 'payments', 'checkout-deadline-passed', 'jobs.checkout.deadline_passed.v1', (tx, data) =>
      onCheckoutDeadlinePassed(ctx, tx, data),
    ),
    refusingLoudly(
      ctx,
      on(db, 'payments', 'job-cancelled', 'jobs.job.cancelled.v1', (tx, data, event) =>
        onJobCancelled(ctx, tx, data, event),
      ),
    ),
    refusingLoudly(
      ctx,
      on(db, 'payments', 'dispute-resolved', 'jobs.dispute.resolved.v1', (tx, data) =>
        onDisputeResolved(ctx, tx, data),
      ),
    ),
    on(db, 'payments', 'job-expired', 'jobs.job.expired.v1', (tx, data, event) =>
      onJobExpired(ctx, tx, data, event),
    ),
  ];
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
