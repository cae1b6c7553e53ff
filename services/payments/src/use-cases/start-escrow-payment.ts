import Stripe from 'stripe';
import { inTransaction, type AuthUser } from '@brigade/kit';
import { CARD_MINIMUM_CENTS } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob, savePaymentIntent, type JobPaymentRow } from '../db/jobs.repository';
import { customerOf, saveCustomer } from '../db/saved-cards.repository';
import { emailOf } from '../db/users.repository';
import {
  alreadyPaid,
  amountMismatch,
  jobClosed,
  jobNotFound,
  providerUnavailable,
  underCardMinimum,
} from '../domain/errors';
import { isPayable } from '../domain/escrow-state';
import { interactive, isProviderOutage } from '../adapters/stripe';
import { WITH_PAYMENT_METHOD, recordEscrowHeld } from './record-escrow';

/** The job of this restaurant, or the one 404 both "unknown" and "someone else's" get. */
export async function ownedJob(ctx: PaymentsContext, user: AuthUser, jobId: string): Promise<JobPaymentRow> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== user.id) throw jobNotFound();
  return job;
}

/** Translate provider outages into a 503 the client can retry; everything else goes up unchanged. */
export function providerError(err: unknown): never {
  if (isProviderOutage(err)) throw providerUnavailable();
  throw err;
}

/** The restaurant's Customer at the provider, made once (the same idempotency key for every attempt). */
export async function ensureCustomer(ctx: PaymentsContext, restaurantId: string): Promise<string> {
  const known = await customerOf(ctx.database, restaurantId);
  if (known) return known;
  const email = await emailOf(ctx.database, restaurantId);
  const customer = await ctx.stripe
    .get()
    .customers.create(
      { ...(email ? { email } : {}), metadata: { restaurant_id: restaurantId } },
      interactive(ctx.config, `restaurant:${restaurantId}:customer`),
    )
    .catch(providerError);
  return saveCustomer(ctx.database, restaurantId, customer.id);
}

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
        currency: 'usd',
        customer,
        setup_future_usage: 'off_session',
        allowed_payment_method_types: ['card'],
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

export function assertPayable(job: JobPaymentRow) {
  if (job.cancelled_at || job.expired_at) throw jobClosed();
  if (!isPayable(job.status)) throw alreadyPaid();
  // A clear refusal, not the provider's (a 500): jobs no longer posts such a job, older ones may remain.
  if (job.total_cents < CARD_MINIMUM_CENTS) throw underCardMinimum(job.total_cents, CARD_MINIMUM_CENTS);
}

/**
 * The caller's job, still payable, for the total the server computed: a client amount that differs is refused
 * (it never sets the charge). Every way of paying a shift starts here.
 */
export async function payableJob(
  ctx: PaymentsContext,
  user: AuthUser,
  jobId: string,
  clientAmountCents: number | undefined,
): Promise<JobPaymentRow> {
  const job = await ownedJob(ctx, user, jobId);
  assertPayable(job);
  if (clientAmountCents !== undefined && clientAmountCents !== job.total_cents)
    throw amountMismatch(job.total_cents);
  return job;
}

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
  const job = await payableJob(ctx, user, jobId, clientAmountCents);
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
