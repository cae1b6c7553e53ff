import { markCheckedOut, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { dropReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/**
 * One side checked out: no rating or checkout-deadline reminder for that side; when it was the chef, the
 * restaurant is texted.
 */
export const onCheckoutRecorded: Handler<'jobs.checkout.recorded.v1'> = async (ctx, tx, d) => {
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
};
