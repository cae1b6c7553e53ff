import { on, type Subscription } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { onApplicationSubmitted } from './on-application-submitted';
import { onCheckoutCompleted } from './on-checkout-completed';
import { onJobCancelled } from './on-job-cancelled';
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
    on(db, 'payments', 'checkout-completed', 'jobs.checkout.completed.v1', (tx, data) =>
      onCheckoutCompleted(ctx, tx, data),
    ),
    on(db, 'payments', 'job-cancelled', 'jobs.job.cancelled.v1', (tx, data) => onJobCancelled(ctx, tx, data)),
  ];
}
