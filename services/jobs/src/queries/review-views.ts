import { reviewPublishesAt, type Language, type reviewsHttp, type ReviewSide } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import {
  profileUser,
  publishedReviewsOf,
  reviewsForOps,
  type NamedReview,
  type OpsReviewRow,
} from '../db/reviews.repository';
import { isPublic, readAs, reviewStatus } from '../domain/reviews';
import type { ViewContext } from './view-context';

// The read side of reviews (issue 39): a profile's published reviews in the reader's language, and the console's
// view of every review. Nothing here shows an unpublished or hidden review to anyone but operators.

const DEFAULT_PAGE = 20;

/** A published review as a member reads it: its words and its reply in the reader's language, the originals kept. */
export function presentReview(review: NamedReview, reader: Language): reviewsHttp.Review {
  const words =
    review.text === null ? null : readAs(review.text, review.language, review.text_translation, reader);
  return {
    id: review.id,
    rating: review.rating,
    text: words?.text ?? null,
    original_text: words?.original_text ?? null,
    original_language: words?.original_language ?? null,
    was_translated: words?.was_translated ?? false,
    tags: review.tags,
    reply:
      review.reply_text === null || !review.replied_at
        ? null
        : {
            ...readAs(review.reply_text, review.reply_language ?? 'en', review.reply_translation, reader),
            replied_at: review.replied_at.toISOString(),
          },
    published_at: review.published_at!.toISOString(),
    author_side: review.author_side,
    author_name: review.author_name,
  };
}

/**
 * `GET /profiles/{chef|restaurant}/{id}/reviews`: the published reviews about the user the profile id (or user id)
 * names, newest published first, a page at a time; null when no profile of that kind has the id.
 */
export async function profileReviews(
  ctx: ViewContext,
  kind: ReviewSide,
  id: string,
  reader: Language,
  page: reviewsHttp.ReviewsQuery,
): Promise<reviewsHttp.ReviewsResponse | null> {
  const subject = await profileUser(ctx.database, kind, id);
  if (!subject) return null;
  const { reviews, total } = await publishedReviewsOf(ctx.database, subject, {
    limit: page.limit ?? DEFAULT_PAGE,
    offset: page.offset ?? 0,
  });
  // A profile of one kind lists the reviews written by the other side only.
  return {
    reviews: reviews.filter((r) => r.author_side !== kind).map((r) => presentReview(r, reader)),
    total,
  };
}

/** One published review as its reader reads it (the answer to a reply); null when it is not public. */
export async function publicReview(
  ctx: ViewContext,
  id: string,
  reader: Language,
  executor?: Executor,
): Promise<reviewsHttp.Review | null> {
  const [row] = await reviewsForOps(ctx.database, { id }, executor);
  if (!row || !isPublic(row)) return null;
  return presentReview(row, reader);
}

/** A review as the console reads it: every state, both sides, the words as written. */
export function presentOpsReview(ctx: ViewContext, review: OpsReviewRow): reviewsHttp.OpsReview {
  return {
    id: review.id,
    job_id: review.job_id,
    job_title: review.job_title,
    seat_no: review.seat_no,
    application_id: review.application_id,
    status: reviewStatus(review),
    author_side: review.author_side,
    author_id: review.author_id,
    author_name: review.author_name,
    subject_id: review.subject_id,
    subject_name: review.subject_name,
    rating: review.rating,
    text: review.text,
    language: review.language,
    tags: review.tags,
    reply_text: review.reply_text,
    created_at: review.created_at.toISOString(),
    publishes_at: reviewPublishesAt(ctx.policy, review.shift_end).toISOString(),
    published_at: review.published_at?.toISOString() ?? null,
    publish_reason: review.publish_reason,
    hidden_at: review.hidden_at?.toISOString() ?? null,
    hidden_reason: review.hidden_reason,
  };
}

/** `GET /ops/reviews`: by or about a user, of a job, newest first. */
export async function opsReviews(
  ctx: ViewContext,
  filter: reviewsHttp.OpsReviewsQuery,
): Promise<reviewsHttp.OpsReview[]> {
  const rows = await reviewsForOps(ctx.database, { userId: filter.user_id, jobId: filter.job_id });
  return rows.map((r) => presentOpsReview(ctx, r));
}

/** One review for the console, or null. */
export async function opsReview(ctx: ViewContext, id: string): Promise<reviewsHttp.OpsReview | null> {
  const [row] = await reviewsForOps(ctx.database, { id });
  return row ? presentOpsReview(ctx, row) : null;
}
