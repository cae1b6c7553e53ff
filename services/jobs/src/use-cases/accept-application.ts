import { inTransaction, appendEvent, isUniqueViolation, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { hasOtherLiveAcceptance, setApplicationState } from '../db/applications.repository';
import { touchScopes } from '../db/list-versions.repository';
import { payoutsEnabled } from '../db/read-models.repository';
import { nextApplication } from '@brigade/contracts';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { ensureChefFree } from './ensure-chef-free';
import { lockApplicationAndJob } from './load-for-update';

/**
 * The job's owner accepts a pending application while the job is open, before its start, and nobody else is
 * accepted; the chef must be able to receive payouts and be free then (no shift they hold overlaps this one,
 * SHIFT_GAP of travel included: an acceptance elsewhere awaiting their confirmation holds the time too). The
 * job stays open until the chef confirms.
 */
export async function acceptApplication(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  applicationId: string,
): Promise<void> {
  const restaurantId = restaurant.id;
  try {
    await inTransaction(ctx, async (tx) => {
      const { job, app } = await lockApplicationAndJob(ctx, tx, applicationId);
      if (job.restaurant_id !== restaurantId) throw JobsErrors.applicationNotFound();
      const next = nextApplication('accept', app);
      if (!next) throw JobsErrors.notPending();
      if (job.status === 'filled') throw JobsErrors.jobFilled();
      if (job.status !== 'open') throw JobsErrors.jobNotOpen();
      if (job.start_time.getTime() <= ctx.now().getTime()) throw JobsErrors.shiftStarted();
      if (await hasOtherLiveAcceptance(ctx.database, tx, job.id, app.id)) throw JobsErrors.alreadyAccepted();
      if (!(await payoutsEnabled(ctx.database, tx, app.chef_id))) throw JobsErrors.chefNeedsStripe();
      await ensureChefFree(ctx, tx, app.chef_id, job, {
        side: 'restaurant',
        language: restaurant.language,
        restaurantId,
      });
      await setApplicationState(tx, app.id, next);
      await appendEvent(ctx.database, tx, 'jobs.application.accepted.v1', applicationFacts(app, job));
      await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${app.chef_id}`]);
    });
  } catch (err) {
    // The partial unique index (one live acceptance per job) is the last word in a race.
    if (isUniqueViolation(err)) throw JobsErrors.alreadyAccepted();
    throw err;
  }
}
