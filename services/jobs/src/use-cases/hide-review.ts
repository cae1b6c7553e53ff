import { appendEvent, inTransaction, recordAudit, type OperatorUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { findReview, lockReview, markHidden } from '../db/reviews.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { updateSeat } from '../db/seats.repository';
import { JobsErrors } from '../domain/errors';
import { isPublic, publicFlag, reviewEventFacts } from '../domain/reviews';

/**
 * Issue 39: an operator hides a review that breaks the rules, with a reason. It leaves the profiles' lists and
 * (when it was published) the averages: jobs.review.hidden.v1 tells identity to take its rating out and
 * notifications to text both sides. Its rating no longer shows to the side rated on the job's answers. Audited
 * in the same transaction; a second hiding is 409 JOBS.REVIEW_ALREADY_HIDDEN and changes nothing. The job's lock,
 * then the review's (the checkout's order).
 */
export async function hideReview(
  ctx: JobsContext,
  operator: Pick<OperatorUser, 'id'> & { email?: string },
  reviewId: string,
  reason: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const found = await findReview(ctx.database, reviewId, tx);
    if (!found) throw JobsErrors.reviewNotFound();
    const job = await lockJob(ctx.database, tx, found.job_id);
    const review = await lockReview(ctx.database, tx, reviewId);
    if (!job || !review) throw JobsErrors.reviewNotFound();
    if (review.hidden_at) throw JobsErrors.reviewAlreadyHidden();
    const wasPublished = isPublic(review);
    const at = ctx.now();
    await markHidden(tx, review.id, { at, reason, by: operator.id });
    if (wasPublished)
      await updateSeat(tx, review.job_id, review.seat_no, publicFlag(review.author_side, false));
    await appendEvent(ctx.database, tx, 'jobs.review.hidden.v1', {
      ...reviewEventFacts(review),
      was_published: wasPublished,
      reason,
      operator_id: operator.id,
      hidden_at: at.toISOString(),
    });
    await recordAudit(ctx.database, tx, {
      operatorId: operator.id,
      operatorEmail: operator.email ?? '',
      action: 'review.hide',
      subjectType: 'job',
      subjectId: review.job_id,
      jobId: review.job_id,
      reason,
      detail: {
        review_id: review.id,
        seat_no: review.seat_no,
        author_side: review.author_side,
        author_id: review.author_id,
        subject_id: review.subject_id,
        rating: review.rating,
        was_published: wasPublished,
      },
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
  });
}
