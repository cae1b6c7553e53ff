import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, findJobByIntent, type JobPaymentRow } from '../db/jobs.repository';
import { insertLedgerEntry, ledgerTotals } from '../db/ledger.repository';
import {
  closeTask,
  findTask,
  ledgerEntryId,
  payoutAccountOf,
  type MoneyTaskRow,
} from '../db/money-tasks.repository';
import { PROVIDER_CALL, type AnomalyReason, type MoneySource } from '../domain/anomaly';
import { seatOfMetadata } from '../domain/idempotency-keys';
import { closeEscrowIfDone } from './close-escrow';
import { recordSplitRefund, type RefundFacts } from './record-split-refund';

import { splitsOf } from './refund-splits';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

/** A transfer as the provider returned it (create answer, or a retrieve made because a webhook named it). */
export interface TransferFacts {
  id: string;
  amount: number;
  currency?: string;
  destination?: string | { id: string } | null;
  transfer_group?: string | null;
  metadata?: Record<string, string> | null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

type Checked =
  | { ok: true; job: JobPaymentRow; task: MoneyTaskRow }
  | {
      ok: false;
      outcome: RecordOutcome | AnomalyReason;
      jobId: string | null;
      details?: Record<string, unknown>;
    };

/**
 * What every movement out of escrow must satisfy before it reaches the ledger: a money task payments itself
 * issued for the job, for exactly the task's amount in usd, not yet recorded under another id, and never more
 * leaving the job than was charged (counting the fee a transfer keeps beside it).
 */
async function checkMovement(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow | null,
  kind: 'transfer' | 'refund',
  object: { id: string; amount: number; currency?: string },
  part: 'escrow' | 'extra',
  seatNo: number,
): Promise<Checked> {
  if (!job) return { ok: false, outcome: 'no_matching_task', jobId: null };
  const task = await findTask(ctx.database, tx, job.job_id, kind, part, seatNo);
  if (!task) return { ok: false, outcome: 'no_matching_task', jobId: job.job_id };
  const recorded = await ledgerEntryId(ctx.database, job.job_id, kind, tx, part, seatNo);
  if (recorded?.provider_id === object.id) return { ok: false, outcome: 'duplicate', jobId: job.job_id };
  if (object.amount !== task.amount_cents || object.currency !== 'usd')
    return {
      ok: false,
      outcome: 'amount_mismatch',
      jobId: job.job_id,
      details: {
        amount: object.amount,
        currency: object.currency ?? null,
        expected_cents: task.amount_cents,
      },
    };
  const t = await ledgerTotals(ctx.database, job.job_id, tx);
  const out = t.transferred_cents + t.fee_cents + t.refunded_cents + object.amount + task.fee_cents;
  if (recorded || t.charged_cents === 0 || out > t.charged_cents)
    return {
      ok: false,
      outcome: 'exceeds_charge',
      jobId: job.job_id,
      details: { charged_cents: t.charged_cents, would_leave_cents: out },
    };
  return { ok: true, job, task };
}

function refuse(
  ctx: PaymentsContext,
  tx: Executor,
  source: MoneySource,
  objectId: string,
  c: Extract<Checked, { ok: false }>,
): Promise<RecordOutcome> | RecordOutcome {
  if (c.outcome === 'duplicate' || c.outcome === 'recorded' || c.outcome === 'anomaly') return c.outcome;
  return reportAnomaly(ctx, tx, source, {
    reason: c.outcome,
    objectId,
    jobId: c.jobId,
    details: c.details,
  });
}

/**
 * The transfer exists at the provider: if it is the job's transfer task (amount, destination = the chef's
 * connected account, transfer group = the job), write it to the ledger with the fee the platform keeps beside
 * it, once (unique ledger index), from the runner or from the transfer webhook; the escrow closes when it was
 * the decision's last movement. Anything else is an anomaly.
 */
export async function recordTransfer(
  ctx: PaymentsContext,
  tx: Executor,
  jobId: string,
  transfer: TransferFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const job = await findJob(ctx.database, jobId, tx, true);
  // A timesheet's extra (ADR 0028) is its own part: transferred once its charge was collected.
  const part = transfer.metadata?.part === 'extra' ? 'extra' : 'escrow';
  const seatNo = seatOfMetadata(transfer.metadata);
  const checked = await checkMovement(ctx, tx, job, 'transfer', transfer, part, seatNo);
  if (!checked.ok) return refuse(ctx, tx, source, transfer.id, checked);
  const { task } = checked;
  const account = task.destination_user_id
    ? await payoutAccountOf(ctx.database, task.destination_user_id, tx)
    : null;
  if (!account || idOf(transfer.destination) !== account.account_id || transfer.transfer_group !== jobId)
    return reportAnomaly(ctx, tx, source, {
      reason: 'destination_mismatch',
      objectId: transfer.id,
      jobId,
      details: { destination: idOf(transfer.destination), transfer_group: transfer.transfer_group ?? null },
    });
  const entry = { job_id: jobId, seat_no: seatNo, provider_id: transfer.id, part } as const;
  await insertLedgerEntry(ctx.database, tx, { ...entry, kind: 'transfer', amount_cents: transfer.amount });
  await insertLedgerEntry(ctx.database, tx, {
    ...entry,
    kind: 'fee',
    amount_cents: task.fee_cents,
    provider_id: null,
  });
  await closeTask(ctx.database, tx, task.id);
  if (part === 'escrow') await closeEscrowIfDone(ctx, tx, job!, seatNo);
  return 'recorded';
}

/**
 * The refund exists at the provider: if it refunds the PaymentIntent payments recorded for a job, and is that
 * job's refund task (amount in usd, never more than is left of the charge): into the ledger, once; the escrow
 * closes when it was the decision's last movement. Anything else is an anomaly.
 */
export async function recordRefund(
  ctx: PaymentsContext,
  tx: Executor,
  refund: RefundFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  // Issue 35: one split of a refund taken across the job's charges (its own ledger entry and checks).
  if (refund.metadata?.split !== undefined) return recordRefundSplitOf(ctx, tx, refund, source);
  const intentId = idOf(refund.payment_intent);
  const job = intentId ? await findJobByIntent(ctx.database, intentId, tx) : null;
  const seatNo = seatOfMetadata(refund.metadata);
  const checked = await checkMovement(ctx, tx, job, 'refund', refund, 'escrow', seatNo);
  if (!checked.ok) return refuse(ctx, tx, source, refund.id, checked);
  await insertLedgerEntry(ctx.database, tx, {
    job_id: job!.job_id,
    seat_no: seatNo,
    kind: 'refund',
    amount_cents: refund.amount,
    provider_id: refund.id,
  });
  await closeTask(ctx.database, tx, checked.task.id);
  await closeEscrowIfDone(ctx, tx, job!, seatNo);
  return 'recorded';
}

/**
 * A refund that names a split (issue 35): the job's refund task at the seat and part it names must hold that
 * split, for the PaymentIntent payments itself recorded for it (the metadata only says where to look).
 */
async function recordRefundSplitOf(
  ctx: PaymentsContext,
  tx: Executor,
  refund: RefundFacts,
  source: MoneySource,
): Promise<RecordOutcome> {
  const m = refund.metadata ?? {};
  const job = m.job_id ? await findJob(ctx.database, m.job_id, tx, true).catch(() => null) : null;
  const seatNo = Number(m.seat_no);
  const task =
    job && Number.isInteger(seatNo) && m.part
      ? await findTask(ctx.database, tx, job.job_id, 'refund', m.part as MoneyTaskRow['part'], seatNo)
      : null;
  if (!job || !task || !splitsOf(task))
    return reportAnomaly(ctx, tx, source, {
      reason: 'no_matching_task',
      objectId: refund.id,
      jobId: job?.job_id ?? null,
    });
  return recordSplitRefund(ctx, tx, job, task, Number(m.split), refund, source);
}
