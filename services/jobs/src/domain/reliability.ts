import type { CheckoutAnswer, CheckoutOutcome, ReliabilityKind } from '@brigade/contracts';

export interface OutcomeFact {
  user_id: string;
  user_type: 'chef' | 'restaurant';
  kind: ReliabilityKind;
  job_id: string;
  /** Issue 35: the seat the fact is about (absent: seat 1) */
  seat_no?: number;
}

/**
 * The reliability facts a checkout outcome (mutual, or at the deadline) puts on people's records:
 * - paid out: a completed shift for the chef and for the restaurant;
 * - refunded on the restaurant's "did not work" that the chef never contested (no answer by the deadline):
 *   a no-show for the chef;
 * - nothing when both said not worked, when only the chef said so, or when the answers disagree (a dispute:
 *   the operator's decision, next issue, records no_shows or disputes_lost against the side it goes against).
 */
export function checkoutReliabilityFacts(
  job: { id: string; restaurant_id: string },
  chefId: string,
  outcome: CheckoutOutcome,
  answers: { restaurant: CheckoutAnswer; chef: CheckoutAnswer },
  seatNo: number,
): OutcomeFact[] {
  const on = { job_id: job.id, seat_no: seatNo };
  if (outcome === 'release') {
    return [
      { user_id: chefId, user_type: 'chef', kind: 'completed_shifts', ...on },
      { user_id: job.restaurant_id, user_type: 'restaurant', kind: 'completed_shifts', ...on },
    ];
  }
  if (outcome === 'refund' && answers.restaurant === false && answers.chef === null) {
    return [{ user_id: chefId, user_type: 'chef', kind: 'no_shows', ...on }];
  }
  return [];
}

/** A side's checkout answer as the rules read it: its work_completed once it checked out, else none. */
export function checkoutAnswers(job: {
  restaurant_checkout_completed: boolean;
  restaurant_work_completed: boolean | null;
  chef_checkout_completed: boolean;
  chef_work_completed: boolean | null;
}): { restaurant: CheckoutAnswer; chef: CheckoutAnswer } {
  return {
    restaurant: job.restaurant_checkout_completed ? job.restaurant_work_completed === true : null,
    chef: job.chef_checkout_completed ? job.chef_work_completed === true : null,
  };
}
