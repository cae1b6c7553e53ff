import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { setApplicationState } from '../db/applications.repository';
import { heldSeats } from '../db/offers.repository';
import { touchScopes } from '../db/list-versions.repository';
import { payoutsEnabled } from '../db/read-models.repository';
import { nextApplication } from '@brigade/contracts';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { freeSeats, seatsOf } from '../domain/seats';
import { ensureChefFree } from './ensure-chef-free';
import { lockOwnApplication } from './load-for-update';

/**
 * The job's owner accepts a pending application while the job is open, before its start, and a seat is free:
 * a seat is held by a confirmed chef and by an acceptance awaiting its chef's answer, so the acceptances
 * awaiting an answer never outnumber the free seats (issue 35; a job of one seat: nobody else accepted, 409
 * JOBS.ALREADY_ACCEPTED; several: 409 JOBS.NO_FREE_SEAT). Counted under the job's row lock, so two acceptances
 * of the last free seat at once leave one. The chef must be able to receive payouts and be free then (no shift
 * they hold overlaps this one, SHIFT_GAP of travel included: an acceptance elsewhere awaiting their
 * confirmation holds the time too). The job stays open until the chef confirms.
 */
export async function acceptApplication(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  applicationId: string,
): Promise<void> {
  const restaurantId = restaurant.id;
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'restaurant', restaurantId);
    const next = nextApplication('accept', app);
    if (!next) throw JobsErrors.notPending();
    if (job.status === 'filled') throw JobsErrors.jobFilled();
    if (job.status !== 'open') throw JobsErrors.jobNotOpen();
    if (job.start_time.getTime() <= ctx.now().getTime()) throw JobsErrors.shiftStarted();
    if (freeSeats(job, await heldSeats(ctx.database, tx, job.id)) === 0)
      throw seatsOf(job) === 1 ? JobsErrors.alreadyAccepted() : JobsErrors.seatsHeld();
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
}
