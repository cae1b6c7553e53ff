import { platformFee, type Policy } from '@brigade/contracts';
import type { OutcomeFact } from './reliability';

/** What an operator's decision moves: the chef's pay, the platform's 7% of it, the rest back to the restaurant. */
export interface DisputeFigures {
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
}

/**
 * The figures of a decision paying the chef `chefPayCents` of a shift: null when the pay is outside 0..the
 * shift pay (the subtotal), or the figures would not add up to what was charged.
 */
export function disputeFigures(
  policy: Pick<Policy, 'feeBps'>,
  job: { subtotal_cents: number; total_cents: number },
  chefPayCents: number,
): DisputeFigures | null {
  if (!Number.isInteger(chefPayCents) || chefPayCents < 0 || chefPayCents > job.subtotal_cents) return null;
  const fee = platformFee(policy, chefPayCents);
  const refund = job.total_cents - chefPayCents - fee;
  if (refund < 0) return null;
  return { chef_pay_cents: chefPayCents, fee_cents: fee, refund_cents: refund };
}

/**
 * The reliability rule of a decision (issue 17; services/jobs/README.md "Disputes"):
 * - the chef is paid nothing: the decision went against the chef, a `no_shows` fact on the chef's record;
 * - the chef is paid the whole shift pay: the decision went against the restaurant, a `disputes_lost` fact on
 *   the restaurant's record;
 * - a split (anything in between) counts on neither record: the operator found both sides partly right, and
 *   a record is a list of facts each side can explain, not a share of blame.
 */
export function decisionReliabilityFacts(
  job: { id: string; restaurant_id: string; subtotal_cents: number },
  chefId: string,
  chefPayCents: number,
  seatNo: number,
): OutcomeFact[] {
  const on = { job_id: job.id, seat_no: seatNo };
  if (chefPayCents === 0) return [{ user_id: chefId, user_type: 'chef', kind: 'no_shows', ...on }];
  if (chefPayCents === job.subtotal_cents)
    return [{ user_id: job.restaurant_id, user_type: 'restaurant', kind: 'disputes_lost', ...on }];
  return [];
}
