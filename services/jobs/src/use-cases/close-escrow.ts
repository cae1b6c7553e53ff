import type { Tx } from '@brigade/kit';
import {
  HELD_PAYMENT_STATUSES,
  nextPaymentStatus,
  type MoneyReason,
  type PaymentAction,
  type PaymentStatus,
} from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { seatsOfJob, updateSeat } from '../db/seats.repository';
import type { ClosedPaymentStatus } from '../domain/records';
import { asOneSeat, postingPaymentStatus, seatsOf } from '../domain/seats';
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
 * (payments.escrow.settled.v1: a split, part to the chef, the rest refunded) -> settled. The seat the event names
 * keeps the decision's reason and the figures that moved (Job.money reads them; absent means seat 1). A job of
 * one seat closes with it, as before seats. A posting of several (issue 35) closes seat by seat: each seat keeps
 * how its share closed, and the job's payment_status closes when the last seat's does (`postingPaymentStatus`);
 * an event naming no seat (null or 0, the posting's own) closes the whole posting. A move the payment lifecycle
 * refuses, or a seat already closed, changes nothing.
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
  const figures = {
    money_reason: money.reason,
    money_chef_pay_cents: money.chef_pay_cents,
    money_fee_cents: money.fee_cents ?? asOneSeat(job).fee_cents,
    money_refund_cents: money.refund_cents,
  };
  const seat = seatNo && seatNo >= 1 ? seatNo : null;
  if (seatsOf(job) === 1 || seat === null) {
    const payment = nextPaymentStatus(action, job.payment_status);
    if (!payment) return;
    await updateJob(tx, job.id, { payment_status: payment });
    await updateSeat(tx, job.id, seat ?? 1, figures);
  } else {
    const seats = await seatsOfJob(ctx.database, tx, job.id);
    const closing = seats.find((s) => s.seat_no === seat);
    const payment = nextPaymentStatus(action, 'held_in_escrow') as ClosedPaymentStatus;
    if (!closing || closing.payment_status || !HELD.includes(job.payment_status)) return;
    await updateSeat(tx, job.id, seat, { ...figures, payment_status: payment });
    const all = postingPaymentStatus(
      seats.map((s) => (s.seat_no === seat ? { payment_status: payment } : s)),
    );
    if (all) await updateJob(tx, job.id, { payment_status: all });
  }
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
}

const HELD: readonly PaymentStatus[] = HELD_PAYMENT_STATUSES;
