import { inTransaction, WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import {
  finishTask,
  leaseDueTasks,
  chargeFor,
  payoutAccountOf,
  recordTaskFailure,
  type LeasedTask,
} from '../db/money-tasks.repository';
import { isProviderOutage } from '../adapters/stripe';
import type { RecordOutcome } from './report-anomaly';
import { chargeExtra } from './extra-charge';
import { chargeEdit, EDIT_CHARGE_REASON } from './edit-charge';
import { chargeCardOnFile, CARD_ON_FILE_REASON } from './charge-card-on-file';
import { recordRefund, recordTransfer } from './record-settlement';
import { recordSplitRefund, recordedSplits } from './record-split-refund';
import { splitsOf } from './refund-splits';
import { collectedEditCharges } from '../db/job-edits.repository';
import { seatMetadata } from '../domain/idempotency-keys';

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
 * Executes money tasks at Stripe outside any database transaction (the provider call must never hold a
 * transaction open), then records the result in one transaction. If that write fails (crash, database
 * error), the task stays pending and the next attempt repeats the call with the same idempotency key: Stripe
 * answers with the same transfer or refund, so nothing moves twice.
 */
export class MoneyTaskRunner {
  private static readonly SLOTS = 4;
  private readonly loop: WorkLoop;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 250,
  ) {
    this.loop = new WorkLoop({ name: 'money tasks', pollMs, logger: ctx.logger, pass: () => this.runDue() });
  }

  start() {
    this.loop.start();
  }

  kick() {
    this.loop.kick();
  }

  /** Stop leasing and wait for the tasks at Stripe to finish and be recorded. */
  async stop() {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One pass: lease as many due tasks as there are free slots (four run at once) and start them; returns
   * how many it started. Tasks of different jobs go to Stripe side by side (each has its own idempotency
   * key and lease); a task that becomes due while others are at Stripe starts as soon as a slot is free,
   * not after the whole batch.
   */
  async runDue(): Promise<number> {
    const free = MoneyTaskRunner.SLOTS - this.inFlight.size;
    if (free <= 0) return 0;
    // Lease the due tasks (another instance skips them until the lease ends): a little longer than the
    // slowest call (every SDK attempt timing out), so a task is not normally run twice at once. If it ever
    // is (a stalled process), the same idempotency key returns the same transfer or refund and the ledger's
    // unique (job, kind) records it once. A task whose process died mid-call runs again after the lease.
    const { STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES } = this.ctx.config;
    const leaseMs = STRIPE_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + 5_000;
    const tasks = await leaseDueTasks(this.ctx.database, free, leaseMs);
    for (const task of tasks) {
      const run: Promise<void> = this.runOne(task).finally(() => {
        this.inFlight.delete(run);
        this.loop.kick(); // a slot is free: look for more
      });
      this.inFlight.add(run);
    }
    return tasks.length;
  }

  private async runOne(task: LeasedTask) {
    const { database, logger } = this.ctx;
    try {
      if (task.kind === 'transfer') await this.transfer(task);
      else if (task.kind === 'charge') await this.charge(task);
      else await this.refund(task);
    } catch (err) {
      const delays = this.ctx.config.MONEY_TASK_RETRY_DELAYS_MS;
      const attempt = Number(task.attempts) + 1;
      const delay = delays[Math.min(attempt, delays.length) - 1];
      // drizzle wraps database errors ("Failed query: ..."); the cause says what went wrong.
      const cause = (err as { cause?: { message?: string } }).cause;
      const message = cause?.message ?? (err as Error).message ?? String(err);
      const kind = failureKind(err);
      logger.warn(
        { task: task.id, job: task.job_id, kind: task.kind, attempt, failure: kind, err: message },
        'money task failed; will retry',
      );
      await recordTaskFailure(database, task.id, {
        attempt,
        message: message.slice(0, 500),
        kind,
        delayMs: delay,
      }).catch(() => undefined);
    }
  }

  private async transfer(task: LeasedTask) {
    const { database } = this.ctx;
    const account = await payoutAccountOf(database, task.destination_user_id!);
    if (!account || !account.payouts_enabled) throw new PayoutAccountMissing();
    // The escrow's transfer is paid from the posting's charge (seat 0); an extra's from the seat's extra charge.
    const charge = await chargeFor(database, task.job_id, task.seat_no, task.part as 'escrow' | 'extra');
    if (!charge) throw new Error('no charge recorded for this job');
    // Issue 35: a job with edit charges is paid from the transfer group (its charges together), not one charge.
    const severalCharges = (await collectedEditCharges(database, task.job_id)).length > 0;
    const transfer = await this.ctx.stripe.get().transfers.create(
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
    await this.settle(
      task,
      await inTransaction(this.ctx, (tx) => recordTransfer(this.ctx, tx, task.job_id, transfer)),
    );
  }

  /**
   * An off-session charge: a timesheet's extra (ADR 0028), an edit's rise or a posting paid with the card on file
   * (issue 35). Collected or failed (and said so), the task is done; the provider down, it is tried again.
   */
  private async charge(task: LeasedTask) {
    if (task.reason === EDIT_CHARGE_REASON) await chargeEdit(this.ctx, task);
    else if (task.reason === CARD_ON_FILE_REASON) await chargeCardOnFile(this.ctx, task);
    else await chargeExtra(this.ctx, task);
    await finishTask(this.ctx.database, task.id, false);
  }

  /**
   * A refund split across the job's charges (issue 35): each split not yet in the ledger asked for with its own
   * key from its own PaymentIntent, and recorded as it comes back.
   */
  private async refundInSplits(task: LeasedTask) {
    const splits = splitsOf(task)!;
    const done = await recordedSplits(this.ctx, undefined, task);
    for (const [n, split] of splits.entries()) {
      if (done.has(n)) continue;
      const refund = await this.ctx.stripe.get().refunds.create(
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
      const outcome = await inTransaction(this.ctx, async (tx) => {
        const job = await findJob(this.ctx.database, task.job_id, tx, true);
        return recordSplitRefund(this.ctx, tx, job!, task, n, refund);
      });
      if (outcome === 'anomaly') return this.settle(task, outcome);
    }
    await this.settle(task, 'recorded');
  }

  private async refund(task: LeasedTask) {
    if (splitsOf(task)) return this.refundInSplits(task);
    const job = await findJob(this.ctx.database, task.job_id);
    if (!job?.payment_intent_id) throw new Error('no PaymentIntent for this job');
    const refund = await this.ctx.stripe.get().refunds.create(
      {
        payment_intent: job.payment_intent_id,
        amount: Number(task.amount_cents),
        reason: 'requested_by_customer',
        metadata: { job_id: task.job_id, reason: task.reason, ...seatMetadata(task.seat_no) },
      },
      { idempotencyKey: task.idempotency_key },
    );
    await this.settle(task, await inTransaction(this.ctx, (tx) => recordRefund(this.ctx, tx, refund)));
  }

  /**
   * The provider's answer is in the ledger (now or before): the task is done. An answer that does not match the
   * task (an anomaly, recorded for operators) blocks it: repeating the call would get the same answer.
   */
  private async settle(task: LeasedTask, outcome: RecordOutcome) {
    const blocked = outcome === 'anomaly';
    if (blocked)
      this.ctx.logger.error(
        { task: task.id, job: task.job_id },
        'money task blocked: the provider answer does not match it',
      );
    await finishTask(this.ctx.database, task.id, blocked);
  }
}
