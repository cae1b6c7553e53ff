import { markCheckedOut, recordCheckoutOutcome } from '../db/read-model.repository';
import { closeCheckout } from '../use-cases/close-checkout';
import type { Handler } from './handler';

/**
 * Both sides checked out: no rating or checkout-deadline reminders left to send. Payments' events bring the
 * money texts; when the answers disagree, both sides read that the shift is under review.
 */
export const onCheckoutCompleted: Handler<'jobs.checkout.completed.v1'> = async (ctx, tx, d) => {
  await markCheckedOut(ctx.database, tx, d.application_id, 'both');
  await recordCheckoutOutcome(ctx.database, tx, d.application_id, d.outcome);
  await closeCheckout(ctx, tx, d, { textOutcome: d.outcome === 'disputed' });
};
