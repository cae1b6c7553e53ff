import { appendEvent, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { nextJobStatus, nextPaymentStatus } from '@brigade/contracts';

/** The card failed: the job waits in payment_failed (the owner may pay again or cancel). */
export function onEscrowFailed(ctx: JobsContext) {
  return async (tx: Tx, data: EventData<'payments.escrow.failed.v1'>) => {
    const job = await lockJob(ctx.database, tx, data.job_id);
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
  };
}
