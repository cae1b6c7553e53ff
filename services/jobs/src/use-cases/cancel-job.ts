import { appendEvent } from '@brigade/kit';
import { inTransaction, type JobsContext } from '../context';
import { applicationsOfJob, setApplicationState } from '../db/applications.repository';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { nextApplication } from '../domain/application';
import { JobsErrors } from '../domain/errors';
import { nextJobStatus } from '../domain/job';
import { jobFacts } from '../events/facts';

/**
 * The owner cancels a job. Its live applications are withdrawn; when escrow was held (and, a filled job
 * being cancellable only before it starts, no chef worked it) jobs.job.cancelled.v1 says a refund is due.
 */
export async function cancelJob(ctx: JobsContext, restaurantId: string, jobId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
    const next = nextJobStatus('cancel', job.status);
    if (!next) throw JobsErrors.cannotCancelJob(job.status);
    if (job.status === 'filled' && job.start_time.getTime() <= ctx.now().getTime())
      throw JobsErrors.startedJobCannotBeCancelled();

    const affected: string[] = [];
    for (const app of await applicationsOfJob(ctx.database, tx, job.id)) {
      const withdrawn = nextApplication('withdraw', app);
      if (!withdrawn) continue;
      await setApplicationState(tx, app.id, withdrawn);
      affected.push(app.chef_id);
    }
    await updateJob(tx, job.id, { status: next });
    await appendEvent(ctx.database, tx, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      previous_status: job.status,
      refund_due: job.payment_status === 'held_in_escrow',
      affected_chef_ids: affected,
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, next));
  });
}
