import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';

/**
 * A restaurant offered a chef one of its shifts (issue 35): the chef is texted the restaurant, the shift's day
 * and time and what it pays them, with the link to their dashboard where they accept or decline it. Once per
 * offer; SMS Notifications off: recorded as suppressed.
 */
export async function textOfferMade(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.offer.made.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'shift_offer',
    vars: {
      job_id: d.job_id,
      job_title: d.title,
      start_time: d.start_time,
      hourly_rate_cents: d.hourly_rate_cents,
      chef_pay_cents: d.chef_pay_cents,
      restaurant_id: d.restaurant_id,
    },
    dedupeKey: `shift_offer:${d.offer_id}`,
  });
}
