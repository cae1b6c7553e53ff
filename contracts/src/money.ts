import { BOOKING_FEE_BPS } from './constants';

export interface JobPay {
  /** Shift length in hours (end minus start), unrounded. */
  hours: number;
  /** hours x hourly rate, rounded to cents: what the chef receives. */
  subtotalCents: number;
  /** 7% booking fee on the subtotal, rounded to cents: what the platform keeps. */
  feeCents: number;
  /** subtotal + fee: what the restaurant is charged. */
  totalCents: number;
}

/** Round half away from zero to an integer (cents). */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * 100);
}

/**
 * The spec's pay rule (section 9): subtotal = hours x hourly_rate rounded to cents; booking fee 7% of the
 * subtotal rounded to cents, added on top; total = subtotal + fee. All results are integer cents.
 */
export function computeJobPay(
  startTime: Date | string,
  endTime: Date | string,
  hourlyRateDollars: number,
): JobPay {
  const start = new Date(startTime).getTime();
  const end = new Date(endTime).getTime();
  const minutes = Math.round((end - start) / 60000);
  const hours = minutes / 60;
  const rateCents = Math.round(hourlyRateDollars * 100);
  // minutes x rateCents / 60 is exact in integers until the final division: no float drift.
  const subtotalCents = Math.round((minutes * rateCents) / 60);
  const feeCents = roundCents((subtotalCents * BOOKING_FEE_BPS) / 10000);
  return { hours, subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A posting's figures (events, the escrow charge): subtotal, fee and total in cents. */
export interface PostingFigures {
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
}

/**
 * A posting of `headcount` chefs priced from one seat's pay (ADR 0030): each figure × headcount, the hours one
 * chef's. What jobs stores and payments charges; `seatShare` is the way back.
 */
export function postingOfSeats(seat: JobPay, headcount: number): JobPay {
  return {
    hours: seat.hours,
    subtotalCents: seat.subtotalCents * headcount,
    feeCents: seat.feeCents * headcount,
    totalCents: seat.totalCents * headcount,
  };
}

/**
 * One seat's share of a posting of `headcount` chefs (ADR 0030): the posting is priced per seat × headcount,
 * so each figure divides exactly; one that does not is a posting priced some other way, and is refused rather
 * than rounded (a cent lost or made up would break the ledger's per-seat check).
 */
export function seatShare(posting: PostingFigures, headcount: number): PostingFigures {
  if (!Number.isInteger(headcount) || headcount < 1)
    throw new Error(`a posting has a whole number of seats, at least 1: ${headcount}`);
  const share = (name: keyof PostingFigures) => {
    const cents = posting[name];
    if (!Number.isInteger(cents) || cents % headcount !== 0)
      throw new Error(`${name} ${cents} does not divide into ${headcount} equal seats`);
    return cents / headcount;
  };
  return {
    subtotal_cents: share('subtotal_cents'),
    fee_cents: share('fee_cents'),
    total_cents: share('total_cents'),
  };
}
