import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { offerVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * A direct offer ended unanswered (issue 35): the restaurant is texted, in its language, that the chef did not
 * answer in time, with the link to the shift to offer it to another chef; once per offer. An offer that ended
 * at the shift's start is not texted: nobody can be offered a started shift, and its expiry (or its unbooked
 * seats') is told by jobs.job.expired.v1 / jobs.seat.expired.v1.
 */
export async function textOfferExpired(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.offer.expired.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  if (Date.parse(d.expired_at) >= Date.parse(d.start_time)) return;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'offer_expired',
    vars: offerVars(d),
    dedupeKey: `offer_expired:${d.offer_id}`,
  });
}
