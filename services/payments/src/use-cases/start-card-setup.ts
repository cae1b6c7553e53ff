import { randomUUID } from 'node:crypto';
import type { AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { saveSetupIntent } from '../db/saved-cards.repository';
import { interactive, providerError } from '../adapters/stripe';
import { ensureCustomer } from './ensure-customer';

// A restaurant's saved card, the way Stripe does it: one Customer per restaurant, a SetupIntent confirmed in the
// browser with the card (this file), the card recorded as the provider describes it (record-card-setup.ts), and
// later off-session PaymentIntents on that Customer's PaymentMethod (pay-with-saved-card.ts).

/** `POST /payments/saved-card/setup`: a SetupIntent the card form confirms with the card. */
export async function startCardSetup(ctx: PaymentsContext, user: AuthUser) {
  const customerId = await ensureCustomer(ctx, user.id);
  const si = await ctx.stripe
    .get()
    .setupIntents.create(
      {
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { restaurant_id: user.id },
      },
      interactive(ctx.config, `restaurant:${user.id}:setup:${randomUUID()}`),
    )
    .catch(providerError);
  await saveSetupIntent(ctx.database, {
    setup_intent_id: si.id,
    restaurant_id: user.id,
    customer_id: customerId,
  });
  return { client_secret: si.client_secret!, setup_intent_id: si.id };
}
