import type { fillHttp, Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { JobsErrors } from '../domain/errors';
import { checkBoost } from './check-boost';

/**
 * The owner's quote of a boost before making it (`GET /jobs/{id}/boost-quote`, issue 37): what the card on
 * file is charged now, its fee, and the posting's new total, in figures and in the caller's words; refused as
 * the POST would be (the same `checkBoost`). Read only: the POST checks again under the job's lock.
 */
export async function quoteBoost(
  ctx: JobsContext,
  restaurantId: string,
  jobId: string,
  rateCents: number,
  language: Language,
): Promise<fillHttp.BoostQuote> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
  return (await checkBoost(ctx, undefined, job, rateCents, language)).quote;
}
