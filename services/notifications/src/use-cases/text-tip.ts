import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** Issue 38: a restaurant's tip reached the chef whole (its transfer is booked): the chef is texted, once. */
export async function textTipPaid(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.tip.paid.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'tip_paid_chef',
    vars: {
      ...recordedJobVars(d.job_id, job),
      application_id: d.application_id,
      chef_id: d.chef_id,
      restaurant_id: d.restaurant_id,
      amount_cents: d.amount_cents,
    },
    dedupeKey: `tip_paid:${d.tip_id}`,
  });
}

/**
 * Issue 38: the restaurant's card did not pay a tip: the restaurant is texted the card's words and the shift's
 * link (to tip again with another card); nothing reached the chef, who is not told. Once per failed charge.
 */
export async function textTipFailed(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.tip.failed.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'tip_failed_restaurant',
    vars: {
      ...recordedJobVars(d.job_id, job),
      application_id: d.application_id,
      chef_id: d.chef_id,
      restaurant_id: d.restaurant_id,
      amount_cents: d.amount_cents,
      failure_message: d.message,
    },
    // a tip may be given again after a decline: each failed attempt is its own charge (its message and time)
    dedupeKey: `tip_failed:${d.tip_id}:${d.attempt ?? 1}`,
  });
}
