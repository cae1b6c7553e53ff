import { BOOKING_FEE_BPS, platformFee } from '@brigade/contracts';

/** What each side receives from a decision: the server's rule (contracts' platformFee, 7% of the chef's pay). */
export interface ResolutionPreview {
  chefPayCents: number;
  feeCents: number;
  refundCents: number;
}

/**
 * The resolve form's preview: the chef is paid `chefPayCents`, the platform keeps 7% of it, and the restaurant
 * gets back the rest of what it was charged (the total: shift pay plus booking fee).
 */
export function resolutionPreview(
  job: { subtotal_cents: number; total_cents: number },
  chefPayCents: number,
): ResolutionPreview {
  const feeCents = platformFee({ feeBps: BOOKING_FEE_BPS }, chefPayCents);
  return { chefPayCents, feeCents, refundCents: Math.max(0, job.total_cents - chefPayCents - feeCents) };
}

/**
 * A dollars input as whole cents: "80", "80.5", "80.50", "$1,200" → cents; null when it is not an amount
 * (negative, more than two decimals, text).
 */
export function dollarsToCents(input: string): number | null {
  const clean = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a plain dollars input value: 8000 → "80.00". */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
