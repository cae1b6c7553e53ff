import { randomUUID } from 'node:crypto';
import { appendEvent, inTransaction, isUniqueViolation, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findApplicationOf, heldApplicationsOf } from '../db/applications.repository';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { isSuspended } from '../db/offers.repository';
import { findChef, payoutsEnabled } from '../db/read-models.repository';
import { insertStandby, standbyPosition } from '../db/standby.repository';
import { JobsErrors } from '../domain/errors';
import { standbyMayTake } from '../domain/standby';
import type { JobRow } from '../domain/records';
import { ensureChefFree } from './ensure-chef-free';
import { ensureChefMaySee } from './ensure-chef-may-see';
import { ensureChefHoldsCredentials } from './ensure-chef-credentials';

/** Statuses of a shift a chef never sees unless they applied (a draft, its payment not held). */
const UNSEEN = new Set<JobRow['status']>(['pending_payment', 'payment_failed']);

/**
 * A chef joins a shift's standby list (issue 37): when one of its booked seats reopens, the chefs on the list
 * are offered it one at a time in the order they joined (offer-to-standby.ts). Joining again answers the same
 * place, changing nothing (`joined: false`). Refused, nothing changed: an unknown shift or one the chef cannot
 * see (404), one started (409 JOBS.SHIFT_STARTED) or no longer open or filled (409 JOBS.JOB_NOT_OPEN), their
 * own booked shift (409 JOBS.STANDBY_OWN_SHIFT), their application to it closed (409 JOBS.APPLICATION_CLOSED:
 * rejected by the restaurant, cancelled, declined or lapsed; turned down only because it filled is fine:
 * domain/standby.ts), no profile (403 JOBS.PROFILE_REQUIRED), suspended (409
 * JOBS.CHEF_SUSPENDED), unable to be paid (400 JOBS.CHEF_NEEDS_STRIPE), without a credential the shift requires
 * (403 JOBS.CREDENTIAL_REQUIRED, issue 39), booked on a shift that overlaps it,
 * SHIFT_GAP included (409 JOBS.OVERLAPPING_SHIFT: they could not take the seat either).
 */
export async function joinStandby(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
): Promise<{ joined: boolean }> {
  const now = ctx.now();
  try {
    return await inTransaction(ctx, async (tx) => {
      const job = await lockJob(ctx.database, tx, jobId);
      if (!job || UNSEEN.has(job.status)) throw JobsErrors.jobNotFound();
      // A block either way, or a roster-first window the chef is not in: an unknown shift to them.
      await ensureChefMaySee(ctx, tx, job, chef.id);
      if (job.start_time.getTime() <= now.getTime()) throw JobsErrors.shiftStarted();
      if (job.status !== 'open' && job.status !== 'filled') throw JobsErrors.jobNotOpen();
      const held = await heldApplicationsOf(ctx.database, job.id, tx);
      if (held.some((a) => a.chef_id === chef.id)) throw JobsErrors.standbyOwnShift();
      if ((await standbyPosition(ctx.database, job.id, chef.id, tx)) !== null) return { joined: false };
      const app = await findApplicationOf(ctx.database, tx, job.id, chef.id);
      if (!standbyMayTake(app)) throw JobsErrors.applicationClosed();
      const profile = await findChef(ctx.database, chef.id, tx);
      if (profile?.user_id !== chef.id) throw JobsErrors.profileRequired();
      if (await isSuspended(ctx.database, tx, chef.id)) throw JobsErrors.chefSuspended();
      if (!(await payoutsEnabled(ctx.database, tx, chef.id))) throw JobsErrors.chefNeedsStripe();
      // Issue 39: a chef who could not take the seat does not wait for it either.
      await ensureChefHoldsCredentials(ctx, tx, job, chef.id, { side: 'chef', language: chef.language });
      await ensureChefFree(ctx, tx, chef.id, job, { side: 'chef', language: chef.language });
      await insertStandby(ctx.database, tx, {
        id: randomUUID(),
        job_id: job.id,
        chef_id: chef.id,
        chef_profile_id: profile.profile_id,
        joined_at: now,
      });
      await appendEvent(ctx.database, tx, 'jobs.standby.joined.v1', {
        job_id: job.id,
        restaurant_id: job.restaurant_id,
        chef_id: chef.id,
        position: (await standbyPosition(ctx.database, job.id, chef.id, tx)) ?? 1,
        joined_at: now.toISOString(),
      });
      await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${chef.id}`]);
      return { joined: true };
    });
  } catch (err) {
    // The partial unique index (one waiting row per chef and shift) settles two joins at once: the same place.
    if (isUniqueViolation(err)) return { joined: false };
    throw err;
  }
}
