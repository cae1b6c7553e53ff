import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markCheckedOut, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/**
 * One side checked out: no rating or checkout-deadline reminder for that side; when it was the chef, the
 * restaurant is texted.
 */
export async function recordCheckout(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.checkout.recorded.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await markCheckedOut(ctx.database, tx, d.application_id, d.side);
  const side = d.side === 'chef' ? d.chef_id : d.restaurant_id;
  await dropReminders(
    ctx,
    tx,
    { applicationId: d.application_id, recipientId: side, kinds: ['rating_reminder', 'checkout_deadline'] },
    'checked_out',
  );
  if (d.side !== 'chef') return;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'chef_checked_out',
    vars: applicationVars(d),
    dedupeKey: `chef_checked_out:${d.application_id}`,
  });
}
