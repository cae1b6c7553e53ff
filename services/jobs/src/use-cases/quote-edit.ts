import type { jobEditsHttp, Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { JobsErrors } from '../domain/errors';
import { checkEdit } from './check-edit';

/**
 * The owner's quote of an edit before saving it (`GET /jobs/{id}/edit-quote`, issue 35): what it would charge
 * or refund, in figures and in the caller's words, and how many booked chefs would be asked; refused as the
 * PATCH would be (the same `checkEdit`), so the screen can say why before "Save". Read only: the PATCH
 * checks again under the job's lock.
 */
export async function quoteEdit(
  ctx: JobsContext,
  restaurantId: string,
  jobId: string,
  input: jobEditsHttp.EditQuoteQuery,
  language: Language,
): Promise<jobEditsHttp.EditQuote> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
  return (await checkEdit(ctx, undefined, job, input, language)).quote;
}
