import { moneyFacts, type EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob, markJobExpired, recordJob } from '../db/read-model.repository';
import { shiftPayOf } from '../domain/money-vars';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';

/**
 * Nobody confirmed the shift by its start: it expired. The restaurant reads that the whole charge comes back
 * (the policy's words, with the total it was charged), and each chef whose application lapsed is told.
 */
export async function textJobExpired(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.expired.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await markJobExpired(ctx.database, tx, d.job_id);
  await dropReminders(
    ctx,
    tx,
    { jobId: d.job_id, kinds: ['job_reminder', 'rating_reminder', 'checkout_deadline'] },
    'job_expired',
  );
  const job = await findJob(ctx.database, d.job_id, tx);
  const vars = {
    job_id: d.job_id,
    job_title: d.title,
    start_time: d.start_time,
    restaurant_id: d.restaurant_id,
  };
  const total = job?.total_cents ?? null;
  // Expired: the whole charge on its way back (payments' refund then says it went back).
  const money =
    d.refund_due && total !== null
      ? moneyFacts({
          reason: 'job_expired',
          shift_pay_cents: shiftPayOf(job)?.shift_pay_cents ?? total,
          total_cents: total,
          chef_pay_cents: 0,
          fee_cents: 0,
          refund_cents: total,
        })
      : undefined;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'job_expired',
    vars: { ...vars, refund_due: d.refund_due, total_cents: total, money },
    dedupeKey: `job_expired:${d.job_id}`,
  });
  for (const chefId of new Set(d.lapsed_chef_ids)) {
    await queueSms(ctx, tx, {
      recipientId: chefId,
      template: 'application_lapsed',
      vars,
      dedupeKey: `application_lapsed:${d.job_id}:${chefId}`,
    });
  }
}
