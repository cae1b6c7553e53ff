import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { queueSms } from './queue-sms';

/** Whether a dropped edit is texted here (the shift closed); the others are taken without a transaction (`onlyWhen`). */
export function isDroppedOnClose(d: { reason: string }): boolean {
  return d.reason === 'job_closed';
}

/**
 * An edit whose charge payments collected could not take effect (issue 35): the shift had closed meanwhile
 * (`job_closed`). The restaurant is texted that its change was not made and that the charge is refunded, with the
 * link to the shift; once per edit. A `charge_failed` drop is not texted here: payments.edit_charge.failed.v1
 * told the restaurant already.
 */
export async function textEditDropped(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.edit_dropped.v1'>,
): Promise<void> {
  if (!isDroppedOnClose(d)) return;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'edit_dropped_restaurant',
    vars: {
      job_id: d.job_id,
      job_title: d.title,
      // the edit was not made: the shift keeps its times of before
      start_time: d.before.start_time,
      restaurant_id: d.restaurant_id,
      amount_cents: d.charge_cents,
    },
    dedupeKey: `edit_dropped:${d.edit_id}`,
  });
}
