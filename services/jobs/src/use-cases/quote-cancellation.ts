import { canJob, type Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { heldApplicationsOf } from '../db/applications.repository';
import { findJob } from '../db/jobs.repository';
import { quoteJobCancellation, type ExplainedQuote } from '../domain/cancellation';
import { JobsErrors } from '../domain/errors';

/**
 * The owner's quote before cancelling (GET /jobs/{id}/cancellation): late or not, what the chefs get, what
 * comes back to the card (the seats' figures summed), and the rule in words. Read only; the cancellation itself re-quotes under its lock.
 * After the start the quote says so (rule `started`): the shift can no longer be cancelled.
 */
export async function quoteCancellation(
  ctx: JobsContext,
  restaurantId: string,
  jobId: string,
  language: Language,
): Promise<ExplainedQuote> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
  if (!canJob('cancel', job.status)) throw JobsErrors.cannotCancelJob(job.status);
  // Issue 35: each seat quoted, those a chef holds (accepted or confirmed) and the empty ones, and summed.
  const held = await heldApplicationsOf(ctx.database, job.id);
  return quoteJobCancellation(ctx.policy, job, held.length, ctx.now(), language);
}
