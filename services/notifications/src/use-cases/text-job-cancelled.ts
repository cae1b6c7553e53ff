import { cancelledSeats, moneyFacts, type CancelledSeat, type EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markJobCancelled, recordJob } from '../db/read-model.repository';
import { shiftPayOf } from '../domain/money-vars';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';

/**
 * The restaurant cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended it): every chef on
 * it is told, once each, and no reminder for it will go out. On a late cancellation each chef who was booked reads
 * what they will be paid for their seat (the rule's window and pay hours cited).
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
  // Late-cancellation pay, on its way: what each booked chef reads, their own seat's figures (issue 35: a late
  // cancellation pays every booked seat; an event from before seats carries seat 1's at its top level).
  const paid = new Map<string, CancelledSeat>();
  if (d.late)
    for (const seat of cancelledSeats(d))
      if (seat.chef_id && seat.chef_pay_cents > 0) paid.set(seat.chef_id, seat);
  for (const chefId of new Set([...d.affected_chef_ids, ...paid.keys()])) {
    const seat = paid.get(chefId);
    await queueSms(ctx, tx, {
      recipientId: chefId,
      template: seat ? 'job_cancelled_late' : 'job_cancelled',
      vars: seat
        ? { ...vars, late: true, chef_pay_cents: seat.chef_pay_cents, money: lateCancellationMoney(d, seat) }
        : vars,
      dedupeKey: `job_cancelled:${d.job_id}:${chefId}`,
    });
  }
}

/** A booked seat's late-cancellation pay: the chef's part of the seat's share, the fee on it, the rest refunded. */
function lateCancellationMoney(d: EventData<'jobs.job.cancelled.v1'>, seat: CancelledSeat) {
  const refund = seat.refund_cents ?? 0;
  return moneyFacts({
    reason: 'late_cancellation',
    shift_pay_cents:
      shiftPayOf({ ...d, hourly_rate_cents: d.hourly_rate_cents, total_cents: null })?.shift_pay_cents ??
      seat.chef_pay_cents,
    total_cents: seat.chef_pay_cents + seat.fee_cents + refund,
    chef_pay_cents: seat.chef_pay_cents,
    fee_cents: seat.fee_cents,
    refund_cents: refund,
  });
}
