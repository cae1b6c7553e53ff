import type { offersHttp } from '@brigade/contracts';
import { findJob } from '../db/jobs.repository';
import { offerViews } from '../db/offers.repository';
import { JobsErrors } from '../domain/errors';
import type { ViewContext } from './view-context';

/** The offers made on a restaurant's own job; an unknown job, or another restaurant's, is not found. */
export async function offersOfJob(
  ctx: ViewContext,
  restaurantId: string,
  jobId: string,
): Promise<offersHttp.Offer[]> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
  return offerViews(ctx.database, { jobId: job.id }, ctx.now());
}

/** The offers made to a chef. */
export async function offersOfChef(ctx: ViewContext, chefId: string): Promise<offersHttp.Offer[]> {
  return offerViews(ctx.database, { chefId }, ctx.now());
}
