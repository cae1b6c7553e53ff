import type Stripe from 'stripe';
import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findSetupIntent, upsertSavedCard, type SavedCardRow } from '../db/saved-cards.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { idOf } from '../adapters/stripe';
import { reportAnomaly } from './report-anomaly';

/** A SetupIntent and its PaymentMethod as the provider has them now. */
export interface SetupFacts {
  setupIntent: Stripe.SetupIntent;
  paymentMethod: Stripe.PaymentMethod | null;
}

export async function fetchSetup(
  stripe: Stripe,
  setupIntentId: string,
  options: Stripe.RequestOptions,
): Promise<SetupFacts> {
  const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, {}, options);
  const pm = setupIntent.payment_method;
  const paymentMethod =
    typeof pm === 'string' ? await stripe.paymentMethods.retrieve(pm, {}, options) : (pm ?? null);
  return { setupIntent, paymentMethod };
}

/**
 * Record the card of a succeeded SetupIntent that payments made, for the Customer it made it for, while the card
 * is still attached to that Customer (a card removed since is not brought back). A SetupIntent payments never
 * made is an anomaly; one that has not succeeded, or whose card left the Customer, changes nothing. From the
 * confirm route and from the `setup_intent.succeeded` webhook.
 */
export async function recordCardSetup(
  ctx: PaymentsContext,
  tx: Executor,
  facts: SetupFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<SavedCardRow | null> {
  const { setupIntent: si, paymentMethod: pm } = facts;
  const mine = await findSetupIntent(ctx.database, si.id, tx);
  if (!mine || idOf(si.customer) !== mine.customer_id) {
    await reportAnomaly(ctx, tx, source, { reason: 'unknown_setup_intent', objectId: si.id });
    return null;
  }
  if (si.status !== 'succeeded' || !pm?.card || idOf(pm.customer) !== mine.customer_id) return null;
  const card = {
    restaurant_id: mine.restaurant_id,
    customer_id: mine.customer_id,
    payment_method_id: pm.id,
    setup_intent_id: si.id,
    setup_created: si.created,
    brand: pm.card.brand,
    last4: pm.card.last4,
    exp_month: pm.card.exp_month,
    exp_year: pm.card.exp_year,
  };
  await upsertSavedCard(ctx.database, tx, card);
  return card;
}
