import { onCommit, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { insertDecision } from '../db/decisions.repository';
import { setChef, type JobPaymentRow } from '../db/jobs.repository';
import { insertTask } from '../db/money-tasks.repository';
import { refundDecision, type Decision, type JobMoney, type RefundReason } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { movementKey } from '../domain/idempotency-keys';
import { seatOfJob, type SeatOfJob } from '../queries/seat-of-job';
import { refundSplits } from './refund-splits';
import { ledgerTotals, postingCharges, seatCharges } from '../db/ledger.repository';

/**
 * The seat's amounts and what its ledger says was charged for it: what a decision is checked against. A posting
 * of one seat: the job's figures and every charge of the job (as before seats). Several: the seat's share, and
 * its share of the posting's charge (once the posting is charged) plus any charge booked at the seat itself.
 */
export async function jobMoney(
  ctx: PaymentsContext,
  tx: Executor,
  job: SeatOfJob | JobPaymentRow,
): Promise<JobMoney> {
  const money = {
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
  };
  if ((job.headcount ?? 1) === 1 || !('seat_no' in job)) {
    const { charged_cents } = await ledgerTotals(ctx.database, job.job_id, tx);
    // Issue 35: the posting's charges at seat 0 (its escrow, edits' rises and their refunds) come to its total
    // once charged: an edit applied moved the difference, one not applied (or dropped) is not the seat's.
    const posting = await postingCharges(ctx.database, job.job_id, tx);
    if (posting.escrow_cents === 0) return { ...money, charged_cents };
    return { ...money, charged_cents: charged_cents - posting.all_cents + job.total_cents };
  }
  const charges = await seatCharges(ctx.database, job.job_id, job.seat_no, tx);
  const postingShare = charges.posting_cents > 0 ? job.total_cents : 0;
  return { ...money, charged_cents: postingShare + charges.seat_cents };
}

/**
 * The seat a decision is about (issue 35, ADR 0030): the one an event named (`seat_no`, 1 when absent), with its
 * application when the event carried one.
 */
export interface SeatRef {
  seat_no: number;
  application_id?: string | null;
  /** the chef the caller already wrote at this seat (`setChef`): a decision paying them writes nothing more */
  chef_written?: string;
}

/**
 * Decide where a held seat's money goes, in the caller's transaction (with its processed-event record): the
 * decision with its figures and one money task per non-zero part (a transfer to the chef with the fee kept
 * beside it, a refund to the restaurant), each at the seat. The runner executes them at the provider after the
 * commit. A seat has one decision: a later one (another rule, a duplicate with another id) changes nothing.
 */
export async function decideMoney(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  seat: SeatRef,
  decision: Decision,
): Promise<boolean> {
  const { database } = ctx;
  if (!(await insertDecision(database, tx, job.job_id, seat.seat_no, decision))) {
    ctx.logger.warn(
      { job: job.job_id, seat: seat.seat_no, kind: decision.kind, reason: decision.reason },
      "the seat's money is already decided; this decision changes nothing",
    );
    return false;
  }
  if (decision.chefId && decision.chefId !== seat.chef_written)
    await setChef(database, tx, job.job_id, decision.chefId, seat);
  const parts = [
    {
      kind: 'transfer',
      amount_cents: decision.chefPay,
      fee_cents: decision.fee,
      destination_user_id: decision.chefId,
    },
    { kind: 'refund', amount_cents: decision.refund, fee_cents: 0, destination_user_id: null },
  ] as const;
  for (const part of parts)
    if (part.amount_cents > 0)
      await insertTask(database, tx, {
        job_id: job.job_id,
        seat_no: seat.seat_no,
        reason: decision.reason,
        ...part,
        // Issue 35: a job with several charges (edits) has its refund split across them.
        ...(part.kind === 'refund'
          ? {
              splits: await refundSplits(
                ctx,
                tx,
                job,
                part.amount_cents,
                movementKey(job.job_id, seat.seat_no, 'refund', 'escrow'),
              ),
            }
          : {}),
      });
  onCommit(tx, () => ctx.kickMoneyTasks());
  return true;
}

/** The seats of a posting: 1 to its headcount. */
export const seatNumbers = (job: Pick<JobPaymentRow, 'headcount'>) =>
  Array.from({ length: job.headcount ?? 1 }, (_, i) => i + 1);

/**
 * Give each of these seats its share back in full (expired, cancelled with nothing due, paid after the job
 * ended): one refund decision per seat still held, a partial refund of the posting's PaymentIntent each. A seat
 * already decided (a redelivery, another rule first) moves nothing more.
 */
export async function refundSeats(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  seatNos: readonly number[],
  reason: RefundReason,
) {
  for (const seatNo of new Set(seatNos)) {
    const seat = await seatOfJob(ctx, tx, job, seatNo);
    if (!isHeld(seat.status)) continue;
    await decideMoney(
      ctx,
      tx,
      seat,
      { seat_no: seatNo },
      refundDecision(await jobMoney(ctx, tx, seat), reason),
    );
  }
}
