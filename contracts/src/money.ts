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
