import { z } from 'zod';
import { EventSeatNo } from './seats';
import { TextWritten } from './texts';
import { Id, Money, ApplicationFacts, SeatApplicationFacts, TimesheetFigures } from './jobs-facts';

/** The jobs service's events about an application and its shift: applied, booked, checked out, timesheets. */
export const jobApplicationEvents = {
  'jobs.application.submitted.v1': ApplicationFacts,
  'jobs.application.accepted.v1': ApplicationFacts,
  'jobs.application.rejected.v1': ApplicationFacts,
  /** Issue 35: `seat_no` is the seat the confirmation booked. */
  'jobs.application.confirmed.v1': SeatApplicationFacts.extend({
    /**
     * Issue 37: how the seat was taken: the chef confirmed an acceptance (`confirmed`), accepted a direct offer
     * (`offer`) or a standby offer (`standby`), or booked at once (`instant_book`). Absent in older events.
     */
    booked_by: z.enum(['confirmed', 'offer', 'standby', 'instant_book']).optional(),
  }),
  'jobs.application.declined.v1': ApplicationFacts,
  'jobs.application.cancelled.v1': ApplicationFacts.extend({
    /** chef: they withdrew; system: on their behalf, when an operator suspended them */
    cancelled_by: z.enum(['chef', 'system']).default('chef'),
    was_accepted: z.boolean(),
    /** the chef had confirmed: the shift reopened */
    was_confirmed: z.boolean().default(false),
    /** within LATE_CANCEL_WINDOW of the start: on the chef's reliability record */
    late: z.boolean().default(false),
    /** Issue 35: the seat the confirmed chef held (it reopened); null when they had not confirmed */
    seat_no: EventSeatNo,
    /**
     * Issue 35: why. `edit_declined`: the chef left a shift the restaurant changed (times or pay), with no
     * record and never late; null: the chef's own choice or the operator's, as `cancelled_by` says.
     */
    reason: z.enum(['edit_declined', 'missed_reconfirmation', 'blocked']).nullable().default(null),
  }),
  /**
   * One side checked out and rated the other. `rating` is null when that side said the shift was not worked
   * (issue 32: nobody rates work that did not happen); consumers count no rating then.
   */
  'jobs.checkout.recorded.v1': ApplicationFacts.extend({
    side: z.enum(['chef', 'restaurant']),
    rating: z.number().int().min(1).max(5).nullable(),
    work_completed: z.boolean(),
    feedback: z.string().nullable(),
    /** whom the rating is about */
    ratee_id: Id,
    ratee_type: z.enum(['chef', 'restaurant']),
    seat_no: EventSeatNo,
  }),
  /**
   * The checkout deadline (CHECKOUT_DEADLINE after the end) passed without both answers: the answer given
   * stands, nobody answering pays the chef. Payments moves the money as for `jobs.checkout.completed.v1`.
   */
  'jobs.checkout.deadline_passed.v1': ApplicationFacts.extend({
    outcome: z.enum(['release', 'refund', 'disputed']),
    /** each side's answer: worked, did not work, or none (null) */
    restaurant_work_completed: z.boolean().nullable(),
    chef_work_completed: z.boolean().nullable(),
    subtotal_cents: Money,
    fee_cents: Money,
    total_cents: Money,
    seat_no: EventSeatNo,
  }),
  /**
   * A fact on someone's reliability record (explainable counts, not a score): a completed shift, a late
   * cancellation, a no-show (an uncontested "did not work", or a dispute decided against the chef), a dispute
   * lost (a restaurant). Once per user, kind and job. Identity counts them for profiles.
   */
  'jobs.reliability.recorded.v1': z.object({
    user_id: Id,
    user_type: z.enum(['chef', 'restaurant']),
    kind: z.enum(['completed_shifts', 'late_cancellations', 'no_shows', 'disputes_lost']),
    job_id: Id,
    occurred_at: z.string(),
    /** Issue 35: the seat the fact is about; null: the whole posting (a restaurant's fact) */
    seat_no: EventSeatNo,
  }),
  /** Both sides checked out: payments releases (both completed), refunds (both not) or holds (disputed). */
  'jobs.checkout.completed.v1': ApplicationFacts.extend({
    outcome: z.enum(['release', 'refund', 'disputed']),
    restaurant_work_completed: z.boolean(),
    chef_work_completed: z.boolean(),
    /** each side's rating of the other; null from a side that said the shift was not worked */
    chef_rating: z.number().int().min(1).max(5).nullable(),
    restaurant_rating: z.number().int().min(1).max(5).nullable(),
    subtotal_cents: Money,
    fee_cents: Money,
    total_cents: Money,
    seat_no: EventSeatNo,
  }),
  /**
   * One side of a disputed job wrote a statement for the operator. Messaging translates it into the other
   * language (`messaging.statement.translated.v1`), as it does messages.
   */
  'jobs.dispute.statement_added.v1': z.object({
    statement_id: Id,
    job_id: Id,
    job_title: z.string(),
    chef_id: Id,
    restaurant_id: Id,
    author_id: Id,
    author_side: z.enum(['chef', 'restaurant']),
    text: z.string(),
    language: z.enum(['en', 'es']),
    created_at: z.string(),
    /** Issue 35: the disputed seat and its application (null on events from before seats) */
    seat_no: EventSeatNo,
    application_id: Id.nullable().default(null),
  }),
  /**
   * An operator decided a dispute: the chef is paid `chef_pay_cents` (0 to the shift pay), the platform keeps
   * `fee_cents` (7% of it), the restaurant is refunded `refund_cents` (the rest of the total). Payments checks
   * the figures against its own records before anything moves; notifications texts both sides.
   */
  'jobs.dispute.resolved.v1': ApplicationFacts.extend({
    chef_pay_cents: Money,
    fee_cents: Money,
    refund_cents: Money,
    subtotal_cents: Money,
    total_cents: Money,
    note: z.string(),
    operator_id: Id,
    resolved_at: z.string(),
    seat_no: EventSeatNo,
  }),
  // ---- the working day (issue 34, ADR 0028): the jobs service owns the clock and the timesheet ----
  /** The confirmed chef clocked in (by location or code); notifications tells the restaurant. */
  'jobs.timesheet.clocked_in.v1': SeatApplicationFacts.extend({
    clock_in_at: z.string(),
    method: z.enum(['location', 'code']),
    /** meters from the restaurant's pin (a location clock-in) */
    distance_m: z.number().int().nonnegative().nullable(),
    /** after the start + 10 minutes */
    late: z.boolean(),
  }),
  /** The chef clocked out (or was clocked out automatically): the timesheet waits for the restaurant. */
  'jobs.timesheet.submitted.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    auto_clocked_out: z.boolean(),
  }),
  /** The restaurant changed clock-in, clock-out or break: the chef is texted and answers within the window. */
  'jobs.timesheet.adjusted.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    reason: z.string(),
    /** until when the chef may dispute it (HOURS_DISPUTE_WINDOW); silence accepts */
    dispute_until: z.string(),
  }),
  /**
   * The hours are settled: approved as submitted (by the restaurant, or at TIMESHEET_APPROVAL_DEADLINE), or an
   * adjustment accepted (by the chef, or by silence). Payments recomputes the figures from its own records
   * (timesheetMoney) and moves the money: a partial refund, or the extra charged off-session.
   */
  'jobs.timesheet.approved.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    status: z.enum(['approved', 'auto_approved']),
    approved_by: z.enum(['restaurant', 'chef', 'system']),
  }),
  /** The chef disputed an adjustment or contested a no-show: the money stays held for an operator. */
  'jobs.timesheet.disputed.v1': SeatApplicationFacts.extend({
    about: z.enum(['adjustment', 'no_show']),
    statement: z.string(),
  }),
  /** An operator decided an hours dispute: the money follows the decided minutes (or chef pay). */
  'jobs.timesheet.resolved.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    note: z.string(),
    operator_id: Id,
  }),
  /** The restaurant sent the chef home within SENT_HOME_WINDOW: paid as the rule says, at once; a late cancellation on its record. */
  'jobs.timesheet.sent_home.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    reason: z.string().nullable(),
  }),
  /**
   * The restaurant marked the confirmed chef a no-show (NO_SHOW_AFTER past the start, no clock-in). The full
   * refund waits for HOURS_DISPUTE_WINDOW (`contest_until`) or an operator's decision.
   */
  'jobs.timesheet.no_show_marked.v1': SeatApplicationFacts.extend({
    marked_at: z.string(),
    contest_until: z.string(),
  }),
  /**
   * The confirmed chef told the restaurant "running late, N minutes" before clocking in: notifications texts the
   * restaurant (the job page shows it too).
   */
  'jobs.timesheet.running_late.v1': SeatApplicationFacts.extend({
    minutes: z.number().int().min(1).max(240),
    /** when the chef expects to arrive: the announcement + minutes */
    expected_at: z.string(),
    announced_at: z.string(),
  }),
  /**
   * A no-show stood HOURS_DISPUTE_WINDOW uncontested: it is final, and the whole charge goes back to the
   * restaurant (`refund_cents`, timesheetMoney of no pay: every figure but the refund is 0). Payments refunds;
   * the no-show is on the chef's record.
   */
  'jobs.timesheet.no_show_confirmed.v1': SeatApplicationFacts.extend(TimesheetFigures.shape).extend({
    marked_at: z.string(),
    confirmed_at: z.string(),
  }),
  /**
   * A job's free text to translate for the other side (issue 32): its description, the restaurant's
   * cancellation reason, the operator's dispute note. Messaging answers `messaging.text.translated.v1`.
   */
  'jobs.text.written.v1': TextWritten,
} as const;
