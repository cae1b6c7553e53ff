import type { AuthUser } from '@brigade/kit';
import { CARD_MINIMUM_CENTS } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob, type JobPaymentRow } from '../db/jobs.repository';
import { alreadyPaid, amountMismatch, jobClosed, jobNotFound, underCardMinimum } from '../domain/errors';
import { isPayable } from '../domain/escrow-state';

/** The job of this restaurant, or the one 404 both "unknown" and "someone else's" get. */
export async function ownedJob(ctx: PaymentsContext, user: AuthUser, jobId: string): Promise<JobPaymentRow> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== user.id) throw jobNotFound();
  return job;
}

export function assertPayable(job: JobPaymentRow) {
  if (job.cancelled_at || job.expired_at) throw jobClosed();
  if (!isPayable(job.status)) throw alreadyPaid();
  // A clear refusal, not the provider's (a 500): jobs no longer posts such a job, older ones may remain.
  if (job.total_cents < CARD_MINIMUM_CENTS) throw underCardMinimum(job.total_cents, CARD_MINIMUM_CENTS);
}

/**
 * The caller's job, still payable, for the total the server computed: a client amount that differs is refused
 * (it never sets the charge). Every way of paying a shift starts here.
 */
export async function findPayableJob(
  ctx: PaymentsContext,
  user: AuthUser,
  jobId: string,
  clientAmountCents: number | undefined,
): Promise<JobPaymentRow> {
  const job = await ownedJob(ctx, user, jobId);
  assertPayable(job);
  if (clientAmountCents !== undefined && clientAmountCents !== job.total_cents)
    throw amountMismatch(job.total_cents);
  return job;
}
