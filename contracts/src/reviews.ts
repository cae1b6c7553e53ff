import type { Policy } from './policy';

// Issue 39's reviews as data: the checkout's rating and words become a review of the other side, published
// double-blind (both sides wrote, or REVIEW_PUBLISH_AFTER after the shift's end), with one reply by the side
// reviewed. Jobs keeps them; identity counts a published review's rating in the averages; the web app labels
// the tags (en/es) and shows the limits below.

/** A review's words: at most this many characters (the checkout's feedback). */
export const REVIEW_TEXT_MAX = 1_000;
/** The reviewed side's one reply: at most this many characters. */
export const REVIEW_REPLY_MAX = 500;
/** An operator's reason for hiding a review. */
export const REVIEW_HIDE_REASON_MAX = 1_000;

/**
 * What a restaurant may add to its review of a chef (never a chef's of a restaurant), each at most once. The
 * names are data; the web app says them in the reader's language.
 */
export const REVIEW_TAGS = ['on_time', 'clean_station', 'would_book_again'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

/** Who wrote a review: the side that checked out. The other side is the one reviewed. */
export type ReviewSide = 'chef' | 'restaurant';
export const otherSide = (side: ReviewSide): ReviewSide => (side === 'chef' ? 'restaurant' : 'chef');

/**
 * Where a review stands: `pending` until published (only its author reads it), `published` for everyone,
 * `hidden` by an operator (nobody but its author and operators; out of the lists and the averages).
 */
export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why a review was published: both sides of the seat reviewed, or its window ended first. */
export const REVIEW_PUBLISH_REASONS = ['both_reviewed', 'window_ended'] as const;
export type ReviewPublishReason = (typeof REVIEW_PUBLISH_REASONS)[number];

/** The moment a review is published even when the other side never reviewed: `REVIEW_PUBLISH_AFTER` after the end. */
export function reviewPublishesAt(
  policy: Pick<Policy, 'reviewPublishAfterMs'>,
  shiftEnd: Date | string,
): Date {
  return new Date(new Date(shiftEnd).getTime() + policy.reviewPublishAfterMs);
}
