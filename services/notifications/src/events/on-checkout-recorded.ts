import type { Handler } from './handler';
import { recordCheckout } from '../use-cases/record-checkout';

/**
 * One side checked out: no rating or checkout-deadline reminder for that side; when it was the chef, the
 * restaurant is texted.
 */
export const onCheckoutRecorded: Handler<'jobs.checkout.recorded.v1'> = (ctx, tx, d) =>
  recordCheckout(ctx, tx, d);
