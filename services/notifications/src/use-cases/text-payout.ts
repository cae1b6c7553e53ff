import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';

/** The chef's pay left escrow: the chef is told how much. */
export async function textPayout(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.payout.released.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'payout_released',
    vars: {
      job_id: d.job_id,
      job_title: job?.title,
      amount_cents: d.amount_cents,
      restaurant_id: d.restaurant_id,
    },
    dedupeKey: `payout_released:${d.transfer_id}`,
  });
}
