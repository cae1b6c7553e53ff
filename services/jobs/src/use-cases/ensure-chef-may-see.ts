import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { chefStandingAt } from '../db/blocks.repository';
import { JobsErrors } from '../domain/errors';

/** What the check reads of a job: its restaurant and its roster-first window's end (a row or a job answer). */
export interface JobToSee {
  id: string;
  restaurant_id: string;
  roster_first_until?: Date | string | null;
}

/**
 * Issue 37: the one rule of who may see a shift, for every chef-facing door to it (its page, apply, book now,
 * standby): refused as an unknown job (404 JOBS.JOB_NOT_FOUND, the same text, so nobody learns why) when
 *  - a block either way keeps the chef and the restaurant apart, unless the chef holds a seat of this very shift
 *    (accepted or confirmed: a booking made before the block stays, and its chef still reads its page); or
 *  - its roster-first window runs and the chef is not the restaurant's favorite, has not applied and has no live
 *    offer for it (those already reached it).
 * `executor`: the caller's transaction (after the job's row lock), or none for a read.
 */
export async function ensureChefMaySee(
  ctx: Pick<JobsContext, 'database' | 'now'>,
  executor: Executor | undefined,
  job: JobToSee,
  chefId: string,
): Promise<void> {
  const standing = await chefStandingAt(ctx.database, executor, job, chefId);
  if (standing.blocked && !standing.held) throw JobsErrors.jobNotFound();
  const until = job.roster_first_until ? new Date(job.roster_first_until).getTime() : null;
  const windowRuns = until !== null && until > ctx.now().getTime();
  if (windowRuns && !standing.favorite && !standing.applied && !standing.offered)
    throw JobsErrors.jobNotFound();
}
