import { z } from 'zod';

/**
 * The seat an event is about (issue 35, ADR 0030). Absent means seat 1: every job had one seat before seats,
 * and events already in a queue during a deploy carry none. Null means no seat (a fact of the whole posting);
 * 0 is the posting's own (its escrow charge).
 */
export const EventSeatNo = z.number().int().min(0).max(20).nullable().default(1);

/** A posting's number of chefs: absent means 1. */
export const EventHeadcount = z.number().int().min(1).max(20).default(1);

const Id = z.string().uuid();
const Money = z.number().int().nonnegative();

/** What a cancellation moves for one seat: its chef's pay, the fee kept on it, and its refund. */
export const CancelledSeat = z.object({
  seat_no: z.number().int().min(1).max(20),
  application_id: Id.nullable(),
  /** the seat's booked (or accepted) chef, paid `chef_pay_cents` on a late cancellation */
  chef_id: Id.nullable(),
  chef_pay_cents: Money,
  fee_cents: Money,
  /** what goes back to the restaurant's card for this seat; null: the seat's whole share */
  refund_cents: Money.nullable(),
});
export type CancelledSeat = z.infer<typeof CancelledSeat>;

/**
 * The seats of a `jobs.job.cancelled.v1`, one entry each. An event without `seats` (before seats, or a job of
 * one seat) carries seat 1's figures at its top level.
 */
export function cancelledSeats(
  // the figures of a `jobs.job.cancelled.v1` (named by shape: the registry imports this file)
  event: Pick<CancelledSeat, 'chef_id' | 'chef_pay_cents' | 'fee_cents' | 'refund_cents'> & {
    seats?: CancelledSeat[];
  },
): CancelledSeat[] {
  if (event.seats) return event.seats;
  return [
    {
      seat_no: 1,
      application_id: null,
      chef_id: event.chef_id,
      chef_pay_cents: event.chef_pay_cents,
      fee_cents: event.fee_cents,
      refund_cents: event.refund_cents,
    },
  ];
}
