import { sql, type AuthUser } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { jobNotFound } from '../domain/errors';
import { ledgerTotals } from '../domain/ledger';
import { PAYABLE_STATUSES } from '../domain/payment-status';

/** `GET /payments/job/{jobId}`: the job's escrow for its restaurant (and for the chef who worked it). */
export async function getJobPayment(ctx: PaymentsContext, user: AuthUser, jobId: string) {
  const job = await findJob(ctx.database, jobId);
  if (!job || (job.restaurant_id !== user.id && job.chef_id !== user.id)) throw jobNotFound();
  const isOwner = job.restaurant_id === user.id;
  const ledger = await ledgerTotals(ctx.database, jobId);
  const settlement = await findSettlement(ctx, jobId);
  return {
    job_id: job.job_id,
    title: job.title,
    payment_status: job.status,
    amount_cents: job.total_cents,
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
    currency: 'usd' as const,
    payment_intent_id: isOwner ? job.payment_intent_id : null,
    /** Only while the restaurant can still pay (the pay page confirms with it). */
    client_secret:
      isOwner && PAYABLE_STATUSES.includes(job.status) && !job.cancelled_at ? job.client_secret : null,
    cancelled: job.cancelled_at !== null,
    last_error:
      isOwner && job.status === 'failed'
        ? {
            code: job.last_error_code,
            decline_code: job.last_decline_code,
            message: job.last_error_message ?? 'Payment failed',
          }
        : null,
    ledger,
    settlement,
  };
}

const REASONS = {
  provider: 'provider_unavailable',
  payout_account: 'payout_account_missing',
  other: 'other',
} as const;

/** The job's money task as both sides may read it: what moves, whether it is late, and why. */
async function findSettlement(ctx: PaymentsContext, jobId: string): Promise<paymentsHttp.Settlement | null> {
  const [task] = await ctx.database.rows<{
    kind: 'transfer' | 'refund';
    status: 'pending' | 'done' | 'blocked';
    attempts: number;
    last_error_kind: keyof typeof REASONS | null;
    last_attempt_at: Date | null;
    next_attempt_at: Date;
  }>(
    sql`select kind, status, attempts, last_error_kind, last_attempt_at, next_attempt_at
        from ${sql.raw(ctx.database.schema)}.money_tasks where job_id = ${jobId}`,
  );
  if (!task) return null;
  const done = task.status === 'done';
  const failed = !done && task.last_error_kind !== null;
  return {
    kind: task.kind === 'transfer' ? 'payout' : 'refund',
    state: done ? 'done' : failed ? 'delayed' : 'in_progress',
    reason: failed ? (REASONS[task.last_error_kind!] ?? 'other') : null,
    attempts: Number(task.attempts),
    last_attempt_at: task.last_attempt_at ? new Date(task.last_attempt_at).toISOString() : null,
    next_retry_at: done ? null : new Date(task.next_attempt_at).toISOString(),
  };
}
