import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { hideRating } from '../db/ratings.repository';
import type { IdentityContext } from '../context';
import { publishRating } from './publish-rating';

/**
 * Issue 39: an operator hid a review that breaks the rules: its rating leaves the reviewed side's average (when
 * it was counted) and its new average is published (ADR 43). A review hidden before its publication is
 * kept hidden here, so that it never counts.
 */
export async function uncountReview(
  ctx: IdentityContext,
  tx: Tx,
  review: EventData<'jobs.review.hidden.v1'>,
): Promise<void> {
  const moved = await hideRating(
    tx,
    {
      jobId: review.job_id,
      seatNo: review.seat_no,
      side: review.author_side,
      rateeId: review.subject_id,
      rateeType: review.subject_type,
      rating: review.rating,
      reviewId: review.review_id,
    },
    new Date(review.hidden_at),
  );
  if (moved) await publishRating(ctx, tx, { id: review.subject_id, type: review.subject_type }, moved);
}
