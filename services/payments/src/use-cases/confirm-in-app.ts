import Stripe from 'stripe';
import { AppError } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { idOf, interactive, providerError } from '../adapters/stripe';
import { cardErrorText } from '../domain/card-errors';

/**
 * Confirm a PaymentIntent the restaurant pays in the app (a balance, a lost card dispute) with a PaymentMethod of
 * its card form, on-session. The key is `{key}:{paymentMethodId}:{latest charge}`: a repeat of one attempt is the
 * same confirm, a retry after a decline a new one. A decline is 402 with the card's text, a PaymentMethod the
 * provider refuses 400, the provider down 503; the caller books a success.
 */
export async function confirmInApp(
  ctx: PaymentsContext,
  pi: Stripe.PaymentIntent,
  paymentMethodId: string,
  key: string,
): Promise<Stripe.PaymentIntent> {
  const latest = idOf(pi.latest_charge as string | { id: string } | null) ?? 'first';
  try {
    return await ctx.stripe
      .get()
      .paymentIntents.confirm(
        pi.id,
        { payment_method: paymentMethodId },
        interactive(ctx.config, `${key}:${paymentMethodId}:${latest}`),
      );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError)
      throw new AppError(402, 'PAYMENTS.CARD_ERROR', cardErrorText(err.code, err.decline_code, err.message), {
        paymentStatus: 'failed',
        stripe_code: err.code ?? null,
        decline_code: err.decline_code ?? null,
      });
    if (err instanceof Stripe.errors.StripeInvalidRequestError)
      throw new AppError(
        400,
        'PAYMENTS.PAYMENT_REJECTED',
        err.message || 'Payment failed. Please try again.',
      );
    return providerError(err);
  }
}
