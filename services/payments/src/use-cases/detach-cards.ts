import Stripe from 'stripe';
import type { PaymentsContext } from '../context';
import type { SavedCardRow } from '../db/saved-cards.repository';
import { interactive, providerError } from '../adapters/stripe';

/** Detach a card from its Customer at the provider; one already detached (or gone) is what we wanted. */
export async function detachCard(ctx: PaymentsContext, paymentMethodId: string) {
  try {
    await ctx.stripe.get().paymentMethods.detach(paymentMethodId, {}, interactive(ctx.config));
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError &&
      (err.code === 'payment_method_unexpected_state' || err.code === 'resource_missing')
    )
      return;
    providerError(err);
  }
}

/** Every card of the Customer but the saved one leaves it at the provider: one saved card, the latest. */
export async function detachOtherCards(ctx: PaymentsContext, current: SavedCardRow) {
  const attached = await ctx.stripe
    .get()
    .customers.listPaymentMethods(current.customer_id, { type: 'card', limit: 100 }, interactive(ctx.config));
  for (const pm of attached.data) if (pm.id !== current.payment_method_id) await detachCard(ctx, pm.id);
}
