import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { decidedMoney } from '../domain/money-vars';
import { recordedJobVars } from '../domain/text-vars';
import { textBothSides } from './queue-sms';

/**
 * The chef's pay left escrow (paid in full: both sides agreed, the deadline's rule, or a decision): the chef
 * reads what was paid out, the restaurant what the chef got and the booking fee Brigade kept.
 */
export async function textPayout(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.payout.released.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  const vars = {
    ...recordedJobVars(d.job_id, job),
    amount_cents: d.amount_cents,
    chef_id: d.chef_id,
    restaurant_id: d.restaurant_id,
    money: decidedMoney({
      reason: d.reason,
      done: true,
      chef_pay_cents: d.amount_cents,
      fee_cents: d.fee_cents ?? null,
      refund_cents: 0,
      shift_pay_cents: d.amount_cents,
    }),
  };
  await textBothSides(ctx, tx, d, {
    templates: { chef: 'payout_released', restaurant: 'payout_released_restaurant' },
    vars,
    // the chef's key came first, without a side
    dedupeKey: (side) =>
      `${side === 'chef' ? 'payout_released' : 'payout_released_restaurant'}:${d.transfer_id}`,
  });
}
