import {
  CLOSED_PAYMENT_STATUSES,
  HELD_PAYMENT_STATUSES,
  PAYABLE_PAYMENT_STATUSES,
  type PaymentStatus,
} from '@brigade/contracts';

// The payment lifecycle is data in contracts/src/lifecycles/payment.ts (states, moves, who makes them); these
// read its sets for a job's status.
const among = (list: readonly PaymentStatus[]) => (status: PaymentStatus) => list.includes(status);

/** The money is in escrow (held, or disputed): charged, not all of it moved out yet. */
export const isHeld = among(HELD_PAYMENT_STATUSES);
/** The money has left escrow (completed, refunded, settled): the ledger must balance. */
export const isClosed = among(CLOSED_PAYMENT_STATUSES);
/** A restaurant may (re)start paying. */
export const isPayable = among(PAYABLE_PAYMENT_STATUSES);

/**
 * A job's status from its seats' (issue 35, ADR 0030): `disputed` while any seat is, held while any seat's money
 * is still in escrow, and once every seat is final: their common status (all paid out: `completed`, all refunded:
 * `refunded`), or `settled` when the seats ended differently (some paid, some refunded: the posting was split).
 * Seats not yet paid (pending, failed) leave the job's own status as it is (null).
 */
export function jobStatusOfSeats(seats: readonly PaymentStatus[]): PaymentStatus | null {
  if (seats.length === 0) return null;
  if (seats.includes('disputed')) return 'disputed';
  if (seats.some((s) => isHeld(s))) return 'held_in_escrow';
  if (!seats.every((s) => isClosed(s))) return null;
  return seats.every((s) => s === seats[0]) ? seats[0]! : 'settled';
}
