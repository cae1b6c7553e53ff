import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { addRating } from '../db/ratings.repository';
import type { IdentityContext } from '../context';
import { publishProfile } from './publish-profile';

/**
 * A side checked out and rated the other: add the rating to the ratee's average (once per job, seat and side)
 * and publish the ratee's profile with its new average. A side that said the shift was not worked gave no rating
 * (null, issue 32): nothing is counted, the average and the number of ratings stay as they were.
 */
export async function recordRating(
  ctx: IdentityContext,
  tx: Tx,
  checkout: EventData<'jobs.checkout.recorded.v1'>,
) {
  if (checkout.rating === null) return;
  const added = await addRating(tx, {
    jobId: checkout.job_id,
    // A checkout is always a seat's; an event from before seats is seat 1's (the contract's default).
    seatNo: checkout.seat_no ?? 1,
    side: checkout.side,
    rateeId: checkout.ratee_id,
    rateeType: checkout.ratee_type,
    rating: checkout.rating,
  });
  if (!added) return;
  await publishProfile(ctx, tx, checkout.ratee_id);
}
