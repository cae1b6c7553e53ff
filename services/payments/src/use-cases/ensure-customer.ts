import type Stripe from 'stripe';
import type { PaymentsContext } from '../context';
import { customerOf, saveCustomer } from '../db/saved-cards.repository';
import { emailOf } from '../db/users.repository';
import { interactive, providerError } from '../adapters/stripe';

/**
 * A PaymentIntent's parameters after its amount: in usd, by card, on the restaurant's Customer, keeping the card
 * for off-session charges later (issue 34: the extra hours of a shift, charged after its timesheet is approved).
 */
export const keepingTheCard = (
  customer: string,
): Pick<
  Stripe.PaymentIntentCreateParams,
  'currency' | 'customer' | 'setup_future_usage' | 'allowed_payment_method_types'
> => ({
  currency: 'usd',
  customer,
  setup_future_usage: 'off_session',
  allowed_payment_method_types: ['card'],
});

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
