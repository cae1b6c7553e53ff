import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockReview, saveReply } from '../db/reviews.repository';
import { JobsErrors } from '../domain/errors';
import { isPublic } from '../domain/reviews';
import { announceText } from './announce-text';

/**
 * Issue 39: the side a published review is about replies to it, once (at most 500 characters; its words are sent
 * to messaging to translate, kind `review_reply`). Refused with nothing stored: its own author (403
 * JOBS.OWN_REVIEW), a second reply (409 JOBS.ALREADY_REPLIED, the row's `reply_text is null` guard has the last
 * word over two at once), and a review the reader may not see: someone else's, unpublished or hidden (404
 * JOBS.REVIEW_NOT_FOUND, as if there were none).
 */
export async function replyToReview(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'language'>,
  reviewId: string,
  text: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const review = await lockReview(ctx.database, tx, reviewId);
    if (!review) throw JobsErrors.reviewNotFound();
    if (review.author_id === user.id) throw JobsErrors.ownReview();
    if (review.subject_id !== user.id || !isPublic(review)) throw JobsErrors.reviewNotFound();
    if (review.reply_text !== null) throw JobsErrors.alreadyReplied();
    const at = ctx.now();
    const translation = await announceText(ctx, tx, {
      kind: 'review_reply',
      jobId: review.job_id,
      id: review.id,
      words: text,
      language: user.language ?? 'en',
      writtenAt: at,
    });
    const saved = await saveReply(ctx.database, tx, review.id, {
      text,
      language: user.language ?? 'en',
      translation,
      at,
    });
    if (!saved) throw JobsErrors.alreadyReplied();
  });
}
