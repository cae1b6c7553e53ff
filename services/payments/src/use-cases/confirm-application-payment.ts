import Stripe from 'stripe';
import { AppError, inTransaction, type AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { jobOfApplication } from '../db/applications.repository';
import type { JobPaymentRow } from '../db/jobs.repository';
import { cardErrorText } from '../domain/card-errors';
import { applicationNotFound } from '../domain/errors';
import { isClosed, isHeld } from '../domain/escrow-state';
import { interactive, providerError } from '../adapters/stripe';
import { WITH_PAYMENT_METHOD, recordEscrowHeld, recordPaymentFailure } from './record-escrow';
import { ensurePaymentIntent } from './ensure-payment-intent';
import { assertPayable, ownedJob } from './find-payable-job';

/**
 * `POST /applications/{applicationId}/confirm-payment`: the restaurant pays the job of this application with a
 * PaymentMethod. Success holds the money (`held_in_escrow`); a decline answers 402 with the spec's card text and
 * leaves the job payable again; an already paid job just reports `held_in_escrow`.
 */
export async function confirmApplicationPayment(
  ctx: PaymentsContext,
  user: AuthUser,
  applicationId: string,
  paymentMethodId: string,
) {
  const application = await jobOfApplication(ctx.database, applicationId);
  if (!application) throw applicationNotFound();
  const job = await ownedJob(ctx, user, application.job_id);
  if (isHeld(job.status)) return { paymentStatus: 'held_in_escrow' as const };
  if (isClosed(job.status)) return { paymentStatus: job.status };
  assertPayable(job);

  let pi: Stripe.PaymentIntent;
  try {
    pi = await ensurePaymentIntent(ctx, job);
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYMENTS.ALREADY_PAID')
      return { paymentStatus: 'held_in_escrow' as const };
    throw err;
  }
  return chargeIntent(ctx, job, pi, paymentMethodId);
}

/**
 * Confirm the job's PaymentIntent with a PaymentMethod (the card just entered, or the restaurant's saved card
 * charged off-session). Success holds the money; a decline is recorded and answers 402 with the spec's card
 * text; a saved card whose bank wants the restaurant present (3-D Secure) answers 402
 * PAYMENTS.AUTHENTICATION_REQUIRED (pay by entering the card). The idempotency key changes with each failed
 * attempt and card, so a retry repeats nothing and a new card is a new attempt.
 */
export async function chargeIntent(
  ctx: PaymentsContext,
  job: JobPaymentRow,
  pi: Stripe.PaymentIntent,
  paymentMethodId: string,
  { offSession = false }: { offSession?: boolean } = {},
) {
  const stripe = ctx.stripe.get();
  try {
    const confirmed = await stripe.paymentIntents.confirm(
      pi.id,
      {
        payment_method: paymentMethodId,
        ...(offSession ? { off_session: true } : {}),
        ...WITH_PAYMENT_METHOD,
      },
      interactive(ctx.config, `job:${job.job_id}:confirm:${job.failed_attempts}:${paymentMethodId}`),
    );
    if (confirmed.status !== 'succeeded') {
      throw new AppError(402, 'PAYMENTS.NOT_COMPLETED', 'Payment confirmation failed. Please try again.', {
        paymentStatus: confirmed.status,
      });
    }
    await inTransaction(ctx, (tx) => recordEscrowHeld(ctx, tx, confirmed));
    return { paymentStatus: 'held_in_escrow' as const };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      const code = err.code ?? null;
      const declineCode = err.decline_code || null;
      await inTransaction(ctx, (tx) =>
        recordPaymentFailure(ctx, tx, {
          paymentIntentId: pi.id,
          chargeId: err.charge ?? null,
          code,
          declineCode,
          message: err.message,
        }),
      );
      if (code === 'authentication_required') {
        throw new AppError(
          402,
          'PAYMENTS.AUTHENTICATION_REQUIRED',
          'Your bank asks you to confirm this payment. Please pay by entering your card.',
          { paymentStatus: 'failed', stripe_code: code },
        );
      }
      throw new AppError(402, 'PAYMENTS.CARD_ERROR', cardErrorText(code, declineCode, err.message), {
        paymentStatus: 'failed',
        stripe_code: code,
        decline_code: declineCode,
      });
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError) {
      if (err.code === 'payment_intent_unexpected_state') {
        const current = await stripe.paymentIntents.retrieve(pi.id, WITH_PAYMENT_METHOD).catch(providerError);
        if (current.status === 'succeeded') {
          await inTransaction(ctx, (tx) => recordEscrowHeld(ctx, tx, current));
          return { paymentStatus: 'held_in_escrow' as const };
        }
      }
      if (err.code === 'resource_missing' && err.param === 'payment_method') {
        throw new AppError(
          400,
          'PAYMENTS.INVALID_PAYMENT_METHOD',
          'Payment method not found. Please try a different card.',
        );
      }
      throw new AppError(
        400,
        'PAYMENTS.PAYMENT_REJECTED',
        err.message || 'Payment failed. Please try again.',
      );
    }
    if (err instanceof Stripe.errors.StripeIdempotencyError) {
      throw new AppError(
        409,
        'PAYMENTS.PAYMENT_IN_PROGRESS',
        'A payment for this job is already in progress. Please try again.',
      );
    }
    if (err instanceof AppError) throw err;
    return providerError(err);
  }
}
