import { z } from 'zod';
import { EMERGENCY_LEVELS } from '../constants';
import { TextTranslation } from '../common';
import { APPLICATION_STATUSES, JOB_STATUSES, PAYMENT_STATUSES, SEAT_STATUSES } from '../lifecycles';
import { BOOK_NOW_CONDITIONS } from '../fill';
import { CREDENTIAL_TYPES } from '../credentials';
import { MoneyOutcome } from './money-outcome';
import { ChefReliability, RestaurantReliability } from './reliability';

/** Seats per posting (PostJobRequest.headcount, issue 35): 1-20. */
export const HEADCOUNT_MIN = 1;
export const HEADCOUNT_MAX = 20;

export { ChefReliability, MoneyOutcome, RestaurantReliability };

// ---------- lifecycles (values: contracts/src/lifecycles) ----------
export { APPLICATION_STATUSES, JOB_STATUSES, PAYMENT_STATUSES };
export const JobStatus = z.enum(JOB_STATUSES);
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export const ApplicationStatus = z.enum(APPLICATION_STATUSES);

// ---------- entities (responses) ----------

/** The posting restaurant as a job shows it (from the jobs service's read model of identity's profiles). */
export const JobRestaurant = z
  .object({
    user_id: z.string().uuid(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    /** Issue 32: the restaurant's ZIP when it gave one (the Directions link's destination ends with it). */
    zip: z.string().nullable().optional(),
    logo_url: z.string().nullable(),
    cuisine_types: z.array(z.string()),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
  })
  .meta({ id: 'JobRestaurant' });

/** The applying chef as an application shows it (spec: Application.chef_profiles). */
export const ApplicationChef = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string(),
    bio: z.string(),
    skills: z.array(z.string()),
    travel_radius: z.number().nullable(),
    profile_image_url: z.string().nullable(),
    city: z.string().nullable(),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
    /** The languages the chef speaks: ISO 639-1 codes (issue 32). */
    languages: z.array(z.string()),
    /** The chef's reliability record (all time and the last 90 days), served by the jobs service. */
    reliability: ChefReliability,
    /** Issue 39: the chef's verified credentials that count today (jobs' read model of identity's decisions). */
    verified_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
  })
  .meta({ id: 'ApplicationChef' });

const ApplicationBase = z.object({
  id: z.string().uuid(),
  job_id: z.string().uuid(),
  chef_id: z.string().uuid(),
  status: ApplicationStatus,
  /** After acceptance: null awaiting the chef, true confirmed, false declined. */
  worker_confirmed: z.boolean().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  chef_profiles: ApplicationChef.nullable(),
  /** Issue 35: the seat this application booked once confirmed (1-20); null before (or never booked). */
  seat_no: z.number().int().min(1).max(20).nullable().optional(),
  /**
   * Issue 37: while a reconfirmation is due (from RECONFIRM_OPENS before the start), the moment the chef must
   * reconfirm by (`POST /applications/{id}/reconfirm`); null when none is due or it was given.
   */
  reconfirm_by: z.string().nullable().optional(),
  /** Issue 37: when the chef reconfirmed; null before. */
  reconfirmed_at: z.string().nullable().optional(),
});
/** An application inside its job (GET /jobs/{id} for the owner). */
export const ApplicationOfJob = ApplicationBase.meta({ id: 'ApplicationOfJob' });

/** One side's statement on a disputed job, in its own words and translated for the other language. */
export const DisputeStatement = z
  .object({
    id: z.string().uuid(),
    author_id: z.string().uuid(),
    author_side: z.enum(['chef', 'restaurant']),
    text: z.string(),
    /** the language it was written in (the author's preference) */
    language: z.enum(['en', 'es']),
    /** the text in the other language; null until translated, or when no translator is active */
    translated_text: z.string().nullable(),
    translated_language: z.enum(['en', 'es']).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'DisputeStatement' });
export type DisputeStatement = z.infer<typeof DisputeStatement>;

/** An operator's decision on a disputed job: what each side got, and why (the note both sides see). */
export const DisputeResolution = z
  .object({
    chef_pay_cents: z.number().int(),
    fee_cents: z.number().int(),
    refund_cents: z.number().int(),
    note: z.string(),
    resolved_at: z.string(),
    /** The note's translation into the other language (issue 32). */
    note_translation: TextTranslation.nullable().optional(),
  })
  .meta({ id: 'DisputeResolution' });
export type DisputeResolution = z.infer<typeof DisputeResolution>;

/**
 * A job's dispute as its two parties see it: the statements (each side writes at most DISPUTE_STATEMENTS_MAX,
 * so all of them) and, once decided, the decision.
 */
export const JobDispute = z
  .object({
    status: z.enum(['open', 'resolved']),
    opened_at: z.string(),
    statements: z.array(DisputeStatement),
    /** how many statements each side may write (DISPUTE_STATEMENTS_MAX, issue 33) */
    statements_max: z.number().int().nonnegative(),
    /** how many more the reader's side may write (0 once decided) */
    statements_left: z.number().int().nonnegative(),
    resolution: DisputeResolution.nullable(),
    /** Issue 35: the disputed seat (a posting of several chefs has a dispute per seat whose answers disagreed) */
    seat_no: z.number().int().min(1).max(20).optional(),
  })
  .meta({ id: 'JobDispute' });
export type JobDispute = z.infer<typeof JobDispute>;

/** How the two parties of a booked shift reach each other (Job.contact). */
export const JobContact = z
  .object({
    phone: z.string().nullable(),
    phone_from: z.string(),
    phone_until: z.string(),
  })
  .meta({ id: 'JobContact' });
export type JobContact = z.infer<typeof JobContact>;
/**
 * A shift the signed-in chef holds (a restaurant accepted them: awaiting their confirmation, or confirmed), as
 * their own screens warn with it: "you are booked 8:55 - 11:55". `busy_from` / `busy_until` widen it by
 * SHIFT_GAP on each side (travel): another shift clashes with it when it overlaps that window (contracts'
 * `clashesWithBooked`). Only ever in the chef's own answers, never in a body shared between chefs.
 */
export const BookedShift = z
  .object({
    job_id: z.string().uuid(),
    title: z.string(),
    restaurant_name: z.string().nullable(),
    /** The restaurant's city: its times are read in that city's time zone. */
    city: z.string().nullable(),
    start_time: z.string(),
    end_time: z.string(),
    /** whether the chef confirmed it (false: accepted, awaiting the chef's confirmation) */
    confirmed: z.boolean(),
    busy_from: z.string(),
    busy_until: z.string(),
  })
  .meta({ id: 'BookedShift' });
export type BookedShift = z.infer<typeof BookedShift>;

/** Issue 35: a posting's seats counted (see Job.seats). */
export const JobSeats = z
  .object({
    total: z.number().int().min(1).max(20),
    booked: z.number().int().min(0).max(20),
    open: z.number().int().min(0).max(20),
  })
  .meta({ id: 'JobSeats' });
export type JobSeats = z.infer<typeof JobSeats>;

/** Issue 35: one seat of a posting as its restaurant sees it on the job page. */
export const JobSeat = z
  .object({
    seat_no: z.number().int().min(1).max(20),
    status: z.enum(SEAT_STATUSES),
    /** the application that booked the seat, and its chef (null while nobody holds it) */
    application_id: z.string().uuid().nullable(),
    chef_id: z.string().uuid().nullable(),
    chef_name: z.string().nullable(),
    restaurant_checkout_completed: z.boolean(),
    chef_checkout_completed: z.boolean(),
    chef_rating: z.number().int().nullable(),
    restaurant_rating: z.number().int().nullable(),
    /**
     * Issue 35, a posting of several chefs: the seat's booked chef's verified phone, inside the shift's contact
     * window only (null outside it, or while nobody is booked); a posting of one has it in Job.contact (issue 32).
     */
    phone: z.string().nullable().optional(),
  })
  .meta({ id: 'JobSeat' });
export type JobSeat = z.infer<typeof JobSeat>;

/** Issue 35: the terms of a shift a booked chef said yes to, and what one seat pays at them. */
export const ShiftTerms = z.object({
  start_time: z.string(),
  end_time: z.string(),
  /** dollars per hour */
  hourly_rate: z.number(),
  break_minutes: z.number().int().min(0).max(120),
  /** the chef's pay for the seat at these terms (rate × paid time), in cents */
  pay_cents: z.number().int().nonnegative(),
});
export type ShiftTerms = z.infer<typeof ShiftTerms>;

/**
 * Issue 35, to a booked chef: the restaurant changed the times or pay of their shift. They keep it
 * (`POST /applications/{id}/edit-answer` `{ accept: true }`) or leave with no record (`false`) by `answer_by`;
 * no answer keeps the booking at the new terms.
 */
export const EditToAnswer = z.object({
  edit_id: z.string().uuid(),
  application_id: z.string().uuid(),
  before: ShiftTerms,
  after: ShiftTerms,
  answer_by: z.string(),
});
export type EditToAnswer = z.infer<typeof EditToAnswer>;

/**
 * Issue 35, to the owner: an edit whose total rises waits for its charge to the card on file (`charging`); a
 * declined card drops it (`declined`, with the card's code) and the job keeps its terms.
 */
export const PendingEdit = z.object({
  edit_id: z.string().uuid(),
  status: z.enum(['charging', 'declined']),
  charge_cents: z.number().int().nonnegative(),
  requested_at: z.string(),
  code: z.string().nullable(),
  /** Issue 37: `boost` when it is a boost of the rate (its card charge first, then the new rate shows). */
  kind: z.enum(['edit', 'boost']).optional(),
});
export type PendingEdit = z.infer<typeof PendingEdit>;

export const Job = z
  .object({
    id: z.string().uuid(),
    restaurant_id: z.string().uuid(),
    title: z.string(),
    description: z.string().nullable(),
    /** The description's translation into the other language (issue 32; null without a description). */
    description_translation: TextTranslation.nullable().optional(),
    start_time: z.string(),
    end_time: z.string(),
    /** Shift length in hours (end minus start). */
    hours: z.number(),
    /** Dollars per hour. */
    hourly_rate: z.number(),
    /** hours x hourly_rate: what the chef receives. */
    subtotal_cents: z.number().int(),
    /** 7% booking fee on top. */
    fee_cents: z.number().int(),
    /** What the restaurant pays. */
    total_cents: z.number().int(),
    emergency_level: z.enum(EMERGENCY_LEVELS),
    status: JobStatus,
    payment_status: PaymentStatus,
    required_skills: z.array(z.string()),
    /** Chef profile ids the restaurant asked to notify first. */
    notify_favorites: z.array(z.string().uuid()),
    restaurant_checkout_completed: z.boolean(),
    chef_checkout_completed: z.boolean(),
    /**
     * The restaurant's rating of the chef (1-5) once it checked out. Issue 39: the chef (and anyone but the
     * restaurant) reads it only once its review is published (both sides reviewed, or REVIEW_PUBLISH_AFTER).
     */
    chef_rating: z.number().int().nullable(),
    /** The chef's rating of the restaurant (1-5) once they checked out; the restaurant reads it once published. */
    restaurant_rating: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    restaurant_profiles: JobRestaurant.nullable(),
    /** From this moment cancelling is late (LATE_CANCEL_WINDOW before the start). */
    late_cancel_from: z.string(),
    /** When both checkout answers are due (CHECKOUT_DEADLINE after the end); after it the rules decide. */
    checkout_deadline: z.string(),
    /** When each side may check out: the scheduled end (before it: 409 JOBS.CHECKOUT_NOT_OPEN). */
    checkout_opens_at: z.string(),
    /**
     * Issue 39: when a review of this shift is published if the other side never writes one (the end +
     * REVIEW_PUBLISH_AFTER); sooner when both sides reviewed. The checkout form says it.
     */
    review_publishes_at: z.string().optional(),
    /** How a cancelled job was cancelled and what each side got (null while not cancelled). */
    cancellation: z
      .object({
        cancelled_by: z.enum(['restaurant', 'system']),
        late: z.boolean(),
        chef_pay_cents: z.number().int(),
        fee_cents: z.number().int(),
        refund_cents: z.number().int(),
        reason: z.string().nullable(),
        /** The reason's translation into the other language (issue 32; null without a reason). */
        reason_translation: TextTranslation.nullable().optional(),
        cancelled_at: z.string(),
      })
      .nullable(),
    /**
     * The dispute of a job whose checkout answers disagreed (its two parties only; null otherwise): the
     * statements and the operator's decision with its note.
     */
    dispute: JobDispute.nullable().optional(),
    /**
     * Issue 35, to the owner of a posting with disputes: every seat's dispute, oldest first (`dispute` is the one
     * that stands for the job). A statement names its seat (`seat_no`) when two or more are undecided.
     */
    disputes: z.array(JobDispute).optional(),
    /**
     * What the job's money did, for its two sides only (the owning restaurant; the chef who holds or held the
     * shift, or whose application lapsed when it expired): the outcome named from the money decision and the
     * ledger, with its figures. Null when no money was ever held; absent for anyone else.
     */
    money: MoneyOutcome.nullable().optional(),
    /**
     * Chefs' open list only: great-circle miles (one decimal) from the chef's home (their ZIP's centre, or their
     * location to 0.01 degree; their city's centre until they give one) to the restaurant (its ZIP's centre when
     * known, else its city's); null when either place is unknown.
     */
    distance_miles: z.number().nullable().optional(),
    /**
     * Chefs only, in their own answers (their open list without `shared`, the job page): another shift they
     * hold that clashes with this one (SHIFT_GAP of travel included), or null. Applying stays possible; being
     * accepted or confirming would be refused (409 JOBS.OVERLAPPING_SHIFT). Never in the shared open list.
     */
    booked_conflict: BookedShift.nullable().optional(),
    /** Chefs only: whether the signed-in chef applied. */
    user_applied: z.boolean().optional(),
    /** Chefs only, when they applied: their own application. */
    user_application: z
      .object({ id: z.string().uuid(), status: ApplicationStatus, worker_confirmed: z.boolean().nullable() })
      .nullable()
      .optional(),
    /** The owning restaurant only: how many applications are pending. */
    pending_applications_count: z.number().int().optional(),
    /** The owning restaurant only (GET /jobs/{id}): every application with its chef. */
    applications: z.array(ApplicationOfJob).optional(),
    /**
     * GET /jobs/{id} of a booked shift (a confirmed chef), to its two parties only (issue 32): how to reach the
     * other side. `phone` (E.164) is the confirmed chef's for the restaurant and the restaurant's for the chef,
     * sent only from `phone_from` (CONTACT_WINDOW before the start) until `phone_until` (the checkout
     * deadline) and when that side has a verified phone; null otherwise. Never in lists.
     */
    contact: JobContact.nullable().optional(),
    /**
     * Issue 34: the posting's expected unpaid break in minutes (0-120); the escrow charges the scheduled time
     * less it, and the chef confirms or corrects it at clock-out. Always sent by the jobs service.
     */
    break_minutes: z.number().int().min(0).max(120).optional(),
    /**
     * Issue 34, GET /jobs/{id} to the owning restaurant only, once a chef is confirmed: the 4-digit clock code
     * the chef types to clock in or out without a location. Never sent to chefs, never in lists; null before.
     */
    clock_code: z.string().nullable().optional(),
    /**
     * Issue 35: the chefs the posting asks for (1-20). The amounts above (subtotal, fee, total) are the whole
     * posting's: headcount × one seat's. Always sent by the jobs service.
     */
    headcount: z.number().int().min(HEADCOUNT_MIN).max(HEADCOUNT_MAX).optional(),
    /**
     * Issue 35: the posting's seats. `booked` have a confirmed chef (or were worked); `open` can still be booked
     * (0 once the job is filled, cancelled, expired or past its start); total = headcount. Restaurants read
     * "2 of 3 booked", chefs the seats left. Always sent by the jobs service.
     */
    seats: JobSeats.optional(),
    /** Issue 35, GET /jobs/{id} to the owning restaurant only: each seat with its chef and its own progress. */
    seat_list: z.array(JobSeat).optional(),
    /** Issue 35: the series (or repeat) this job is an occurrence of; null for a single posting */
    series_id: z.string().uuid().nullable().optional(),
    /** Issue 35, to the owner only: the latest edit still being charged, or declined; null otherwise */
    pending_edit: PendingEdit.nullable().optional(),
    /** Issue 35, to a booked chef only: a change of their shift to keep or leave; null otherwise */
    edit_to_answer: EditToAnswer.nullable().optional(),
    /**
     * Issue 37: until this moment only the restaurant's favorites see and can take the shift (null: no window,
     * or it ended). Never in the shared open list: roster-first shifts reach chefs as a per-chef addition.
     */
    roster_first_until: z.string().nullable().optional(),
    /** Issue 37: chefs who meet the bar may book this shift at once (`POST /jobs/{id}/book`). */
    instant_book: z.boolean().optional(),
    /** Issue 37: the rate (dollars an hour) before the restaurant boosted it; null when never boosted. */
    boosted_from_rate: z.number().nullable().optional(),
    /** Issue 37: how many chefs wait on the shift's standby list. */
    standby_count: z.number().int().optional(),
    /** Issue 37, chefs only (never in the shared open list): whether they may "Book now". */
    can_book_now: z.boolean().optional(),
    /** Issue 37, chefs only: the instant-book conditions they miss (`min_shifts`, `no_show`, `late_cancellations`, `rating`). */
    book_now_missing: z.array(z.enum(BOOK_NOW_CONDITIONS)).optional(),
    /** Issue 37, chefs only (the job page): INSTANT_BOOK_MIN_SHIFTS, so the page says "3 completed shifts needed". */
    book_now_min_shifts: z.number().int().optional(),
    /** Issue 37, chefs only: their place on the shift's standby list (1 = next), or null. */
    standby_position: z.number().int().nullable().optional(),
    /**
     * Issue 39: the credentials a chef must hold, verified and unexpired, to apply, book, take an offer or stand by
     * (403 JOBS.CREDENTIAL_REQUIRED otherwise). Always sent by the jobs service ([] when none).
     */
    required_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
    /**
     * Issue 39, a chef's own job page only (never in lists): the required credentials they have no verified,
     * unexpired one of ([] when none is missing).
     */
    missing_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;

/** An application with its job (spec: Application.job_postings). */
export const Application = ApplicationBase.extend({ job_postings: Job }).meta({ id: 'Application' });
export type Application = z.infer<typeof Application>;

export const FavoriteStats = z.object({
  /** Shifts this chef completed for the signed-in restaurant. */
  shiftsCompleted: z.number().int(),
  /** Average of the restaurant's ratings of this chef; null before any. */
  averageRating: z.number().nullable(),
  /** End time of the latest completed shift; null before any. */
  lastWorked: z.string().nullable(),
});
export const Favorite = z
  .object({
    id: z.string().uuid(),
    chef_profile_id: z.string().uuid(),
    chef_id: z.string().uuid(),
    chef_profiles: ApplicationChef.nullable(),
    stats: FavoriteStats,
    created_at: z.string(),
  })
  .meta({ id: 'Favorite' });
