import { confirmedChefOf, findJob } from '../db/read-model';
import { queueSms } from '../use-cases/queue-sms';
import type { HandlerFactory } from './handler';

/**
 * The restaurant was refunded. When both sides said the work was not completed, the chef who was on the
 * shift is told. A refund for a cancelled job needs no second text: the cancellation already told them.
 */
export const onEscrowRefunded: HandlerFactory<'payments.escrow.refunded.v1'> = (ctx) => async (tx, d) => {
  if (d.reason !== 'work_not_completed') return;
  const chefId = await confirmedChefOf(ctx.database, d.job_id, tx);
  if (!chefId) {
    ctx.logger.warn({ jobId: d.job_id }, 'refund: no confirmed chef known for the job, nobody texted');
    return;
  }
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: chefId,
    template: 'payment_refunded',
    vars: {
      job_id: d.job_id,
      job_title: job?.title,
      amount_cents: d.amount_cents,
      restaurant_id: d.restaurant_id,
    },
    dedupeKey: `payment_refunded:${d.refund_id}`,
  });
};
