/** Who checks out: the restaurant rates the chef, the chef rates the restaurant. */
export type CheckoutSide = 'chef' | 'restaurant';

/** Mutual checkout: both said done -> release the chef's pay; both said not done -> refund; else dispute. */
export type CheckoutOutcome = 'release' | 'refund' | 'disputed';

export function checkoutOutcome(
  restaurantWorkCompleted: boolean,
  chefWorkCompleted: boolean,
): CheckoutOutcome {
  if (restaurantWorkCompleted && chefWorkCompleted) return 'release';
  if (!restaurantWorkCompleted && !chefWorkCompleted) return 'refund';
  return 'disputed';
}

export function checkoutMessage(side: CheckoutSide, outcome: CheckoutOutcome | null): string {
  if (outcome === null) {
    return side === 'chef'
      ? 'Checkout complete. Waiting for the restaurant to check out.'
      : 'Checkout complete. Waiting for the chef to check out.';
  }
  if (outcome === 'release') return 'Shift completed by both sides. Payment is being released to the chef.';
  if (outcome === 'refund')
    return 'Both sides reported the work was not completed. The restaurant will be refunded.';
  return 'The two checkouts disagree about the work, so the payment is held while the shift is reviewed.';
}
