import { inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { claimDueReview, lockReview } from '../db/reviews.repository';
import { publishReview } from './publish-review';

/**
 * Issue 39, the rules loop: a review whose other side never reviewed is published REVIEW_PUBLISH_AFTER after the
 * shift's end, once. One review per transaction, its job claimed past any other instance's (the job, then the
 * review: the checkout's lock order); the job's lists move so the side rated reads the rating on its next poll.
 * False when none is due.
 */
export async function publishNextDueReview(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const endedBy = new Date(ctx.now().getTime() - ctx.policy.reviewPublishAfterMs);
    const due = await claimDueReview(ctx.database, tx, endedBy);
    if (!due) return false;
    const review = await lockReview(ctx.database, tx, due.id);
    if (!review || !(await publishReview(ctx, tx, review, 'window_ended'))) return true;
    const job = await findJob(ctx.database, review.job_id, tx);
    if (job) await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
    return true;
  });
}
