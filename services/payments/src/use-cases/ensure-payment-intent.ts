import type Stripe from 'stripe';
import { inTransaction } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { savePaymentIntent, type JobPaymentRow } from '../db/jobs.repository';
import { emailOf } from '../db/users.repository';
import { alreadyPaid } from '../domain/errors';
import { interactive, providerError } from '../adapters/stripe';
import { ensureCustomer, keepingTheCard } from './ensure-customer';
import { WITH_PAYMENT_METHOD, recordEscrowHeld } from './record-escrow';

/**
 * The job's one PaymentIntent: created on first use with an idempotency key derived from the job, so a retry,
 * a double click or a crash before the id was saved all get the same intent (never two charges for a job).
 * After a decline the same intent is payable again (`requires_payment_method`).
 */
export async function ensurePaymentIntent(
  ctx: PaymentsContext,
  job: JobPaymentRow,
): Promise<Stripe.PaymentIntent> {
  const stripe = ctx.stripe.get();
  if (job.payment_intent_id) {
    const existing = await stripe.paymentIntents
      .retrieve(job.payment_intent_id, WITH_PAYMENT_METHOD, interactive(ctx.config))
      .catch(providerError);
    if (existing.status === 'succeeded') {
      await inTransaction(ctx, (tx) => recordEscrowHeld(ctx, tx, existing));
      throw alreadyPaid();
    }
    return existing;
  }
  const email = await emailOf(ctx.database, job.restaurant_id);
  // Issue 34: the card is kept for the extra hours of the shift, charged off-session after its timesheet is
  // approved (the restaurant's Customer, `setup_future_usage: 'off_session'`).
  const customer = await ensureCustomer(ctx, job.restaurant_id);
  const pi = await stripe.paymentIntents
    .create(
      {
        amount: job.total_cents,
        ...keepingTheCard(customer),
        transfer_group: job.job_id,
        description: `Brigade shift: ${job.title}`.slice(0, 1000),
        ...(email ? { receipt_email: email } : {}),
        metadata: {
          job_id: job.job_id,
          restaurant_id: job.restaurant_id,
          subtotal_cents: String(job.subtotal_cents),
          fee_cents: String(job.fee_cents),
        },
      },
      interactive(ctx.config, `job:${job.job_id}:payment_intent`),
    )
    .catch(providerError);
  await savePaymentIntent(ctx.database, job.job_id, pi);
  return pi;
}
