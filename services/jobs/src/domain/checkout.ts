import {
  nextJobStatus,
  nextPaymentStatus,
  type CheckoutOutcome,
  type JobStatus,
  type PaymentStatus,
} from '@brigade/contracts';

/** Who checks out: the restaurant rates the chef, the chef rates the restaurant. */
export type CheckoutSide = 'chef' | 'restaurant';

// The outcome rules (mutual and at the deadline) are the policy's `checkoutOutcome` (contracts/src/policy.ts).

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

/**
 * Where a filled shift goes on an outcome (both answers, or the checkout deadline): completed (release or
 * refund, which payments then moves), or disputed with the money held.
 */
export function outcomeStatus(
  job: { status: JobStatus; payment_status: PaymentStatus },
  outcome: CheckoutOutcome,
): { status: JobStatus; payment_status: PaymentStatus } | null {
  const status = nextJobStatus(outcome === 'disputed' ? 'dispute' : 'complete', job.status);
  if (!status) return null;
  const payment =
    outcome === 'disputed' ? (nextPaymentStatus('dispute', job.payment_status) ?? job.payment_status) : null;
  return { status, payment_status: payment ?? job.payment_status };
}
