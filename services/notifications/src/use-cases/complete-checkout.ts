import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markCheckedOut, recordCheckoutOutcome } from '../db/read-model.repository';
import { closeCheckout } from './close-checkout';

/**
 * Both sides checked out: no rating or checkout-deadline reminders left to send. Payments' events bring the
 * money texts; when the answers disagree, both sides read that the shift is under review.
 */
export async function completeCheckout(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.checkout.completed.v1'>,
): Promise<void> {
  await markCheckedOut(ctx.database, tx, d.application_id, 'both');
  await recordCheckoutOutcome(ctx.database, tx, d.application_id, d.outcome);
  await closeCheckout(ctx, tx, d, { textOutcome: d.outcome === 'disputed' });
}
