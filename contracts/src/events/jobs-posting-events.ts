import { z } from 'zod';
import { EditFacts, EventChefToAnswer } from './edits';
import { CancelledSeat, EventHeadcount, EventSeatNo } from './seats';
import { EventAlert, Id, Money, SeatApplicationFacts, JobFacts } from './jobs-facts';

/** The jobs service's events about a posting: posted, paid, edited, offered, cancelled, expired. */
export const jobPostingEvents = {
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
    /**
     * Issue 37: until then only the restaurant's favorites see the shift and are texted
     * (`jobs.job.roster_window_ended.v1` follows); null or absent: none.
     */
    roster_first_until: z.string().nullable().optional(),
    /**
     * Issue 37: the chefs to text and why, chosen by jobs (favorites, standby, chefs available then and in range,
     * nearest first, at most ALERT_FANOUT, never across a block). Absent in older events: notify_chef_ids and the
     * city's chefs, as before.
     */
    alerts: z.array(EventAlert).optional(),
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
    /** Issue 37: `standby`: a reopened seat offered to the next chef on the standby list. Absent: direct. */
    kind: z.enum(['direct', 'standby']).optional(),
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
} as const;
