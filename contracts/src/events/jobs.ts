import { z } from 'zod';
import { EditFacts, EventChefToAnswer } from './edits';
import { CancelledSeat, EventHeadcount, EventSeatNo } from './seats';
import { TextWritten } from './texts';

const Id = z.string().uuid();
const Money = z.number().int().nonnegative();

/** What every application event carries, so consumers need no call back to the jobs service. */
const ApplicationFacts = z.object({
  application_id: Id,
  job_id: Id,
  job_title: z.string(),
  chef_id: Id,
  chef_profile_id: Id.nullable(),
  restaurant_id: Id,
  start_time: z.string(),
  end_time: z.string(),
});

/** Issue 35: an application event about one seat names it (absent: seat 1, as every job had one seat before). */
const SeatApplicationFacts = ApplicationFacts.extend({ seat_no: EventSeatNo });

/**
 * A timesheet's hours and the money they come to (contracts/src/timesheet-pay.ts): what jobs computed; payments
 * recomputes every figure from its own records before anything moves.
 */
const TimesheetFigures = z.object({
  clock_in_at: z.string().nullable(),
  clock_out_at: z.string().nullable(),
  break_minutes: z.number().int().min(0).max(120),
  worked_minutes: z.number().int().nonnegative(),
  hourly_rate_cents: Money,
  chef_pay_cents: Money,
  fee_cents: Money,
  total_cents: Money,
  extra_charge_cents: Money,
  refund_cents: Money,
});

const JobFacts = z.object({
  job_id: Id,
  restaurant_id: Id,
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate_cents: Money,
  emergency_level: z.enum(['normal', 'urgent']),
});

export const jobsEvents = {
  /** A job was created in pending_payment; payments takes the amounts from here, never from the client. */
  'jobs.job.posted.v1': JobFacts.extend({
    subtotal_cents: Money,
    fee_cents: Money,
    total_cents: Money,
    /** chef profile ids the restaurant asked to notify first */
    notify_favorites: z.array(Id),
    /**
     * Issue 34: the posting's unpaid break in minutes; the escrow charges the scheduled time less it
     * (timesheet-pay.ts `escrowCharge`), and payments checks the amounts above against that.
     */
    break_minutes: z.number().int().min(0).max(120).default(0),
    /** Issue 35: the chefs the posting asks for; the amounts above are the whole posting's (per seat × headcount). */
    headcount: EventHeadcount,
    /**
     * Issue 35 (ADR 0031): a repeat or a series occurrence is paid off-session with the restaurant's card on
     * file, with this idempotency key (`series:{id}:{date}:charge`, `repeat:{id}:{date}:charge`), so a crash
     * between posting and charging charges once. Null: paid in the app as always (Post Shift and Pay).
     */
    charge_card_on_file: z
      .object({ idempotency_key: z.string().min(1).max(200) })
      .nullable()
      .default(null),
    /** Issue 35: the series (or repeat) this job is an occurrence of, and its calendar date; null for a single post */
    series_id: Id.nullable().default(null),
    occurrence_date: z.string().nullable().default(null),
  }),
  /**
   * Issue 35: the restaurant saved an edit whose total rises: nothing changes until payments has charged the
   * difference off-session (`payments.edit_charge.collected.v1`, then `jobs.job.edited.v1`) or failed
   * (`payments.edit_charge.failed.v1`: the edit is dropped, the restaurant texted).
   */
  'jobs.job.edit_requested.v1': EditFacts.extend({ charge_cents: Money }),
  /**
   * Issue 35: an edit took effect. Payments refunds `refund_cents` in part (or has charged `charge_cents`
   * already) and prices every seat at the new shape from here; notifications texts each chef to answer.
   */
  'jobs.job.edited.v1': EditFacts.extend({
    charge_cents: Money,
    refund_cents: Money,
    /** seats that opened (added) and unbooked seats removed (their share refunded) */
    added_seats: z.array(z.number().int().min(1).max(20)),
    removed_seats: z.array(z.number().int().min(1).max(20)),
    chefs_to_answer: z.array(EventChefToAnswer),
    answers_due_by: z.string().nullable(),
    /** the description or skills changed (words only move no money) */
    words_changed: z.boolean(),
  }),
  /**
   * Issue 35: an edit whose charge payments collected can no longer take effect (the job was cancelled or
   * closed meanwhile): payments refunds that charge in full.
   */
  'jobs.job.edit_dropped.v1': EditFacts.extend({
    charge_cents: Money,
    reason: z.enum(['job_closed', 'charge_failed']),
  }),
  /**
   * Issue 35: a booked chef answered an edit of their seat. `accept: false` leaves the shift with no record
   * (jobs also publishes `jobs.application.cancelled.v1` with `reason: "edit_declined"` for the seat's money).
   */
  'jobs.application.edit_answered.v1': SeatApplicationFacts.extend({ edit_id: Id, accept: z.boolean() }),
  /**
   * Issue 35: an occurrence of a series (or a repeat) could not be paid with the card on file: the job stays
   * unposted ("payment needed") and the restaurant is texted a link to pay it in the app.
   */
  'jobs.occurrence.payment_needed.v1': z.object({
    job_id: Id,
    series_id: Id,
    restaurant_id: Id,
    title: z.string(),
    start_time: z.string(),
    occurrence_date: z.string(),
    total_cents: Money,
    code: z.string().nullable(),
  }),
  /** Escrow held: the job is visible to chefs. Notifications texts urgent shifts and favorites from here. */
  'jobs.job.opened.v1': JobFacts.extend({
    /** user ids of the favorite chefs to text first */
    notify_chef_ids: z.array(Id),
    reopened: z.boolean(),
    /**
     * Tell the restaurant's favorites and the chefs of its city again, as urgent, whatever the shift's own
     * priority: its confirmed chef cancelled (issue 16).
     */
    announce_as_urgent: z.boolean().default(false),
    /** Issue 35: the seat that opened (again); null: the whole posting opened (its escrow held) */
    seat_no: EventSeatNo,
  }),
  /**
   * A restaurant invited a chef (user id; profile id beside it) to its next open shift. Notifications texts
   * the chef, as their notification settings allow; once per chef and shift (jobs refuses a second invite).
   */
  'jobs.chef.invited.v1': JobFacts.extend({
    chef_id: Id,
    chef_profile_id: Id,
    restaurant_name: z.string(),
    invited_at: z.string(),
  }),
  /**
   * A restaurant offered an open shift to a chef (issue 35): notifications texts the chef the restaurant, the
   * shift's time and what it pays them, with the link to their dashboard.
   */
  'jobs.offer.made.v1': JobFacts.extend({
    offer_id: Id,
    chef_id: Id,
    chef_profile_id: Id,
    restaurant_name: z.string(),
    chef_pay_cents: Money,
    expires_at: z.string(),
  }),
  /**
   * The chef answered an offer: `accepted` (with the confirmed application: jobs.application.confirmed.v1 is
   * published beside it, as when a chef confirms) or `declined`.
   */
  'jobs.offer.answered.v1': JobFacts.extend({
    offer_id: Id,
    chef_id: Id,
    answer: z.enum(['accepted', 'declined']),
    application_id: Id.nullable(),
    answered_at: z.string(),
    /** the seat an accepted offer booked; null when declined */
    seat_no: EventSeatNo,
  }),
  /**
   * A pending offer ended unanswered (issue 35): OFFER_EXPIRES_AFTER after it was made, or the shift's start if
   * sooner (`expired_at`, the offer's own end). Moved by the rules loop (or by whatever closed the job's offers
   * first), once per offer. Notifications texts the restaurant that the chef did not answer in time when the
   * offer ended before the start (at the start the shift's own expiry tells it).
   */
  'jobs.offer.expired.v1': JobFacts.extend({
    offer_id: Id,
    chef_id: Id,
    expired_at: z.string(),
  }),
  /**
   * A pending offer was withdrawn by Brigade (issue 35): `chef_suspended`, an operator suspended the chef, who
   * cannot take shifts now. Notifications texts the restaurant. (Offers that end because the shift closed,
   * cancelled, expired or its last seat booked, publish nothing of their own: the shift's events tell it.)
   */
  'jobs.offer.withdrawn.v1': JobFacts.extend({
    offer_id: Id,
    chef_id: Id,
    reason: z.enum(['chef_suspended']),
    withdrawn_at: z.string(),
  }),
  'jobs.job.payment_failed.v1': z.object({ job_id: Id, restaurant_id: Id, title: z.string() }),
  /**
   * The owner cancelled, by the cancellation rules (contracts/src/policy.ts). Payments moves the money as the
   * figures say: `refund_due` with no chef pay is a full refund; a late cancellation pays `chef_pay_cents` to
   * `chef_id`, keeps `fee_cents` and refunds `refund_cents`.
   */
  'jobs.job.cancelled.v1': JobFacts.extend({
    previous_status: z.string(),
    /** true when escrow had been paid: payments moves it as the figures below say */
    refund_due: z.boolean(),
    affected_chef_ids: z.array(Id),
    /** restaurant: its owner; system: on its behalf (a suspended account, later) */
    cancelled_by: z.enum(['restaurant', 'system']).default('restaurant'),
    /** within LATE_CANCEL_WINDOW of the start with a chef accepted or confirmed */
    late: z.boolean().default(false),
    /** the accepted or confirmed chef, paid `chef_pay_cents` on a late cancellation */
    chef_id: Id.nullable().default(null),
    chef_pay_cents: Money.default(0),
    fee_cents: Money.default(0),
    /** what goes back to the restaurant's card (the whole total when no chef is paid); absent: the total */
    refund_cents: Money.nullable().default(null),
    reason: z.string().nullable().default(null),
    /**
     * Issue 35: each seat's figures (a late cancellation pays every booked seat). Absent: the top-level figures
     * are seat 1's; read it with `cancelledSeats` (events/seats.ts).
     */
    seats: z.array(CancelledSeat).optional(),
  }),
  /**
   * Nobody confirmed the shift by its start: it expired. Pending and accepted applications lapsed; a paid shift
   * is refunded in full (payments), the restaurant and the lapsed chefs are told (notifications).
   */
  'jobs.job.expired.v1': JobFacts.extend({
    previous_status: z.string(),
    refund_due: z.boolean(),
    lapsed_chef_ids: z.array(Id),
    /** Issue 35: the seats that expired (nobody booked them by the start); absent: seat 1 */
    seats: z.array(z.number().int().min(1).max(20)).default([1]),
  }),
  /**
   * Issue 35: at the start, the seats of a posting of several that nobody booked expired while its booked seats
   * go on (when no seat was booked the whole job expires instead: `jobs.job.expired.v1`). Payments refunds each
   * seat's share (a partial refund); notifications tells the restaurant and the chefs whose applications lapsed.
   */
  'jobs.seat.expired.v1': JobFacts.extend({
    headcount: EventHeadcount,
    seats: z.array(z.number().int().min(1).max(20)).min(1),
    lapsed_chef_ids: z.array(Id),
    /** whether the escrow had been held (so each expired seat's share goes back) */
    refund_due: z.boolean(),
  }),
  'jobs.application.submitted.v1': ApplicationFacts,
  'jobs.application.accepted.v1': ApplicationFacts,
  'jobs.application.rejected.v1': ApplicationFacts,
  /** Issue 35: `seat_no` is the seat the confirmation booked. */
  'jobs.application.confirmed.v1': SeatApplicationFacts,
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
    reason: z.enum(['edit_declined']).nullable().default(null),
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
