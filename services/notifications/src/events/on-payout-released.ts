import { findJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import type { Handler } from './handler';

/** The chef's pay left escrow: the chef is told how much. */
export const onPayoutReleased: Handler<'payments.payout.released.v1'> = async (ctx, tx, d) => {
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
};
