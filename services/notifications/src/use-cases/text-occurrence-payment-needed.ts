import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { queueSms } from './queue-sms';

/**
 * An occurrence of a series (or a repeat) could not be charged to the restaurant's card on file (issue 35): it
 * stays unposted, "payment needed". The restaurant is texted the shift, its day and the total, with the link to
 * pay it in the app; once per occurrence (each is its own job).
 */
export async function textOccurrencePaymentNeeded(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.occurrence.payment_needed.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'occurrence_payment_needed_restaurant',
    vars: {
      job_id: d.job_id,
      series_id: d.series_id,
      job_title: d.title,
      start_time: d.start_time,
      restaurant_id: d.restaurant_id,
      total_cents: d.total_cents,
    },
    dedupeKey: `occurrence_payment_needed:${d.job_id}`,
  });
}
