import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { offerVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * Brigade withdrew a direct offer (issue 35): an operator suspended the chef (`chef_suspended`). The restaurant
 * is texted, in its language, that its offer ended because the chef cannot take shifts right now, with the link
 * to the shift to offer it to another chef; once per offer. The chef is not texted (the suspension tells them).
 */
export async function textOfferWithdrawn(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.offer.withdrawn.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'offer_withdrawn',
    vars: offerVars(d),
    dedupeKey: `offer_withdrawn:${d.offer_id}`,
  });
}
