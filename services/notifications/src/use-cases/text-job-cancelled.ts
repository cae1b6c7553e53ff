import { moneyFacts, type EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markJobCancelled, recordJob } from '../db/read-model.repository';
import { shiftPayOf } from '../domain/money-vars';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';

/**
 * The restaurant cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended it): every chef on it is told, and no reminder for it will go out. On a late
 * cancellation the chef who was booked reads what they will be paid (the rule's window and pay hours cited).
 */
export async function textJobCancelled(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.cancelled.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await markJobCancelled(ctx.database, tx, d.job_id);
  await dropReminders(ctx, tx, { jobId: d.job_id }, 'job_cancelled');
  const vars = {
    job_id: d.job_id,
    job_title: d.title,
    start_time: d.start_time,
    restaurant_id: d.restaurant_id,
    cancelled_by: d.cancelled_by,
  };
  const paidChef = d.late && d.chef_id && d.chef_pay_cents > 0 ? d.chef_id : null;
  const refund = d.refund_cents ?? 0;
  // Late-cancellation pay, on its way: what the booked chef reads.
  const money = moneyFacts({
    reason: 'late_cancellation',
    shift_pay_cents:
      shiftPayOf({ ...d, hourly_rate_cents: d.hourly_rate_cents, total_cents: null })?.shift_pay_cents ??
      d.chef_pay_cents,
    total_cents: d.chef_pay_cents + d.fee_cents + refund,
    chef_pay_cents: d.chef_pay_cents,
    fee_cents: d.fee_cents,
    refund_cents: refund,
  });
  for (const chefId of new Set([...d.affected_chef_ids, ...(paidChef ? [paidChef] : [])])) {
    const late = chefId === paidChef;
    await queueSms(ctx, tx, {
      recipientId: chefId,
      template: late ? 'job_cancelled_late' : 'job_cancelled',
      vars: late ? { ...vars, late: true, chef_pay_cents: d.chef_pay_cents, money } : vars,
      dedupeKey: `job_cancelled:${d.job_id}:${chefId}`,
    });
  }
}
