import { z } from 'zod';
import { NumberLike, type RouteDoc } from '../common';
import {
  REVIEW_HIDE_REASON_MAX,
  REVIEW_PUBLISH_REASONS,
  REVIEW_REPLY_MAX,
  REVIEW_STATUSES,
  REVIEW_TAGS,
} from '../reviews';

// Issue 39: reviews both sides can read. The names here are the contracts: paths, fields, codes. The jobs
// service answers every route (it keeps the checkouts the reviews come from).

const Language = z.enum(['en', 'es']);
const Side = z.enum(['chef', 'restaurant']);
const Rating = z.number().int().min(1).max(5);

/** The reviewed side's one reply, in the reader's language as messages are (the original kept beside it). */
export const ReviewReply = z
  .object({
    /** what the reader reads: translated into their language when a translation was made */
    text: z.string(),
    /** the reply as its writer wrote it */
    original_text: z.string(),
    original_language: Language,
    /** true when `text` is a translation ("Translated from ... · Show original") */
    was_translated: z.boolean(),
    replied_at: z.string(),
  })
  .meta({ id: 'ReviewReply' });
export type ReviewReply = z.infer<typeof ReviewReply>;

/**
 * A published review on a profile (`GET /profiles/chef/{id}/reviews`, `GET /profiles/restaurant/{id}/reviews`):
 * its stars, its words in the reader's language (the original kept beside them), a restaurant's tags about a
 * chef, the reply of the side reviewed, and when it was published. Never an unpublished or hidden one.
 */
export const Review = z
  .object({
    id: z.string().uuid(),
    rating: Rating,
    /** the words as the reader reads them (null: stars only) */
    text: z.string().nullable(),
    original_text: z.string().nullable(),
    original_language: Language.nullable(),
    was_translated: z.boolean(),
    /** a restaurant's review of a chef only: what went well (REVIEW_TAGS) */
    tags: z.array(z.enum(REVIEW_TAGS)),
    reply: ReviewReply.nullable(),
    published_at: z.string(),
    /** who wrote it: a restaurant (on a chef's profile) or a chef (on a restaurant's), and their name */
    author_side: Side,
    author_name: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** `?limit=&offset=`: a page of the newest published reviews (20 unless told, at most 50). */
export const ReviewsQuery = z.object({
  limit: NumberLike.pipe(z.number().int().min(1).max(50)).optional(),
  offset: NumberLike.pipe(z.number().int().min(0).max(10_000)).optional(),
});
export type ReviewsQuery = z.infer<typeof ReviewsQuery>;

export const ReviewsResponse = z
  .object({
    /** newest published first */
    reviews: z.array(Review),
    /** how many published reviews the profile has in all (the pages' sum) */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ReviewsResponse' });
export type ReviewsResponse = z.infer<typeof ReviewsResponse>;

/** `POST /reviews/{id}/reply` `{ text }`: the side reviewed answers a published review, once. */
export const ReplyToReviewBody = z
  .object({
    text: z
      .string({ error: 'Please write your reply' })
      .trim()
      .min(1, 'Please write your reply')
      .max(REVIEW_REPLY_MAX, 'A reply can be at most 500 characters'),
  })
  .meta({ id: 'ReplyToReviewBody' });
export type ReplyToReviewBody = z.infer<typeof ReplyToReviewBody>;

export const ReviewResponse = z.object({ review: Review }).meta({ id: 'ReviewResponse' });

// ---------- operators ----------

/** `POST /ops/reviews/{id}/hide` `{ reason }`: audited; both sides are texted. */
export const HideReviewBody = z
  .object({
    reason: z
      .string({ error: 'Please say why the review is hidden' })
      .trim()
      .min(1, 'Please say why the review is hidden')
      .max(REVIEW_HIDE_REASON_MAX, 'Reasons can be at most 1000 characters'),
  })
  .meta({ id: 'HideReviewBody' });
export type HideReviewBody = z.infer<typeof HideReviewBody>;

/** A review as the console reads it: every state, both sides, the words as written, the hiding. */
export const OpsReview = z
  .object({
    id: z.string().uuid(),
    job_id: z.string().uuid(),
    job_title: z.string(),
    seat_no: z.number().int().min(1),
    application_id: z.string().uuid(),
    status: z.enum(REVIEW_STATUSES),
    author_side: Side,
    author_id: z.string().uuid(),
    author_name: z.string().nullable(),
    subject_id: z.string().uuid(),
    subject_name: z.string().nullable(),
    rating: Rating,
    text: z.string().nullable(),
    language: Language,
    tags: z.array(z.enum(REVIEW_TAGS)),
    reply_text: z.string().nullable(),
    created_at: z.string(),
    /** when it is published if the other side never reviews (the shift's end + REVIEW_PUBLISH_AFTER) */
    publishes_at: z.string(),
    published_at: z.string().nullable(),
    publish_reason: z.enum(REVIEW_PUBLISH_REASONS).nullable(),
    hidden_at: z.string().nullable(),
    hidden_reason: z.string().nullable(),
  })
  .meta({ id: 'OpsReview' });
export type OpsReview = z.infer<typeof OpsReview>;

/** `?user_id=` (written by or about that user) and/or `?job_id=`; neither: the newest reviews of all. */
export const OpsReviewsQuery = z.object({
  user_id: z.string().uuid('user_id must be a UUID').optional(),
  job_id: z.string().uuid('job_id must be a UUID').optional(),
});
export type OpsReviewsQuery = z.infer<typeof OpsReviewsQuery>;

export const OpsReviewsResponse = z
  .object({ reviews: z.array(OpsReview) })
  .meta({ id: 'OpsReviewsResponse' });
export const OpsReviewResponse = z.object({ review: OpsReview }).meta({ id: 'OpsReviewResponse' });

// ---------- the routes ----------

export const reviewRoutes: Array<RouteDoc & { service: string }> = [
  {
    method: 'get',
    path: '/profiles/chef/{id}/reviews',
    summary:
      "A chef's published reviews (by profile id or user id), newest first, in the reader's language with the original; never an unpublished or hidden one",
    auth: 'user',
    query: ReviewsQuery,
    response: ReviewsResponse,
    service: 'jobs',
  },
  {
    method: 'get',
    path: '/profiles/restaurant/{id}/reviews',
    summary:
      "A restaurant's published reviews (by profile id or user id), newest first, in the reader's language with the original; never an unpublished or hidden one",
    auth: 'user',
    query: ReviewsQuery,
    response: ReviewsResponse,
    service: 'jobs',
  },
  {
    method: 'post',
    path: '/reviews/{id}/reply',
    summary:
      'The side reviewed replies to a published review, once (at most 500 characters, translated like messages); its own review, a second reply or an unpublished one: refused',
    auth: 'user',
    body: ReplyToReviewBody,
    response: ReviewResponse,
    status: 201,
    service: 'jobs',
  },
  {
    method: 'get',
    path: '/ops/reviews',
    summary:
      'Reviews written by or about a user (`user_id`) or of a job (`job_id`), in every state (pending, published, hidden), newest first',
    auth: 'operator',
    query: OpsReviewsQuery,
    response: OpsReviewsResponse,
    service: 'jobs',
  },
  {
    method: 'post',
    path: '/ops/reviews/{id}/hide',
    summary:
      'Hide a review that breaks the rules, with a reason: it leaves the lists and the averages; audited, both sides texted',
    auth: 'operator',
    body: HideReviewBody,
    response: OpsReviewResponse,
    service: 'jobs',
  },
];
