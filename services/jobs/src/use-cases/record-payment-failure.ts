import { appendEvent, type Tx } from '@brigade/kit';
import { nextJobStatus, nextPaymentStatus } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';

/** The card failed (payments.escrow.failed.v1): the job waits in payment_failed (the owner may pay again or cancel). */
export async function recordPaymentFailure(ctx: JobsContext, tx: Tx, jobId: string): Promise<void> {
  const job = await lockJob(ctx.database, tx, jobId);
  if (!job) return;
  const status = nextJobStatus('escrowFailed', job.status);
  const payment = nextPaymentStatus('failed', job.payment_status);
  if (!status || !payment) return; // paid meanwhile, or cancelled: nothing to record
  await updateJob(tx, job.id, { status, payment_status: payment });
  await appendEvent(ctx.database, tx, 'jobs.job.payment_failed.v1', {
    job_id: job.id,
    restaurant_id: job.restaurant_id,
    title: job.title,
  });
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, status));
}
