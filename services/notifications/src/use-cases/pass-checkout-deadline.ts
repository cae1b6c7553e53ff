import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordCheckoutOutcome, recordJob } from '../db/read-model.repository';
import { closeCheckout } from './close-checkout';
import { jobFactsOf } from '../domain/text-vars';

/**
 * The checkout deadline passed without both answers: the answer given stands (or the shift is paid out when
 * nobody answered). Reminders left are dropped and both sides read the outcome: paid out, refunded, or under
 * review.
 */
export async function passCheckoutDeadline(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.checkout.deadline_passed.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordCheckoutOutcome(ctx.database, tx, d.application_id, d.outcome);
  await closeCheckout(ctx, tx, d, { textOutcome: true });
}
