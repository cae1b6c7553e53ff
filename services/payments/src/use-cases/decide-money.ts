import { onCommit, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { insertDecision } from '../db/decisions.repository';
import { setChef, type JobPaymentRow } from '../db/jobs.repository';
import { insertTask } from '../db/money-tasks.repository';
import type { Decision, JobMoney } from '../domain/decision';
import { ledgerTotals } from '../db/ledger.repository';

/** The job's amounts and what its ledger says was charged: what a decision is checked against. */
export async function jobMoney(ctx: PaymentsContext, tx: Executor, job: JobPaymentRow): Promise<JobMoney> {
  const { charged_cents } = await ledgerTotals(ctx.database, job.job_id, tx);
  return {
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
    charged_cents,
  };
}

/**
 * The seat a decision is about (issue 35, ADR 0030): the one an event named (`seat_no`, 1 when absent), with its
 * application when the event carried one.
 */
export interface SeatRef {
  seat_no: number;
  application_id?: string | null;
}

/** Every job's only seat until the API accepts a headcount above 1 (facts of the whole job, before seats). */
export const ONLY_SEAT: SeatRef = { seat_no: 1 };

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
  if (decision.chefId) await setChef(database, tx, job.job_id, decision.chefId, seat);
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
      });
  onCommit(tx, () => ctx.kickMoneyTasks());
  return true;
}
