import { AppError, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { chefsOfPreviousOccurrence, hasAnyOffer } from '../db/series.repository';
import { offerInTransaction } from './make-offer';

/**
 * An occurrence of a series opened (escrow held): it is offered first, as a direct offer (make-offer.ts), to the
 * chefs booked on the series' previous occurrence (issue 35), in the event's transaction, once (not when the job
 * already had an offer). A chef who cannot take it (suspended, no payouts, ...) is passed over silently.
 */
export async function offerToSeriesChefs(ctx: JobsContext, tx: Tx, jobId: string): Promise<void> {
  const job = await findJob(ctx.database, jobId, tx);
  if (!job?.series_id || job.status !== 'open') return;
  if (await hasAnyOffer(ctx.database, tx, job.id)) return;
  const now = ctx.now();
  for (const chefId of await chefsOfPreviousOccurrence(ctx.database, tx, job.id)) {
    try {
      await offerInTransaction(ctx, tx, job.restaurant_id, job.id, chefId, now);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.logger.info({ jobId, chefId, code: err.code }, 'series chef not offered the next occurrence');
    }
  }
}
