import type { AuthUser } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { ledgerEntries, ledgerTotals } from '../db/ledger.repository';
import { tasksOfJob, type TaskProgress } from '../db/money-tasks.repository';
import { jobNotFound } from '../domain/errors';
import { isPayable } from '../domain/escrow-state';

/** `GET /payments/job/{jobId}`: the job's escrow for its restaurant (and for the chef who worked it or is paid). */
export async function getJobPayment(ctx: PaymentsContext, user: AuthUser, jobId: string) {
  const job = await findJob(ctx.database, jobId);
  if (!job || (job.restaurant_id !== user.id && job.chef_id !== user.id)) throw jobNotFound();
  const isOwner = job.restaurant_id === user.id;
  const totals = await ledgerTotals(ctx.database, jobId);
  const entries = (await ledgerEntries(ctx.database, jobId)).map((e) => ({
    kind: e.kind,
    amount_cents: e.amount_cents,
    at: new Date(e.created_at).toISOString(),
  }));
  const settlements = (await tasksOfJob(ctx.database, jobId)).map(settlementOf);
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
      isOwner && isPayable(job.status) && !job.cancelled_at && !job.expired_at ? job.client_secret : null,
    cancelled: job.cancelled_at !== null,
    last_error:
      isOwner && job.status === 'failed'
        ? {
            code: job.last_error_code,
            decline_code: job.last_decline_code,
            message: job.last_error_message ?? 'Payment failed',
          }
        : null,
    ledger: { ...totals, entries },
    settlement: mostRelevant(settlements, isOwner ? 'refund' : 'payout'),
    settlements,
  };
}

const REASONS = {
  provider: 'provider_unavailable',
  payout_account: 'payout_account_missing',
  other: 'other',
} as const;

/** One movement of the job's money as both sides may read it: what moves, whether it is late, and why. */
function settlementOf(task: TaskProgress): paymentsHttp.Settlement {
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

/**
 * The movement a person waits for: their own first (the chef's payout, the restaurant's refund), else the one
 * still on its way (the restaurant of a released shift sees the chef's payout).
 */
function mostRelevant(
  settlements: paymentsHttp.Settlement[],
  own: paymentsHttp.Settlement['kind'],
): paymentsHttp.Settlement | null {
  const rank = (s: paymentsHttp.Settlement) => (s.kind === own ? 0 : 2) + (s.state === 'done' ? 1 : 0);
  return [...settlements].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
