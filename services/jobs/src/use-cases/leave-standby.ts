import { appendEvent, inTransaction, type AuthUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { closeStandbyList, leaveStandbyList } from '../db/standby.repository';
import { JobsErrors } from '../domain/errors';
import type { JobRow } from '../domain/records';

/**
 * A chef leaves a shift's standby list (issue 37, `DELETE /jobs/{id}/standby`): `jobs.standby.left.v1`. Not
 * waiting on it: nothing changes, the same answer. An unknown shift is 404.
 */
export async function leaveStandby(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id'>,
  jobId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job) throw JobsErrors.jobNotFound();
    if (!(await leaveStandbyList(ctx.database, tx, job.id, chef.id, 'left', ctx.now()))) return;
    await appendEvent(ctx.database, tx, 'jobs.standby.left.v1', {
      job_id: job.id,
      restaurant_id: job.restaurant_id,
      chef_id: chef.id,
      reason: 'left',
    });
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${chef.id}`]);
  });
}

/**
 * The shift no longer takes anyone (cancelled, or its start came): its standby list closes, each chef who was
 * waiting told by `jobs.standby.left.v1` (`closed`), in the caller's transaction under the job's lock.
 */
export async function closeStandby(ctx: JobsContext, tx: Tx, job: JobRow): Promise<void> {
  for (const chefId of await closeStandbyList(ctx.database, tx, job.id, ctx.now()))
    await appendEvent(ctx.database, tx, 'jobs.standby.left.v1', {
      job_id: job.id,
      restaurant_id: job.restaurant_id,
      chef_id: chefId,
      reason: 'closed',
    });
}
