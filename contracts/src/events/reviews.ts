import { z } from 'zod';
import { REVIEW_PUBLISH_REASONS } from '../reviews';

// Issue 39's integration events (jobs publishes them): a review published (both sides wrote, or its window ended)
// and a review hidden by an operator. Identity counts a published review's rating in the averages and takes a
// hidden one's out; notifications texts both sides of a hidden one.

const Id = z.string().uuid();
const Side = z.enum(['chef', 'restaurant']);

/** Whose review of whom, on which seat of which shift. */
const ReviewFacts = z.object({
  review_id: Id,
  job_id: Id,
  seat_no: z.number().int().min(1),
  application_id: Id,
  chef_id: Id,
  restaurant_id: Id,
  /** who wrote it; the other side is the one reviewed */
  author_side: Side,
  author_id: Id,
  subject_id: Id,
  subject_type: Side,
  rating: z.number().int().min(1).max(5),
});

export const reviewEvents = {
  /**
   * A review became readable by everyone: the other side reviewed the seat too, or REVIEW_PUBLISH_AFTER passed
   * since the shift's end. Identity adds its rating to the subject's average (once per job, seat and side).
   */
  'jobs.review.published.v1': ReviewFacts.extend({
    reason: z.enum(REVIEW_PUBLISH_REASONS),
    published_at: z.string(),
  }),
  /**
   * An operator hid a review that breaks the rules (audited in jobs). Identity takes its rating out of the
   * average when it was counted (`was_published`); notifications texts its author and the side reviewed.
   */
  'jobs.review.hidden.v1': ReviewFacts.extend({
    was_published: z.boolean(),
    reason: z.string(),
    operator_id: Id,
    hidden_at: z.string(),
  }),
} as const;
