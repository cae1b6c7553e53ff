import type { Tx } from '@brigade/kit';
import { nextPaymentStatus, type MoneyReason, type PaymentAction } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { updateSeat } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';

export type EscrowClosing = Extract<PaymentAction, 'released' | 'refunded' | 'settled'>;

/** What payments' closing event says the ledger moved, and the reason of the decision that moved it. */
export interface ClosedMoney {
  reason: MoneyReason;
  chef_pay_cents: number;
  /** null: not said (a payout event older than issue 32): the job's booking fee. */
  fee_cents: number | null;
  refund_cents: number;
}

/**
 * The money left escrow: released (payments.payout.released.v1) -> payment_status completed; refunded
 * (payments.escrow.refunded.v1: cancelled, not worked, expired, decided) -> refunded; settled
 * (payments.escrow.settled.v1: a split, part to the chef, the rest refunded) -> settled. The job keeps the
 * decision's reason and the figures that moved on the seat the event names (Job.money reads them; issue 35:
 * absent means seat 1, null the whole posting, which is seat 1 while every job has one). A move the payment
 * lifecycle refuses changes nothing.
 */
export async function closeEscrow(
  ctx: JobsContext,
  tx: Tx,
  jobId: string,
  seatNo: number | null,
  action: EscrowClosing,
  money: ClosedMoney,
): Promise<void> {
  const job = await lockJob(ctx.database, tx, jobId);
  if (!job) return;
  const payment = nextPaymentStatus(action, job.payment_status);
  if (!payment) return;
  await updateJob(tx, job.id, { payment_status: payment });
  await updateSeat(tx, job.id, seatNo && seatNo >= 1 ? seatNo : 1, {
    money_reason: money.reason,
    money_chef_pay_cents: money.chef_pay_cents,
    money_fee_cents: money.fee_cents ?? job.fee_cents,
    money_refund_cents: money.refund_cents,
  });
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
}
