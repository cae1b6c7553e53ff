import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';

/**
 * A restaurant invited a chef to its next open shift (Find Chefs): the chef is texted the restaurant, the shift,
 * its time and rate, once per chef and shift. SMS Notifications off: the text is recorded as suppressed.
 */
export async function textChefInvited(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.chef.invited.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'shift_invite',
    vars: {
      job_id: d.job_id,
      job_title: d.title,
      start_time: d.start_time,
      hourly_rate_cents: d.hourly_rate_cents,
      restaurant_id: d.restaurant_id,
    },
    dedupeKey: `shift_invite:${d.job_id}:${d.chef_id}`,
  });
}
