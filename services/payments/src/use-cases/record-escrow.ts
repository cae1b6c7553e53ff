import { appendEvent, sql, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, findJobByIntent, setStatus, type JobPaymentRow } from '../db/jobs.repository';
import { PAYABLE_STATUSES } from '../domain/payment-status';
import { requestRefund } from './money-tasks';

export interface IntentFacts {
  id: string;
  amount: number;
  amount_received?: number;
  latest_charge?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

async function jobForIntent(
  ctx: PaymentsContext,
  tx: Executor,
  pi: IntentFacts,
): Promise<JobPaymentRow | null> {
  const byIntent = await findJobByIntent(ctx.database, pi.id, tx);
  if (byIntent) return byIntent;
  const jobId = pi.metadata?.job_id;
  return jobId ? findJob(ctx.database, jobId, tx, true) : null;
}

/**
 * The PaymentIntent succeeded: the job's money is held. Called from the confirm response and from the signed
 * `payment_intent.succeeded` webhook; the ledger's one-charge-per-job index makes the second call a no-op, so
 * the charge is recorded and `payments.escrow.held.v1` published exactly once.
 */
export async function recordEscrowHeld(
  ctx: PaymentsContext,
  tx: Executor,
  pi: IntentFacts,
): Promise<boolean> {
  const job = await jobForIntent(ctx, tx, pi);
  if (!job) {
    ctx.logger.warn({ paymentIntent: pi.id }, 'succeeded PaymentIntent for an unknown job');
    return false;
  }
  const s = sql.raw(ctx.database.schema);
  const chargeId = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? pi.id);
  const amount = pi.amount_received || pi.amount;
  const inserted = await ctx.database.rows(
    sql`insert into ${s}.ledger_entries (job_id, kind, amount_cents, provider_id, idempotency_key)
        values (${job.job_id}, 'charge', ${amount}, ${chargeId}, ${`job:${job.job_id}:payment_intent`})
        on conflict do nothing returning id`,
    tx,
  );
  if (inserted.length === 0) return false;
  if (!PAYABLE_STATUSES.includes(job.status)) {
    ctx.logger.error(
      { job: job.job_id, status: job.status },
      'charge recorded for a job that was not awaiting payment',
    );
  }
  await setStatus(
    ctx.database,
    tx,
    job.job_id,
    'held_in_escrow',
    sql`, held_at = now(), payment_intent_id = coalesce(payment_intent_id, ${pi.id}), last_error_code = null, last_decline_code = null, last_error_message = null`,
  );
  await appendEvent(ctx.database, tx, 'payments.escrow.held.v1', {
    job_id: job.job_id,
    restaurant_id: job.restaurant_id,
    payment_intent_id: pi.id,
    amount_cents: amount,
  });
  // Paid after the job was cancelled (the browser confirmed a stale intent): the money goes straight back.
  if (job.cancelled_at) await requestRefund(ctx, tx, { ...job, status: 'held_in_escrow' }, 'job_cancelled');
  return true;
}

export interface FailureFacts {
  paymentIntentId: string;
  chargeId: string | null;
  code: string | null;
  declineCode: string | null;
  message: string;
  metadata?: Record<string, string> | null;
}

/**
 * A card attempt was declined: recorded once per failed charge (confirm response or webhook, whichever comes
 * first), the job shows `failed` and `payments.escrow.failed.v1` carries Stripe's code and decline code.
 */
export async function recordPaymentFailure(
  ctx: PaymentsContext,
  tx: Executor,
  f: FailureFacts,
): Promise<boolean> {
  const job = await jobForIntent(ctx, tx, { id: f.paymentIntentId, amount: 0, metadata: f.metadata });
  if (!job) return false;
  const s = sql.raw(ctx.database.schema);
  const key = f.chargeId ?? `${f.paymentIntentId}:${job.failed_attempts + 1}`;
  const inserted = await ctx.database.rows(
    sql`insert into ${s}.payment_failures (failure_key, job_id, payment_intent_id, code, decline_code, message)
        values (${key}, ${job.job_id}, ${f.paymentIntentId}, ${f.code}, ${f.declineCode}, ${f.message})
        on conflict do nothing returning failure_key`,
    tx,
  );
  if (inserted.length === 0 || !PAYABLE_STATUSES.includes(job.status)) return false;
  await setStatus(
    ctx.database,
    tx,
    job.job_id,
    'failed',
    sql`, failed_attempts = failed_attempts + 1, last_error_code = ${f.code}, last_decline_code = ${f.declineCode}, last_error_message = ${f.message}`,
  );
  await appendEvent(ctx.database, tx, 'payments.escrow.failed.v1', {
    job_id: job.job_id,
    restaurant_id: job.restaurant_id,
    payment_intent_id: f.paymentIntentId,
    code: f.code,
    decline_code: f.declineCode,
    message: f.message,
  });
  return true;
}
