import { randomUUID } from 'node:crypto';
import {
  otherSide,
  reviewPublishesAt,
  type Language,
  type ReviewSide,
  type ReviewTag,
} from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertReview, lockSeatReviews } from '../db/reviews.repository';
import { announceText } from './announce-text';
import { publishReview } from './publish-review';

/** A worked checkout's rating and words, by one side of one seat. */
export interface CheckoutReview {
  jobId: string;
  seatNo: number;
  applicationId: string;
  shiftEnd: Date;
  side: ReviewSide;
  authorId: string;
  subjectId: string;
  rating: number;
  text: string | null;
  language: Language;
  tags: ReviewTag[];
}

/**
 * Issue 39: a side's worked checkout becomes its review of the other side (in the checkout's transaction). Its
 * words are sent to messaging to translate (jobs.text.written.v1, kind `review`). Double-blind: it stays with its
 * author until the other side of the seat reviewed too (then both are published now), or until
 * REVIEW_PUBLISH_AFTER after the shift's end (the rules loop; a checkout written after that moment publishes at
 * once). A review of the seat by this side already kept (a concurrent checkout) changes nothing.
 */
export async function recordReview(ctx: JobsContext, tx: Tx, input: CheckoutReview): Promise<void> {
  // The seat's reviews locked first (a fixed order): the other side's checkout waits here, then sees this one.
  const existing = await lockSeatReviews(ctx.database, tx, input.jobId, input.seatNo);
  const id = randomUUID();
  const now = ctx.now();
  const translation = await announceText(ctx, tx, {
    kind: 'review',
    jobId: input.jobId,
    id,
    words: input.text,
    language: input.language,
    writtenAt: now,
  });
  const review = await insertReview(ctx.database, tx, {
    id,
    job_id: input.jobId,
    seat_no: input.seatNo,
    application_id: input.applicationId,
    author_side: input.side,
    author_id: input.authorId,
    subject_id: input.subjectId,
    rating: input.rating,
    text: input.text,
    language: input.language,
    text_translation: translation,
    tags: input.side === 'restaurant' ? input.tags : [],
    shift_end: input.shiftEnd,
    created_at: now,
  });
  if (!review) return;
  const other = existing.find((r) => r.author_side === otherSide(input.side));
  if (other) {
    // Both sides reviewed: both are published now (one hidden by an operator stays hidden).
    await publishReview(ctx, tx, review, 'both_reviewed');
    await publishReview(ctx, tx, other, 'both_reviewed');
  } else if (now.getTime() >= reviewPublishesAt(ctx.policy, input.shiftEnd).getTime()) {
    await publishReview(ctx, tx, review, 'window_ended');
  }
}
