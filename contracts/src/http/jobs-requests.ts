import { z } from 'zod';
import { EMERGENCY_LEVELS, LIMITS, POSITIONS, SKILLS } from '../constants';
import { jsonField, NumberLike } from '../common';
import { JOB_STATUSES } from '../lifecycles';
import { ROSTER_FIRST_MAX_MINUTES } from '../fill';
import { REVIEW_TAGS, REVIEW_TEXT_MAX } from '../reviews';
import { CREDENTIAL_TYPES } from '../credentials';
import { ApplicationStatus, HEADCOUNT_MAX, HEADCOUNT_MIN } from './jobs-entities';

const HEADCOUNT_TEXT = `Headcount must be a whole number from ${HEADCOUNT_MIN} to ${HEADCOUNT_MAX}`;
const ROSTER_FIRST_TEXT = `The roster-first window must be a whole number of minutes from 0 to ${ROSTER_FIRST_MAX_MINUTES} (24 hours)`;

// ---------- requests ----------
const DateTimeText = z
  .string({ error: 'Start and end times are required' })
  .trim()
  .min(1, 'Start and end times are required')
  .max(100, 'Times must be valid dates')
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Times must be valid dates' });

/** Issue 39: a posting's required credentials (each type once, in any order; stored in the list's order). */
export const RequiredCredentials = z
  .array(z.enum(CREDENTIAL_TYPES, { error: 'Unknown credential type' }), {
    error: 'required_credentials must be a list of credential types',
  })
  .max(CREDENTIAL_TYPES.length * 2, 'required_credentials must be a list of credential types')
  .transform((list) => CREDENTIAL_TYPES.filter((t) => list.includes(t)));

export const PostJobRequest = z
  .object({
    title: z.enum(POSITIONS, { error: 'Please select a position' }),
    description: z.string().trim().max(2000, 'Description is too long').optional().nullable(),
    startTime: DateTimeText,
    endTime: DateTimeText,
    hourlyRate: NumberLike.pipe(
      z
        .number({ error: 'Hourly rate is required' })
        .min(
          LIMITS.hourlyRateMin,
          `Hourly rate must be between $${LIMITS.hourlyRateMin} and $${LIMITS.hourlyRateMax}`,
        )
        .max(
          LIMITS.hourlyRateMax,
          `Hourly rate must be between $${LIMITS.hourlyRateMin} and $${LIMITS.hourlyRateMax}`,
        )
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
          message: 'Hourly rate must be in whole cents',
        }),
    ),
    emergencyLevel: z
      .enum(EMERGENCY_LEVELS, { error: 'Priority must be normal or urgent' })
      .default('normal'),
    notifyFavorites: z
      .array(z.string().uuid('notifyFavorites must list chef profile ids'))
      .max(100)
      .default([]),
    requiredSkills: z
      .array(z.enum(SKILLS, { error: 'Unknown skill' }))
      .max(SKILLS.length)
      .default([]),
    /** Issue 34: the expected unpaid break, in whole minutes (0-120, default 0). */
    breakMinutes: NumberLike.pipe(
      z
        .number({ error: 'The break must be a number of minutes' })
        .int('The break must be in whole minutes')
        .min(0, 'The break must be between 0 and 120 minutes')
        .max(120, 'The break must be between 0 and 120 minutes'),
    ).default(0),
    /**
     * Issue 35: how many chefs the posting asks for (1-20, default 1). The escrow charge is headcount × (shift
     * pay + 7%), one charge; each confirmed chef fills one seat.
     */
    headcount: NumberLike.pipe(
      z
        .number({ error: HEADCOUNT_TEXT })
        .int(HEADCOUNT_TEXT)
        .min(HEADCOUNT_MIN, HEADCOUNT_TEXT)
        .max(HEADCOUNT_MAX, HEADCOUNT_TEXT),
    ).default(1),
    /**
     * Issue 37: for this many minutes after the shift opens (0-1440, default 0) only the restaurant's favorites
     * see and can take it, and are texted; then every chef in range.
     */
    roster_first_minutes: NumberLike.pipe(
      z
        .number({ error: ROSTER_FIRST_TEXT })
        .int(ROSTER_FIRST_TEXT)
        .min(0, ROSTER_FIRST_TEXT)
        .max(ROSTER_FIRST_MAX_MINUTES, ROSTER_FIRST_TEXT),
    ).default(0),
    /** Issue 37: chefs who meet the bar may book the shift at once ("Book now"). */
    instant_book: z.boolean({ error: 'instant_book must be true or false' }).default(false),
    /**
     * Issue 39: the credentials a chef must hold, verified by an operator and unexpired, to take the shift (each
     * type once; none by default). Everyone still sees the shift.
     */
    required_credentials: RequiredCredentials.default([]),
  })
  .meta({ id: 'PostJobRequest' });
export type PostJobRequest = z.infer<typeof PostJobRequest>;

/** The owner's only change to a posted job is cancelling it, by the cancellation rules (as POST /jobs/{id}/cancel). */
export const UpdateJobRequest = z
  .object({
    status: z.literal('cancelled', { error: 'Only cancelling a job is supported (status: cancelled)' }),
    reason: z.string().trim().max(500, 'The reason must be 500 characters or less').optional().nullable(),
  })
  .meta({ id: 'UpdateJobRequest' });

/** `POST /jobs/{id}/cancel`: why, optionally (shown to the chef). */
export const CancelJobRequest = z
  .object({
    reason: z.string().trim().max(500, 'The reason must be 500 characters or less').optional().nullable(),
  })
  .meta({ id: 'CancelJobRequest' });

/**
 * What cancelling costs each side, before (`GET /jobs/{id}/cancellation`, the owner's quote) and after
 * (`POST /jobs/{id}/cancel`). `reason_text` explains the rule in the caller's language.
 */
export const CancellationQuote = z
  .object({
    rule: z.enum(['no_chef', 'early', 'late', 'started']),
    late: z.boolean(),
    chef_pay_cents: z.number().int(),
    fee_cents: z.number().int(),
    refund_cents: z.number().int(),
    reason_text: z.string(),
  })
  .meta({ id: 'CancellationQuote' });

const SkillsFilter = z.preprocess(
  (v) =>
    typeof v === 'string' && !v.trim().startsWith('[')
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  jsonField(
    // PostgreSQL text cannot hold U+0000: refused here (400), as in bodies, never a failed query (500).
    z
      .array(
        z
          .string()
          .max(60)
          .refine((v) => !v.includes('\u0000'), 'skills cannot contain NUL'),
      )
      .max(30),
    'skills must be a JSON list or a comma-separated list',
  ),
);
const DateFilter = z
  .string()
  .max(100, 'Dates must be valid (YYYY-MM-DD or ISO date-time)')
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), {
    message: 'Dates must be valid (YYYY-MM-DD or ISO date-time)',
  });

export const JobsQuery = z.object({
  /** open (chefs' default), all (restaurants' default) or one job status. */
  status: z.enum(['all', ...JOB_STATUSES], { error: 'Unknown status' }).optional(),
  emergencyLevel: z.enum(EMERGENCY_LEVELS, { error: 'emergencyLevel must be normal or urgent' }).optional(),
  minRate: NumberLike.pipe(z.number().min(0).max(1000)).optional(),
  maxRate: NumberLike.pipe(z.number().min(0).max(1000)).optional(),
  skills: SkillsFilter.optional(),
  /** Shifts starting on or after this date. */
  startDate: DateFilter.optional(),
  /** Shifts starting on or before this date (a bare date includes the whole day). */
  endDate: DateFilter.optional(),
  limit: NumberLike.pipe(z.number().int().min(1).max(200)).optional(),
  /**
   * Chefs' open list: `me` (the default) keeps the shifts within the chef's travel radius of their home (their
   * city's centre until they give one),
   * nearest and soonest first; `all` lists every open shift of the service area, soonest first (each with
   * its distance). Restaurants' lists ignore it.
   */
  near: z.enum(['me', 'all'], { error: 'near must be me or all' }).optional(),
  /**
   * Chefs' open list only: `shared=1` asks for the list as every chef sees it, without user_applied and
   * user_application (the chef's own applications come from GET /applications). The same body for every
   * chef of one place and radius (the list depends on them), so the gateway can keep it once per list version and answer it itself (ADR 7).
   */
  shared: z.enum(['1', 'true'], { error: 'shared must be 1 or true' }).optional(),
});
export type JobsQuery = z.infer<typeof JobsQuery>;

export const ApplicationsQuery = z.object({
  jobId: z.string().uuid('jobId must be a job id').optional(),
  status: ApplicationStatus.optional(),
});

export const UpdateApplicationRequest = z
  .object({ status: z.enum(['accepted', 'rejected'], { error: 'status must be accepted or rejected' }) })
  .meta({ id: 'UpdateApplicationRequest' });

export const ConfirmApplicationRequest = z
  .object({ confirmed: z.boolean({ error: 'confirmed must be true or false' }) })
  .meta({ id: 'ConfirmApplicationRequest' });

/**
 * One side's checkout answer (issue 32: a decision, nothing defaulted). `workCompleted` is required of both
 * sides; the rating of the other side (1-5) is required when the work was done and refused when it was not
 * (400 JOBS.RATING_REQUIRED / JOBS.RATING_WITHOUT_WORK): nobody rates work that did not happen.
 */
export const CheckoutRequest = z
  .object({
    rating: z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(LIMITS.ratingMin, 'Rating must be a whole number from 1 to 5')
      .max(LIMITS.ratingMax, 'Rating must be a whole number from 1 to 5')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    /** Whether the shift was worked: the side's own decision, never a default. */
    workCompleted: z.boolean({
      error: 'Please say whether the shift was worked (workCompleted true or false)',
    }),
    /**
     * The words of the review (issue 39: with the rating, the review of the other side, published when both
     * sides reviewed or REVIEW_PUBLISH_AFTER after the end); at most REVIEW_TEXT_MAX characters.
     */
    feedback: z
      .string()
      .trim()
      .max(REVIEW_TEXT_MAX, 'Feedback must be 1000 characters or less')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /**
     * Issue 39: a restaurant's review of a chef who worked the shift may add what went well (REVIEW_TAGS), each
     * once; a chef's review, or a "not worked" checkout, takes none (400 JOBS.TAGS_NOT_ALLOWED).
     */
    tags: z
      .array(z.enum(REVIEW_TAGS, { error: 'Each tag is one of on_time, clean_station, would_book_again' }), {
        error: 'tags must be a list',
      })
      .max(REVIEW_TAGS.length, 'Each tag at most once')
      .refine((tags) => new Set(tags).size === tags.length, 'Each tag at most once')
      .optional()
      .transform((v) => v ?? []),
  })
  .meta({ id: 'CheckoutRequest' });

export const FavoritesQuery = z.object({
  sortBy: z
    .enum(['recent', 'frequency', 'rating'], { error: 'sortBy must be recent, frequency or rating' })
    .optional(),
});

/** POST /jobs/{id}/dispute: one side's statement for the operator (translated like messages). */
export const AddDisputeStatementRequest = z.object({
  statement: z
    .string({ error: 'Please write your statement' })
    .trim()
    .min(1, 'Please write your statement')
    .max(2000, 'Statements can be at most 2000 characters'),
  /**
   * Issue 35: the restaurant names the disputed seat when its posting has two or more undecided disputes (409
   * JOBS.SEAT_REQUIRED otherwise); a chef's statement always goes to their own seat's.
   */
  seat_no: z
    .number({ error: 'seat_no is a seat number from 1 to 20' })
    .int('seat_no is a seat number from 1 to 20')
    .min(1, 'seat_no is a seat number from 1 to 20')
    .max(20, 'seat_no is a seat number from 1 to 20')
    .optional(),
});
