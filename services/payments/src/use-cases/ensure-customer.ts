import type { PaymentsContext } from '../context';
import { customerOf, saveCustomer } from '../db/saved-cards.repository';
import { emailOf } from '../db/users.repository';
import { interactive, providerError } from '../adapters/stripe';

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
