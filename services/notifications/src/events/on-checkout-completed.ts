import type { Handler } from './handler';
import { completeCheckout } from '../use-cases/complete-checkout';

/**
 * Both sides checked out: no rating or checkout-deadline reminders left to send. Payments' events bring the
 * money texts; when the answers disagree, both sides read that the shift is under review.
 */
export const onCheckoutCompleted: Handler<'jobs.checkout.completed.v1'> = (ctx, tx, d) =>
  completeCheckout(ctx, tx, d);
