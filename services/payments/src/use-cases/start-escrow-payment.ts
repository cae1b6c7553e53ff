import type Stripe from 'stripe';
import type { AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import type { JobPaymentRow } from '../db/jobs.repository';
import { ensurePaymentIntent } from './ensure-payment-intent';
import { findPayableJob } from './find-payable-job';

/**
 * `create-escrow-payment` / `create-payment-intent`: the restaurant gets the client secret of its job's
 * PaymentIntent for the total the server computed. A client amount that differs is refused; it never sets
 * the charge.
 */
export async function startEscrowPayment(
  ctx: PaymentsContext,
  user: AuthUser,
  jobId: string,
  clientAmountCents: number | undefined,
) {
  const job = await findPayableJob(ctx, user, jobId, clientAmountCents);
  return escrowAnswer(job, await ensurePaymentIntent(ctx, job));
}

/** The answer of create-escrow-payment: the PaymentIntent to confirm and the server's figures for the job. */
export function escrowAnswer(job: JobPaymentRow, pi: Stripe.PaymentIntent) {
  return {
    client_secret: pi.client_secret!,
    payment_intent_id: pi.id,
    amount_cents: job.total_cents,
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    currency: 'usd' as const,
    /**
     * Issue 34: the card paying the escrow is kept for off-session charges of extra hours worked past the end
     * (the pay page says "your card is kept for extra hours").
     */
    card_kept_for_extra_hours: true as const,
  };
}
