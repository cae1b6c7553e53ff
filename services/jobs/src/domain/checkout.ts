import {
  checkoutAnswerText,
  moneyFacts,
  nextJobStatus,
  nextPaymentStatus,
  type CheckoutOutcome,
  type jobsHttp,
  type JobStatus,
  type Language,
  type PaymentStatus,
} from '@brigade/contracts';
import type { z } from 'zod';
import { jobMoney } from './money';
import type { JobRow } from './records';

/** Who checks out: the restaurant rates the chef, the chef rates the restaurant. */
export type CheckoutSide = 'chef' | 'restaurant';

// The outcome rules (mutual and at the deadline) are the policy's `checkoutOutcome` (contracts/src/policy.ts).

/**
 * The answer to a side's checkout (`CheckoutResponse`): what happens to the money given the answers so far, in
 * the caller's language (`checkoutAnswerText`): waiting for the other side, or the outcome once both answered
 * (paid in full, refunded, under review), from the job as this checkout left it.
 */
export function checkoutAnswer(
  language: Language,
  side: CheckoutSide,
  after: JobRow,
  workCompleted: boolean,
): z.infer<typeof jobsHttp.CheckoutResponse> {
  const mutual = after.restaurant_checkout_completed && after.chef_checkout_completed;
  const waiting = after.restaurant_checkout_completed ? 'chef' : 'restaurant';
  const facts = {
    money:
      jobMoney(after) ??
      moneyFacts({
        reason: null,
        shift_pay_cents: after.subtotal_cents,
        total_cents: after.total_cents,
        chef_pay_cents: after.subtotal_cents,
        fee_cents: after.fee_cents,
        refund_cents: 0,
      }),
    waiting_for: mutual ? null : waiting,
    work_completed: workCompleted,
  } as const;
  return {
    message: checkoutAnswerText(language, side, facts),
    mutualCheckoutCompleted: mutual,
    ...facts,
  };
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
