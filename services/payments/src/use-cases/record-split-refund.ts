import { sql, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import type { JobPaymentRow } from '../db/jobs.repository';
import { insertLedgerEntry, POSTING_SEAT } from '../db/ledger.repository';
import { closeTask, type MoneyTaskRow } from '../db/money-tasks.repository';
import { idOf } from '../adapters/stripe';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { closeEscrowIfDone } from './close-escrow';
import { splitsOf } from './refund-splits';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

/** A refund as the provider returned it. */
export interface RefundFacts {
  id: string;
  amount: number;
  currency?: string;
  payment_intent?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

// Issue 35 (ADR 0031): a refund split across a job's charges (refund-splits.ts decides the splits) is booked
// split by split as the provider answers each, and its task closes once every split is in.

/** Which splits of the task are in the ledger, by number. */
export async function recordedSplits(
  ctx: PaymentsContext,
  tx: Executor | undefined,
  task: Pick<MoneyTaskRow, 'job_id' | 'seat_no' | 'part'>,
): Promise<Map<number, string | null>> {
  const rows = await ctx.database.rows<{ split: number; provider_id: string | null }>(
    sql`select split, provider_id from ${sql.raw(ctx.database.schema)}.ledger_entries
        where job_id = ${task.job_id} and seat_no = ${task.seat_no} and kind = 'refund' and part = ${task.part}`,
    tx,
  );
  return new Map(rows.map((r) => [Number(r.split), r.provider_id]));
}

/**
 * One split of a refund exists at the provider (the runner's answer, or a refund webhook that named it): if it is
 * that split (its PaymentIntent, amount, usd), into the ledger once at the task's seat and part with its split
 * number; the task is done once every split is in, and the seat's escrow closes when it was its last movement.
 */
export async function recordSplitRefund(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  task: Omit<MoneyTaskRow, 'status'>,
  splitNo: number,
  refund: RefundFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const splits = splitsOf(task) ?? [];
  const split = splits[splitNo];
  const recorded = await recordedSplits(ctx, tx, task);
  if (split && recorded.get(splitNo) === refund.id) return 'duplicate';
  if (
    !split ||
    recorded.has(splitNo) ||
    idOf(refund.payment_intent) !== split.payment_intent_id ||
    refund.amount !== split.amount_cents ||
    refund.currency !== 'usd'
  )
    return reportAnomaly(ctx, tx, source, {
      reason: split ? 'amount_mismatch' : 'no_matching_task',
      objectId: refund.id,
      jobId: job.job_id,
      details: {
        amount: refund.amount,
        currency: refund.currency ?? null,
        expected_cents: split?.amount_cents ?? null,
      },
    });
  await insertLedgerEntry(ctx.database, tx, {
    job_id: job.job_id,
    seat_no: task.seat_no,
    kind: 'refund',
    part: task.part,
    split: splitNo,
    amount_cents: refund.amount,
    provider_id: refund.id,
    idempotency_key: split.idempotency_key,
  });
  if (recorded.size + 1 < splits.length) return 'recorded';
  await closeTask(ctx.database, tx, task.id);
  if (task.part === 'escrow' && task.seat_no !== POSTING_SEAT)
    await closeEscrowIfDone(ctx, tx, job, task.seat_no);
  return 'recorded';
}
