import { inTransaction } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { isProviderOutage } from '../adapters/stripe';
import { payoutAccountOf } from '../db/connected-accounts.repository';
import { collectedEditCharges } from '../db/job-edits.repository';
import { findJob } from '../db/jobs.repository';
import { chargeFor } from '../db/ledger.repository';
import { finishTask, leaseDueTasks, recordTaskFailure, type LeasedTask } from '../db/money-tasks.repository';
import { seatMetadata } from '../domain/idempotency-keys';
import { chargeCardOnFile, CARD_ON_FILE_REASON } from './charge-card-on-file';
import { chargeEdit, EDIT_CHARGE_REASON } from './edit-charge';
import { chargeExtra } from './extra-charge';
import { chargeTipTask, TIP_CHARGE_REASON } from './charge-tip';
import { recordRefund, recordTransfer } from './record-settlement';
import { recordSplitRefund, recordedSplits } from './record-split-refund';
import { splitsOf } from './refund-splits';
import type { RecordOutcome } from './report-anomaly';

/**
 * Lease up to `limit` due money tasks (another instance skips them until the lease ends): a little longer than the
 * slowest call (every SDK attempt timing out), so a task is not normally run twice at once. If it ever is (a
 * stalled process), the same idempotency key returns the same transfer or refund and the ledger's unique
 * (job, kind) records it once. A task whose process died mid-call runs again after the lease.
 */
export function leaseMoneyTasks(ctx: PaymentsContext, limit: number): Promise<LeasedTask[]> {
  const { STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES } = ctx.config;
  const leaseMs = STRIPE_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + 5_000;
  return leaseDueTasks(ctx.database, limit, leaseMs);
}

/** The chef cannot be paid yet (no payout-enabled account): resumed on `account.updated`. */
class PayoutAccountMissing extends Error {
  constructor() {
    super('the chef has no payout-enabled Stripe account yet');
  }
}

/**
 * Why a task did not go through, as the payment status screens tell it: the provider is down, slow or
 * answering 5xx (`provider`), the chef's payout account is not ready (`payout_account`), or anything else.
 */
export type MoneyTaskFailure = 'provider' | 'payout_account' | 'other';

function failureKind(err: unknown): MoneyTaskFailure {
  if (err instanceof PayoutAccountMissing) return 'payout_account';
  if (isProviderOutage(err)) return 'provider';
  return 'other';
}

/**
 * Execute one leased money task at Stripe outside any database transaction (the provider call must never hold a
 * transaction open), then record the result in one transaction. If that write fails (crash, database error), the
 * task stays pending and the next attempt repeats the call with the same idempotency key: Stripe answers with the
 * same transfer or refund, so nothing moves twice. A failure is recorded with when the task is due again.
 */
export async function runMoneyTask(ctx: PaymentsContext, task: LeasedTask): Promise<void> {
  try {
    if (task.kind === 'transfer') await transfer(ctx, task);
    else if (task.kind === 'charge') await charge(ctx, task);
    else await refund(ctx, task);
  } catch (err) {
    const delays = ctx.config.MONEY_TASK_RETRY_DELAYS_MS;
    const attempt = Number(task.attempts) + 1;
    const delay = delays[Math.min(attempt, delays.length) - 1];
    // drizzle wraps database errors ("Failed query: ..."); the cause says what went wrong.
    const cause = (err as { cause?: { message?: string } }).cause;
    const message = cause?.message ?? (err as Error).message ?? String(err);
    const kind = failureKind(err);
    ctx.logger.warn(
      { task: task.id, job: task.job_id, kind: task.kind, attempt, failure: kind, err: message },
      'money task failed; will retry',
    );
    await recordTaskFailure(ctx.database, task.id, {
      attempt,
      message: message.slice(0, 500),
      kind,
      delayMs: delay,
    }).catch(() => undefined);
  }
}

async function transfer(ctx: PaymentsContext, task: LeasedTask) {
  const { database } = ctx;
  // Three reads side by side (one round trip's wait, not three: under load each wait is a turn on the CPU).
  const [account, charge, editCharges] = await Promise.all([
    payoutAccountOf(database, task.destination_user_id!),
    // The escrow's transfer is paid from the posting's charge (seat 0); an extra's from the seat's extra charge.
    chargeFor(database, task.job_id, task.seat_no, task.part as 'escrow' | 'extra' | 'tip'),
    collectedEditCharges(database, task.job_id),
  ]);
  if (!account || !account.payouts_enabled) throw new PayoutAccountMissing();
  if (!charge) throw new Error('no charge recorded for this job');
  // Issue 35: a job with edit charges is paid from the transfer group (its charges together), not one charge.
  const severalCharges = editCharges.length > 0;
  const transfer = await ctx.stripe.get().transfers.create(
    {
      amount: Number(task.amount_cents),
      currency: 'usd',
      destination: account.account_id,
      transfer_group: task.job_id,
      ...(charge.provider_id?.startsWith('ch_') && !severalCharges
        ? { source_transaction: charge.provider_id }
        : {}),
      metadata: {
        job_id: task.job_id,
        chef_id: task.destination_user_id ?? '',
        part: task.part,
        ...seatMetadata(task.seat_no),
      },
    },
    { idempotencyKey: task.idempotency_key },
  );
  await settle(ctx, task, await inTransaction(ctx, (tx) => recordTransfer(ctx, tx, task.job_id, transfer)));
}

/**
 * An off-session charge: a timesheet's extra (ADR 0028), an edit's rise or a posting paid with the card on file
 * (issue 35). Collected or failed (and said so), the task is done; the provider down, it is tried again.
 */
async function charge(ctx: PaymentsContext, task: LeasedTask) {
  if (task.reason === EDIT_CHARGE_REASON) await chargeEdit(ctx, task);
  else if (task.reason === CARD_ON_FILE_REASON) await chargeCardOnFile(ctx, task);
  else if (task.reason === TIP_CHARGE_REASON) await chargeTipTask(ctx, task);
  else await chargeExtra(ctx, task);
  await finishTask(ctx.database, task.id, false);
}

/**
 * A refund split across the job's charges (issue 35): each split not yet in the ledger asked for with its own
 * key from its own PaymentIntent, and recorded as it comes back.
 */
async function refundInSplits(ctx: PaymentsContext, task: LeasedTask) {
  const splits = splitsOf(task)!;
  const done = await recordedSplits(ctx, undefined, task);
  for (const [n, split] of splits.entries()) {
    if (done.has(n)) continue;
    const refund = await ctx.stripe.get().refunds.create(
      {
        payment_intent: split.payment_intent_id,
        amount: split.amount_cents,
        reason: 'requested_by_customer',
        metadata: {
          job_id: task.job_id,
          reason: task.reason,
          seat_no: String(task.seat_no),
          part: task.part,
          split: String(n),
        },
      },
      { idempotencyKey: split.idempotency_key },
    );
    const outcome = await inTransaction(ctx, async (tx) => {
      const job = await findJob(ctx.database, task.job_id, tx, true);
      return recordSplitRefund(ctx, tx, job!, task, n, refund);
    });
    if (outcome === 'anomaly') return settle(ctx, task, outcome);
  }
  await settle(ctx, task, 'recorded');
}

async function refund(ctx: PaymentsContext, task: LeasedTask) {
  if (splitsOf(task)) return refundInSplits(ctx, task);
  const job = await findJob(ctx.database, task.job_id);
  if (!job?.payment_intent_id) throw new Error('no PaymentIntent for this job');
  const refund = await ctx.stripe.get().refunds.create(
    {
      payment_intent: job.payment_intent_id,
      amount: Number(task.amount_cents),
      reason: 'requested_by_customer',
      metadata: { job_id: task.job_id, reason: task.reason, ...seatMetadata(task.seat_no) },
    },
    { idempotencyKey: task.idempotency_key },
  );
  await settle(ctx, task, await inTransaction(ctx, (tx) => recordRefund(ctx, tx, refund)));
}

/**
 * The provider's answer is in the ledger (now or before): the task is done. An answer that does not match the
 * task (an anomaly, recorded for operators) blocks it: repeating the call would get the same answer.
 */
async function settle(ctx: PaymentsContext, task: LeasedTask, outcome: RecordOutcome) {
  const blocked = outcome === 'anomaly';
  if (blocked)
    ctx.logger.error(
      { task: task.id, job: task.job_id },
      'money task blocked: the provider answer does not match it',
    );
  await finishTask(ctx.database, task.id, blocked);
}
