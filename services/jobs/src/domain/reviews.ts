import {
  otherSide,
  type KeptTranslation,
  type Language,
  type ReviewPublishReason,
  type ReviewSide,
  type ReviewStatus,
  type ReviewTag,
} from '@brigade/contracts';

// Issue 39's reviews as the jobs service keeps them (jobs.reviews, migration 0032) and the plain rules over them:
// where one stands, whom it is about, and how a reader reads its words.

/** A jobs.reviews row. */
export interface ReviewRow {
  id: string;
  job_id: string;
  seat_no: number;
  application_id: string;
  /** who wrote it (the side that checked out); the other side is the one reviewed */
  author_side: ReviewSide;
  author_id: string;
  subject_id: string;
  rating: number;
  /** the words as written (null: stars only), in `language`; their translation once it lands */
  text: string | null;
  language: Language;
  text_translation: KeptTranslation | null;
  tags: ReviewTag[];
  /** the shift's end: published REVIEW_PUBLISH_AFTER after it when the other side never reviews */
  shift_end: Date;
  created_at: Date;
  published_at: Date | null;
  publish_reason: ReviewPublishReason | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  hidden_by: string | null;
  reply_text: string | null;
  reply_language: Language | null;
  reply_translation: KeptTranslation | null;
  replied_at: Date | null;
}

/** Pending until published, then published; hidden (by an operator) whatever it was. */
export function reviewStatus(review: Pick<ReviewRow, 'published_at' | 'hidden_at'>): ReviewStatus {
  if (review.hidden_at) return 'hidden';
  return review.published_at ? 'published' : 'pending';
}

/** Readable by everyone: published and not hidden. */
export const isPublic = (review: Pick<ReviewRow, 'published_at' | 'hidden_at'>) =>
  reviewStatus(review) === 'published';

/** The side a review is about. */
export const subjectSide = (review: Pick<ReviewRow, 'author_side'>): ReviewSide =>
  otherSide(review.author_side);

/** The seat's chef and restaurant, from a review of either side. */
export function partiesOf(review: Pick<ReviewRow, 'author_side' | 'author_id' | 'subject_id'>): {
  chef_id: string;
  restaurant_id: string;
} {
  return review.author_side === 'chef'
    ? { chef_id: review.author_id, restaurant_id: review.subject_id }
    : { chef_id: review.subject_id, restaurant_id: review.author_id };
}

/** What the review events (published, hidden) say of their review: the seat, both parties, who rated whom and how. */
export function reviewEventFacts(review: ReviewRow) {
  return {
    review_id: review.id,
    job_id: review.job_id,
    seat_no: review.seat_no,
    application_id: review.application_id,
    ...partiesOf(review),
    author_side: review.author_side,
    author_id: review.author_id,
    subject_id: review.subject_id,
    subject_type: subjectSide(review),
    rating: review.rating,
  };
}

/**
 * The seat's flag of the rating a review carries: a restaurant's review rates the chef (`chef_rating`), a chef's
 * rates the restaurant (`restaurant_rating`); `*_rating_public` says whether the side rated reads it.
 */
export function publicFlag(
  author: ReviewSide,
  value: boolean,
): { chef_rating_public: boolean } | { restaurant_rating_public: boolean } {
  return author === 'restaurant' ? { chef_rating_public: value } : { restaurant_rating_public: value };
}

/**
 * Words someone wrote as a reader reads them, like messages: the translation into the reader's language when
 * one was made, else the original; the original and its language always beside it.
 */
export function readAs(
  text: string,
  written: Language,
  kept: KeptTranslation | null,
  reader: Language,
): { text: string; original_text: string; original_language: Language; was_translated: boolean } {
  const language = kept?.language ?? written;
  const translated =
    language !== reader && kept?.translated_text && kept.translated_language === reader
      ? kept.translated_text
      : null;
  return {
    text: translated ?? text,
    original_text: text,
    original_language: language,
    was_translated: translated !== null,
  };
}
