import Stripe from 'stripe';
import type { PaymentsContext } from '../context';
import { chargesWithoutCard, recordCheckedCard } from '../db/jobs.repository';
import { isProviderOutage } from '../adapters/stripe';
import { chargedCardOf, WITH_PAYMENT_METHOD, type IntentFacts } from './record-escrow';

/**
 * One pass of the card backfill (issue 20, `scheduler/card-backfill.ts`): asks the provider about up to `batch`
 * charges recorded without a card (their PaymentIntent with its PaymentMethod expanded, the same answer the charge
 * path reads the card from) and records each answer, card or not. Returns how many charges it settled (0 once none
 * is left or while the provider is down, so the loop waits for its poll).
 */
export async function backfillCards(ctx: PaymentsContext, batch: number): Promise<number> {
  const { database, logger, config } = ctx;
  let settled = 0;
  for (const charge of await chargesWithoutCard(database, batch)) {
    let intent: IntentFacts;
    try {
      intent = (await ctx.stripe
        .get()
        .paymentIntents.retrieve(charge.payment_intent_id, WITH_PAYMENT_METHOD, {
          timeout: config.STRIPE_TIMEOUT_MS,
          maxNetworkRetries: 1,
        })) as IntentFacts;
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && !isProviderOutage(err)) {
        // The provider does not know this intent (or refuses the request): asking again would not change it.
        logger.warn(
          { job: charge.job_id, err: err.message },
          'card backfill: the provider refused; the receipt keeps the charge id',
        );
        if (await recordCheckedCard(database, charge.job_id, null)) settled++;
        continue;
      }
      // Down, slow, throttled or anything unexpected: these charges wait for a later pass.
      logger.warn(
        { job: charge.job_id, err: (err as Error).message },
        'card backfill: provider unavailable; will retry',
      );
      return settled;
    }
    // Only the intent asked about names the card (an answer about another object is recorded as no card).
    const card = intent.id === charge.payment_intent_id ? chargedCardOf(intent) : null;
    if (await recordCheckedCard(database, charge.job_id, card)) settled++;
  }
  return settled;
}
