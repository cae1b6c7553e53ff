import type { Executor } from '@brigade/kit';
import { moneyFacts, type EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { perSeat } from '../domain/dedupe-keys';
import { textBothSides } from './queue-sms';

/**
 * Text both sides of a decided dispute, each in their own language: what the chef is paid and what the
 * restaurant gets back, in dollars, and that the operator's note is on the shift page. Once per side and seat (issue 35).
 */
export async function textDisputeDecision(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.dispute.resolved.v1'>,
): Promise<void> {
  const vars = {
    job_id: d.job_id,
    application_id: d.application_id,
    job_title: d.job_title,
    start_time: d.start_time,
    chef_id: d.chef_id,
    restaurant_id: d.restaurant_id,
    chef_pay_cents: d.chef_pay_cents,
    fee_cents: d.fee_cents,
    refund_cents: d.refund_cents,
    // The decision, on its way: payments moves it once it has checked the figures.
    money: moneyFacts({
      reason: 'dispute_decision',
      shift_pay_cents: d.subtotal_cents,
      total_cents: d.total_cents,
      chef_pay_cents: d.chef_pay_cents,
      fee_cents: d.fee_cents,
      refund_cents: d.refund_cents,
    }),
  };
  await textBothSides(ctx, tx, d, {
    templates: { chef: 'dispute_resolved_chef', restaurant: 'dispute_resolved_restaurant' },
    vars,
    dedupeKey: (side) => perSeat(`dispute_resolved:${d.job_id}:${side}`, d.seat_no),
  });
}
