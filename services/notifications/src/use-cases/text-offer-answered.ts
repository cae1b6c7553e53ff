import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { offerVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * A chef answered a direct offer (issue 35). Declined: the restaurant is texted, in its language, that the chef
 * declined, with the link to the shift to offer it to another chef; once per offer. Accepted: nothing here, the
 * booking's own jobs.application.confirmed.v1 tells the restaurant the chef confirmed.
 */
export async function textOfferAnswered(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.offer.answered.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  if (d.answer !== 'declined') return;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'offer_declined',
    vars: offerVars(d),
    dedupeKey: `offer_declined:${d.offer_id}`,
  });
}
