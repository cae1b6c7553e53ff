import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { closePendingOffers } from '../db/offers.repository';
import type { JobRow } from '../domain/records';
import { expireEndedOffers } from './expire-offer';

/**
 * The job no longer takes offers, in the caller's transaction under its row lock (issue 35): its live offers end
 * as `status`, `taken` when its last seat was booked (`bookSeat`), `withdrawn` when it was cancelled or expired.
 * Those already past their end expire first, with their event (`expireEndedOffers`). Taken and withdrawn offers
 * publish nothing of their own: the job's events (confirmed, cancelled, expired) tell the story, and the chefs
 * who held them read it on their offers.
 */
export async function closeJobOffers(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  status: 'taken' | 'withdrawn',
): Promise<void> {
  await expireEndedOffers(ctx, tx, job, ctx.now());
  await closePendingOffers(ctx.database, tx, job.id, status);
}
