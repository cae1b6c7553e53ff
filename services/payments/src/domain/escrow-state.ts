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
