import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { perSeat } from '../domain/dedupe-keys';
import { decidedMoney } from '../domain/money-vars';
import { recordedJobVars } from '../domain/text-vars';
import { textBothSides } from './queue-sms';

/**
 * A split closed the escrow (a late cancellation, or a decision after review): the chef reads what they were
 * paid, the restaurant what comes back to its card and how the rest was split. Once per side and seat (issue 35):
 * each seat of a posting is settled on its own.
 */
export async function textSettlement(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.escrow.settled.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  const vars = {
    ...recordedJobVars(d.job_id, job),
    chef_id: d.chef_id,
    restaurant_id: d.restaurant_id,
    chef_pay_cents: d.chef_pay_cents,
    fee_cents: d.fee_cents,
    refund_cents: d.refund_cents,
    reason: d.reason,
    money: decidedMoney({
      reason: d.reason,
      done: true,
      chef_pay_cents: d.chef_pay_cents,
      fee_cents: d.fee_cents,
      refund_cents: d.refund_cents,
      shift_pay_cents: d.subtotal_cents ?? null,
      job,
    }),
  };
  await textBothSides(ctx, tx, d, {
    templates: { chef: d.chef_pay_cents > 0 ? 'settlement_chef' : null, restaurant: 'settlement_restaurant' },
    vars,
    dedupeKey: (side) => perSeat(`settlement:${d.job_id}:${side}`, d.seat_no),
  });
}
