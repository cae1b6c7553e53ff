import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { addRating } from '../db/ratings.repository';
import type { IdentityContext } from '../context';
import { publishRating } from './publish-rating';

/**
 * Issue 39: jobs published a review (both sides of the seat reviewed, or its window ended): its rating joins the
 * reviewed side's average, once per job, seat and side, and the new average is published (ADR 43: its own event,
 * for jobs). A rating not yet published never counts (double-blind), nor one an operator hid.
 */
export async function countReview(
  ctx: IdentityContext,
  tx: Tx,
  review: EventData<'jobs.review.published.v1'>,
): Promise<void> {
  const moved = await addRating(tx, {
    jobId: review.job_id,
    seatNo: review.seat_no,
    side: review.author_side,
    rateeId: review.subject_id,
    rateeType: review.subject_type,
    rating: review.rating,
    reviewId: review.review_id,
  });
  if (moved) await publishRating(ctx, tx, { id: review.subject_id, type: review.subject_type }, moved);
}
