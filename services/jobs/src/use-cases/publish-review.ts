import { appendEvent, type Tx } from '@brigade/kit';
import type { ReviewPublishReason } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { markPublished } from '../db/reviews.repository';
import { updateSeat } from '../db/seats.repository';
import { publicFlag, reviewEventFacts, type ReviewRow } from '../domain/reviews';

/**
 * Publish a review (issue 39), under its lock, in the caller's transaction: everyone may read it from now on, its
 * rating shows to the side rated on the seat's job answers (`*_rating_public`), and jobs.review.published.v1 tells
 * identity to count it in that side's average. A review already published or hidden is left as it is. The caller
 * moves the job's lists (touchScopes) in the same transaction.
 */
export async function publishReview(
  ctx: JobsContext,
  tx: Tx,
  review: ReviewRow,
  reason: ReviewPublishReason,
): Promise<boolean> {
  if (review.published_at || review.hidden_at) return false;
  const at = ctx.now();
  await markPublished(tx, review.id, at, reason);
  await updateSeat(tx, review.job_id, review.seat_no, publicFlag(review.author_side, true));
  await appendEvent(ctx.database, tx, 'jobs.review.published.v1', {
    ...reviewEventFacts(review),
    reason,
    published_at: at.toISOString(),
  });
  return true;
}
