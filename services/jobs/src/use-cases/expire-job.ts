import { appendEvent } from '@brigade/kit';
import { nextApplication, nextJobStatus } from '@brigade/contracts';
import { inTransaction, type JobsContext } from '../context';
import { applicationsOfJob, setApplicationState } from '../db/applications.repository';
import { claimJobToExpire, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { jobFacts } from '../events/facts';

/**
 * Nobody confirmed one shift by its start: it expires (status `expired`, not cancelled). Its pending and
 * accepted applications lapse, and jobs.job.expired.v1 says a full refund is due when escrow is held. An
 * open shift leaves the chefs' open list. One job per transaction, claimed past any other instance's: returns
 * false when no shift is due.
 */
export async function expireNextJob(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const job = await claimJobToExpire(ctx.database, tx, ctx.now());
    if (!job) return false;
    const status = nextJobStatus('expire', job.status);
    if (!status) return false; // the claim only returns pending_payment, payment_failed or open shifts

    const lapsed: string[] = [];
    for (const app of await applicationsOfJob(ctx.database, tx, job.id)) {
      const next = nextApplication('lapse', app);
      if (!next) continue;
      await setApplicationState(tx, app.id, next);
      lapsed.push(app.chef_id);
    }
    await updateJob(tx, job.id, { status });
    await appendEvent(ctx.database, tx, 'jobs.job.expired.v1', {
      ...jobFacts(job),
      previous_status: job.status,
      refund_due: job.payment_status === 'held_in_escrow',
      lapsed_chef_ids: lapsed,
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, status));
    return true;
  });
}
