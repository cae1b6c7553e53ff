import {
  CLOSED_PAYMENT_STATUSES,
  HELD_PAYMENT_STATUSES,
  seatShare,
  type PaymentStatus,
} from '@brigade/contracts';
import type { JobRow, SeatRow } from './records';

/** Seats per job: its `headcount` (ADR 30, issue 35: 1-20, chosen at posting). */
export const seatsOf = (job: { headcount?: number }): number => job.headcount ?? 1;

/**
 * The job's free seats: the one place that says how many chefs a job can still take (a restaurant's
 * acceptances and direct offers are limited to them; an offer is accepted only into one). A seat is held by a
 * chef who confirmed, and by an acceptance awaiting its chef's answer (the restaurant chose them). Only an open
 * job has free seats: its headcount less those held (a seat that expired or was cancelled is no longer open,
 * and then neither is the job).
 */
export function freeSeats(job: Pick<JobRow, 'id' | 'status'> & { headcount?: number }, held: number): number {
  if (job.status !== 'open') return 0;
  return Math.max(0, seatsOf(job) - held);
}

/**
 * The job as one of its seats sees it: the seat's status and chef side (checkout answers, ratings,
 * cancellation figures, money outcome) over the job's own columns, and the seat's share of the posting's amounts (issue 35: the job's
 * subtotal, fee and total are headcount × one seat's; a checkout, a timesheet, a dispute move one seat's). A
 * job row read from the database carries its seat 1's (db/seat-views.ts); a use case about the seat of an
 * application reads that seat's instead.
 */
export function withSeat(job: JobRow, seat: SeatRow | null): JobRow {
  if (!seat) return asOneSeat(job);
  return {
    ...asOneSeat(job),
    // the seat's own status: a booked seat goes on (and is checked out, disputed, settled) whatever its siblings
    status: seat.status,
    payment_status: seatPaymentStatus(job, seat),
    restaurant_checkout_completed: seat.restaurant_checkout_completed,
    chef_checkout_completed: seat.chef_checkout_completed,
    restaurant_work_completed: seat.restaurant_work_completed,
    chef_work_completed: seat.chef_work_completed,
    chef_rating: seat.chef_rating,
    restaurant_rating: seat.restaurant_rating,
    restaurant_feedback: seat.restaurant_feedback,
    chef_feedback: seat.chef_feedback,
    chef_rating_public: seat.chef_rating_public,
    restaurant_rating_public: seat.restaurant_rating_public,
    restaurant_checked_out_at: seat.restaurant_checked_out_at,
    chef_checked_out_at: seat.chef_checked_out_at,
    cancelled_chef_id: seat.cancelled_chef_id,
    cancel_chef_pay_cents: seat.cancel_chef_pay_cents,
    cancel_fee_cents: seat.cancel_fee_cents,
    cancel_refund_cents: seat.cancel_refund_cents,
    money_reason: seat.money_reason,
    money_chef_pay_cents: seat.money_chef_pay_cents,
    money_fee_cents: seat.money_fee_cents,
    money_refund_cents: seat.money_refund_cents,
  };
}

/** The job's amounts as one seat's share (seatShare: headcount × a seat's figures divides exactly). */
export function asOneSeat(job: JobRow): JobRow {
  if (seatsOf(job) === 1) return job;
  return { ...job, ...seatShare(job, seatsOf(job)) };
}

const closed = (s: PaymentStatus) => (CLOSED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(s);
const held = (s: PaymentStatus) => (HELD_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(s);

/**
 * Where one seat's share of the escrow stands (issue 35): how it left escrow once payments closed it for the
 * seat; while it is held, disputed when the seat is, else held (a sibling's dispute holds only its own share).
 * A job of one seat: the job's payment status, as before seats.
 */
export function seatPaymentStatus(
  job: Pick<JobRow, 'payment_status' | 'headcount'>,
  seat: Pick<SeatRow, 'status' | 'payment_status'>,
): PaymentStatus {
  if (seatsOf(job) === 1) return job.payment_status;
  if (seat.payment_status) return seat.payment_status;
  if (closed(job.payment_status)) return job.payment_status;
  if (held(job.payment_status)) return seat.status === 'disputed' ? 'disputed' : 'held_in_escrow';
  return job.payment_status;
}

/**
 * The job's payment status once every seat's share has left escrow (issue 35): the one way they all closed, or
 * settled (part paid, part refunded) when they closed differently. Null while any seat's share is held.
 */
export function postingPaymentStatus(
  seats: readonly Pick<SeatRow, 'payment_status'>[],
): PaymentStatus | null {
  if (seats.some((s) => !s.payment_status)) return null;
  const kinds = new Set(seats.map((s) => s.payment_status));
  return kinds.size === 1 ? [...kinds][0]! : 'settled';
}

/**
 * The job as the seat its row carries sees it, for its money (issue 35): a row read by the views carries one
 * seat's chef side (db/seat-views.ts: seat 1, or an application's own); on a posting of several its money is
 * that seat's (its share, its status, its payment status). A job of one seat: the row as it is.
 */
export function seatedJob(job: JobRow): JobRow {
  if (seatsOf(job) === 1 || !job.seat_view) return job;
  const seat = job.seat_view;
  return {
    ...asOneSeat(job),
    status: seat.status,
    payment_status: seatPaymentStatus(job, seat),
  };
}
