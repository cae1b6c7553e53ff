import { sql, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { collectedEditCharges } from '../db/job-edits.repository';
import type { JobPaymentRow } from '../db/jobs.repository';
import type { MoneyTaskRow, RefundSplit } from '../db/money-tasks.repository';
import { editPart } from '../domain/idempotency-keys';

// Issue 35 (ADR 0031): a job may have several charges (its escrow PaymentIntent and one per edit whose total
// rose). A refund is split across them so that no PaymentIntent is asked for more than it has left: the escrow's
// first, then the edit charges in the order they were asked for (an edit's own refund, when it is dropped, from
// its own charge first). The split is decided in the decision's transaction (the job row locked), so two refunds
// of one job never count on the same cents, and kept with the task: every retry asks for the same refunds.

interface Charge {
  part: string;
  payment_intent_id: string;
  amount_cents: number;
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** What the job's refund tasks already take from each PaymentIntent (a task without splits: the escrow's). */
async function refundedSoFar(ctx: PaymentsContext, tx: Executor, job: JobPaymentRow) {
  const rows = await ctx.database.rows<{ amount_cents: number; splits: unknown }>(
    sql`select amount_cents, splits from ${sql.raw(ctx.database.schema)}.money_tasks
        where job_id = ${job.job_id} and kind = 'refund'`,
    tx,
  );
  const taken = new Map<string, number>();
  const add = (pi: string, cents: number) => taken.set(pi, (taken.get(pi) ?? 0) + cents);
  for (const row of rows) {
    const splits = parse<RefundSplit[] | null>(row.splits);
    if (splits) for (const s of splits) add(s.payment_intent_id, Number(s.amount_cents));
    else if (job.payment_intent_id) add(job.payment_intent_id, Number(row.amount_cents));
  }
  return taken;
}

/** The escrow's charge at seat 0, as the ledger booked it. */
async function escrowCharged(ctx: PaymentsContext, tx: Executor, jobId: string): Promise<number> {
  const [row] = await ctx.database.rows<{ n: string }>(
    sql`select coalesce(sum(amount_cents), 0)::bigint as n from ${sql.raw(ctx.database.schema)}.ledger_entries
        where job_id = ${jobId} and kind = 'charge' and part = 'escrow' and seat_no in (0, 1)`,
    tx,
  );
  return Number(row?.n ?? 0);
}

/**
 * How a refund of `amountCents` is taken from the job's charges: null when the job has one charge (the escrow's:
 * the task is exactly what it always was, its key unchanged); else one split per charge it touches, the first
 * with the task's own key, the next with `{key}:split:{n}`. `first`: the part whose charge is taken first (a
 * dropped edit's own). `always`: splits even for one charge (an edit's refund at seat 0 is always recorded by
 * them). Throws when the charges cannot cover it (the handler retries, then dead-letters).
 */
export async function refundSplits(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  amountCents: number,
  key: string,
  options: { first?: string; always?: boolean } = {},
): Promise<RefundSplit[] | null> {
  const edits = await collectedEditCharges(ctx.database, job.job_id, tx);
  if (!edits.length && !options.always) return null;
  const charges: Charge[] = [];
  if (job.payment_intent_id)
    charges.push({
      part: 'escrow',
      payment_intent_id: job.payment_intent_id,
      amount_cents: await escrowCharged(ctx, tx, job.job_id),
    });
  for (const e of edits)
    if (e.payment_intent_id)
      charges.push({
        part: editPart(e.edit_id),
        payment_intent_id: e.payment_intent_id,
        amount_cents: e.charge_cents,
      });
  const firstAt = charges.findIndex((c) => c.part === options.first);
  if (firstAt > 0) charges.unshift(...charges.splice(firstAt, 1));
  const taken = await refundedSoFar(ctx, tx, job);
  const splits: RefundSplit[] = [];
  let left = amountCents;
  for (const c of charges) {
    if (left === 0) break;
    const available = c.amount_cents - (taken.get(c.payment_intent_id) ?? 0);
    const amount = Math.min(left, available);
    if (amount <= 0) continue;
    splits.push({
      payment_intent_id: c.payment_intent_id,
      amount_cents: amount,
      idempotency_key: splits.length === 0 ? key : `${key}:split:${splits.length}`,
      charge_part: c.part,
    });
    left -= amount;
  }
  if (left > 0)
    throw new Error(
      `refund of ${amountCents} for job ${job.job_id} exceeds what its charges have left (${amountCents - left})`,
    );
  if (!options.always && splits.length === 1 && splits[0]!.charge_part === 'escrow') return null;
  return splits;
}

/** The splits of a leased or found task, parsed. */
export const splitsOf = (task: Pick<MoneyTaskRow, 'splits'>): RefundSplit[] | null =>
  parse<RefundSplit[] | null>(task.splits ?? null);
