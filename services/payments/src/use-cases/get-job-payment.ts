import type { AuthUser } from '@brigade/kit';
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
  };
}
