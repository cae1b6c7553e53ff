import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { confirmedChefOf, findJob } from '../db/read-model.repository';
import { decidedMoney } from '../domain/money-vars';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * Whether a refund is texted: all but a cancelled job's, whose figures the restaurant saw before cancelling. The
 * others are taken by the subscription without a transaction (`onlyWhen`).
 */
export function isRefundTexted(d: { reason: string }): boolean {
  return d.reason !== 'job_cancelled';
}

/**
 * The restaurant was refunded, in the words of the outcome (issue 32). When both sides said the work was not
 * completed, both the chef who was on the shift (the refunded seat's: the event's `chef_id`) and the restaurant
 * read it. When the shift expired, or after an operator's decision to pay the chef nothing, the restaurant reads
 * that the whole charge went back. A refund for a cancelled job needs no text: the restaurant saw the figures
 * before cancelling, the chefs were told.
 */
export async function textRefund(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.escrow.refunded.v1'>,
): Promise<void> {
  if (!isRefundTexted(d)) return;
  const job = await findJob(ctx.database, d.job_id, tx);
  const vars = {
    ...recordedJobVars(d.job_id, job),
    amount_cents: d.amount_cents,
    restaurant_id: d.restaurant_id,
    money: decidedMoney({
      reason: d.reason,
      done: true,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: d.amount_cents,
      job,
    }),
  };
  if (d.reason === 'dispute_decision') {
    // The decision's own text told both sides the figures; this one says the money is on its way.
    await queueSms(ctx, tx, {
      recipientId: d.restaurant_id,
      template: 'payment_refunded_review',
      vars,
      dedupeKey: `payment_refunded_review:${d.refund_id}`,
    });
    return;
  }
  if (d.reason === 'job_expired') {
    // Issue 35: a whole posting that expired (nobody booked any seat) is refunded seat by seat, one refund each,
    // and the restaurant reads it once, for the whole charge. Less than the posting's charge on a posting that
    // goes on is a seat's share (an unbooked seat expired while the booked ones work): the text names the seat
    // and its share.
    if (job?.expired && job.total_cents != null) {
      const whole = decidedMoney({
        reason: d.reason,
        done: true,
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: job.total_cents,
        job,
      });
      await queueSms(ctx, tx, {
        recipientId: d.restaurant_id,
        template: 'payment_refunded_expired',
        vars: { ...vars, amount_cents: job.total_cents, money: whole },
        dedupeKey: `payment_refunded_expired:job:${d.job_id}`,
      });
      return;
    }
    const share =
      job?.total_cents != null && d.amount_cents < job.total_cents && d.seat_no ? [d.seat_no] : undefined;
    await queueSms(ctx, tx, {
      recipientId: d.restaurant_id,
      template: 'payment_refunded_expired',
      vars: share ? { ...vars, seats: share } : vars,
      dedupeKey: `payment_refunded_expired:${d.refund_id}`,
    });
    return;
  }
  // The refunded seat's chef, as payments names them (issue 35: a posting has a chef per seat). An event from
  // before seats names none: its job had one seat, and its confirmed chef is the one.
  const chefId = d.chef_id ?? (d.seat_no === 1 ? await confirmedChefOf(ctx.database, d.job_id, tx) : null);
  if (!chefId) {
    ctx.logger.warn(
      { jobId: d.job_id, seatNo: d.seat_no },
      'refund: no chef named or known for the seat, nobody texted',
    );
    return;
  }
  await queueSms(ctx, tx, {
    recipientId: chefId,
    template: 'payment_refunded',
    vars: { ...vars, chef_id: chefId },
    dedupeKey: `payment_refunded:${d.refund_id}`,
  });
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'payment_refunded_restaurant',
    vars: { ...vars, chef_id: chefId },
    dedupeKey: `payment_refunded_restaurant:${d.refund_id}`,
  });
}
