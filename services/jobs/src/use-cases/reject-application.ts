import { inTransaction, appendEvent } from '@brigade/kit';
import type { JobsContext } from '../context';
import { setApplicationState } from '../db/applications.repository';
import { touchScopes } from '../db/list-versions.repository';
import { nextApplication } from '@brigade/contracts';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { lockOwnApplication } from './load-for-update';

/** The job's owner turns down a pending application while the job is not filled. */
export async function rejectApplication(
  ctx: JobsContext,
  restaurantId: string,
  applicationId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'restaurant', restaurantId);
    const next = nextApplication('reject', app);
    if (!next) throw JobsErrors.notPending();
    if (job.status === 'filled') throw JobsErrors.jobFilled();
    await setApplicationState(tx, app.id, next);
    await appendEvent(ctx.database, tx, 'jobs.application.rejected.v1', applicationFacts(app, job));
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${app.chef_id}`]);
  });
}
