import { appendEvent } from '@brigade/kit';
import { inTransaction, type JobsContext } from '../context';
import { setApplicationState } from '../db/applications.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { applicationState, nextApplication } from '../domain/application';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../events/facts';
import { announceOpenJob } from './announce-open-job';
import { lockApplicationAndJob } from './load-for-update';

/** The chef withdraws a pending, or accepted and unconfirmed, application; an accepted one reopens the job. */
export async function cancelApplication(
  ctx: JobsContext,
  chefId: string,
  applicationId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockApplicationAndJob(ctx, tx, applicationId);
    if (app.chef_id !== chefId) throw JobsErrors.applicationNotFound();
    const wasAccepted = applicationState(app.status, app.worker_confirmed) === 'awaiting_confirmation';
    const next = nextApplication('cancel', app);
    if (!next) throw JobsErrors.cannotCancelApplication();
    await setApplicationState(tx, app.id, next);
    await appendEvent(ctx.database, tx, 'jobs.application.cancelled.v1', {
      ...applicationFacts(app, job),
      was_accepted: wasAccepted,
    });
    if (wasAccepted && job.status === 'open') await announceOpenJob(ctx, tx, job, true);
    await touchScopes(
      ctx,
      tx,
      wasAccepted ? await scopesOfJob(ctx.database, tx, job) : [`r:${job.restaurant_id}`, `c:${chefId}`],
    );
  });
}
