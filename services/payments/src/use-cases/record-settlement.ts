import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, findJobByIntent, type JobPaymentRow } from '../db/jobs.repository';
import { payoutAccountOf } from '../db/connected-accounts.repository';
import { insertLedgerEntry, ledgerEntryId, ledgerTotals } from '../db/ledger.repository';
import { closeTask, findTask, type MoneyTaskRow } from '../db/money-tasks.repository';
import { idOf } from '../adapters/stripe';
import { PROVIDER_CALL, type Anomaly, type MoneySource } from '../domain/anomaly';
import { seatOfMetadata } from '../domain/idempotency-keys';
import { closeEscrowIfDone } from './close-escrow';
import { recordSplitRefund, type RefundFacts } from './record-split-refund';
import { splitsOf } from './refund-splits';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';
import { recordTipTransfer } from './record-tip-transfer';

/** A transfer as the provider returned it (create answer, or a retrieve made because a webhook named it). */
export interface TransferFacts {
  id: string;
  amount: number;
  currency?: string;
  destination?: string | { id: string } | null;
  transfer_group?: string | null;
  metadata?: Record<string, string> | null;
}

type Movement = {
  kind: 'transfer' | 'refund';
  object: TransferFacts | RefundFacts;
  part: 'escrow' | 'extra';
  seatNo: number;
};

/**
 * What every movement out of escrow must satisfy before it reaches the ledger, checked in this order, the first
 * that fails answering: a money task payments itself issued for the job and seat; not this very object already in
 * the ledger ('duplicate', nothing more said); exactly the task's amount in usd; not yet recorded under another id,
 * and never more leaving the job than was charged (counting the fee a transfer keeps beside it); a transfer goes
 * to the chef's connected account in the job's transfer group. A refusal is an anomaly recorded for operators.
 * Returns the task when every check holds.
 */
async function checkMovement(
  ctx: PaymentsContext,
  tx: Executor,
  source: MoneySource,
  job: JobPaymentRow | null,
  { kind, object, part, seatNo }: Movement,
): Promise<MoneyTaskRow | 'duplicate' | 'anomaly'> {
  const { database } = ctx;
  const jobId = job?.job_id ?? null;
  const task = jobId ? await findTask(database, tx, jobId, kind, part, seatNo) : null;
  if (!jobId || !task)
    return reportAnomaly(ctx, tx, source, { reason: 'no_matching_task', objectId: object.id, jobId });
  const recorded = await ledgerEntryId(database, jobId, kind, tx, part, seatNo);
  const t = await ledgerTotals(database, jobId, tx);
  const out = t.transferred_cents + t.fee_cents + t.refunded_cents + object.amount + task.fee_cents;
  const transfer = kind === 'transfer' ? (object as TransferFacts) : null;
  const payout =
    transfer && task.destination_user_id
      ? await payoutAccountOf(database, task.destination_user_id, tx)
      : null;
  const elsewhere =
    transfer !== null &&
    (!payout || idOf(transfer.destination) !== payout.account_id || transfer.transfer_group !== jobId);
  const checks: Array<[failed: boolean, refusal: 'duplicate' | Omit<Anomaly, 'objectId' | 'jobId'>]> = [
    [recorded?.provider_id === object.id, 'duplicate'],
    [
      object.amount !== task.amount_cents || object.currency !== 'usd',
      {
        reason: 'amount_mismatch',
        details: {
          amount: object.amount,
          currency: object.currency ?? null,
          expected_cents: task.amount_cents,
        },
      },
    ],
    [
      Boolean(recorded) || t.charged_cents === 0 || out > t.charged_cents,
      { reason: 'exceeds_charge', details: { charged_cents: t.charged_cents, would_leave_cents: out } },
    ],
    [
      elsewhere,
      {
        reason: 'destination_mismatch',
        details: {
          destination: idOf(transfer?.destination),
          transfer_group: transfer?.transfer_group ?? null,
        },
      },
    ],
  ];
  const refusal = checks.find(([failed]) => failed)?.[1];
  if (!refusal) return task;
  if (refusal === 'duplicate') return refusal;
  return reportAnomaly(ctx, tx, source, { ...refusal, objectId: object.id, jobId });
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
  // Issue 38: a tip's transfer has its own rule (its own charge, no fee).
  if (transfer.metadata?.part === 'tip') return recordTipTransfer(ctx, tx, jobId, transfer, source);
  const job = await findJob(ctx.database, jobId, tx, true);
  // A timesheet's extra (ADR 0028) is its own part: transferred once its charge was collected.
  const part = transfer.metadata?.part === 'extra' ? 'extra' : 'escrow';
  const seatNo = seatOfMetadata(transfer.metadata);
  const task = await checkMovement(ctx, tx, source, job, {
    kind: 'transfer',
    object: transfer,
    part,
    seatNo,
  });
  if (typeof task === 'string') return task;
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
  const task = await checkMovement(ctx, tx, source, job, {
    kind: 'refund',
    object: refund,
    part: 'escrow',
    seatNo,
  });
  if (typeof task === 'string') return task;
  await insertLedgerEntry(ctx.database, tx, {
    job_id: job!.job_id,
    seat_no: seatNo,
    kind: 'refund',
    amount_cents: refund.amount,
    provider_id: refund.id,
  });
  await closeTask(ctx.database, tx, task.id);
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
