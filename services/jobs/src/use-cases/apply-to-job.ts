import { randomUUID } from 'node:crypto';
import { inTransaction, appendEvent, isUniqueViolation } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findApplicationOf, insertApplication } from '../db/applications.repository';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { findChef } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';
import { isOwnerOnly, type Language } from '@brigade/contracts';
import { applicationFacts } from '../domain/facts';
import { ensureChefMaySee } from './ensure-chef-may-see';
import { ensureChefHoldsCredentials } from './ensure-chef-credentials';

/**
 * A chef with a profile applies to an open job that has not started, once. A chef without a profile (the jobs
 * service's read model of identity's profiles) is refused like the web app's profile guard refuses them, and
 * (issue 39) a chef without a verified, unexpired credential of each type the shift requires with 403
 * JOBS.CREDENTIAL_REQUIRED, in their language.
 */
export async function applyToJob(
  ctx: JobsContext,
  chefId: string,
  jobId: string,
  language: Language = 'en',
): Promise<string> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const job = await lockJob(ctx.database, tx, jobId);
      if (!job || isOwnerOnly(job.status)) throw JobsErrors.jobNotFound();
      // Issue 37: a block either way, or a roster-first window the chef is not in: as an unknown job.
      await ensureChefMaySee(ctx, tx, job, chefId);
      if (await findApplicationOf(ctx.database, tx, job.id, chefId)) throw JobsErrors.alreadyApplied();
      // A started shift says so whatever its state: the expiry rule may already have closed an unfilled one.
      if (job.start_time.getTime() <= ctx.now().getTime()) throw JobsErrors.shiftStarted();
      if (job.status !== 'open') throw JobsErrors.jobNotOpen();
      const chef = await findChef(ctx.database, chefId, tx);
      if (chef?.user_id !== chefId) throw JobsErrors.profileRequired();
      await ensureChefHoldsCredentials(ctx, tx, job, chefId, { side: 'chef', language });
      const now = new Date();
      const app = {
        id: randomUUID(),
        job_id: job.id,
        chef_id: chefId,
        chef_profile_id: chef.profile_id,
        status: 'pending' as const,
        worker_confirmed: null,
        created_at: now,
        updated_at: now,
      };
      await insertApplication(tx, app);
      await appendEvent(ctx.database, tx, 'jobs.application.submitted.v1', applicationFacts(app, job));
      await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${chefId}`]);
      return app.id;
    });
  } catch (err) {
    // The unique (job_id, chef_id) index is the last word when two requests of one chef race.
    if (isUniqueViolation(err)) throw JobsErrors.alreadyApplied();
    throw err;
  }
}
