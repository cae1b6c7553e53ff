import Stripe from 'stripe';
import { WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { chargesWithoutCard, recordCheckedCard } from '../db/jobs.repository';
import { isProviderOutage } from '../adapters/stripe';
import { chargedCardOf, WITH_PAYMENT_METHOD, type IntentFacts } from './record-escrow';

/**
 * The card backfill (issue 20): receipts of shifts charged before migration 0009 named the charge id, not the card.
 * In the background, payments asks the provider for each such charge's PaymentIntent with its PaymentMethod
 * expanded (the same answer the charge path reads the card from, through the same client), once per charge: the
 * row is marked when the provider answered, card or not. A provider that is down or slow leaves the rows for a
 * later pass; a Receipts read never calls the provider (it shows the charge id until the card is known, and only
 * wakes this loop).
 */
export class CardBackfill {
  /** Charges asked about per pass: a pass is one provider call after another, never a burst. */
  static readonly BATCH = 20;
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 5 * 60_000,
  ) {
    this.loop = new WorkLoop({
      name: 'card backfill',
      pollMs,
      logger: ctx.logger,
      pass: () => this.runOnce(),
    });
  }

  /** Starts with a pass (the charges a deploy of 0009 left without a card), then one every poll. */
  start() {
    this.loop.start();
  }

  /** A Receipts read found a charge without its card: pass now rather than at the next poll. */
  kick() {
    this.loop.kick();
  }

  async stop() {
    await this.loop.stop();
  }

  /**
   * One pass: asks the provider about up to BATCH charges without a card and records each answer. Returns how
   * many charges it settled (0 once none is left or while the provider is down, so the loop waits for its poll).
   */
  async runOnce(): Promise<number> {
    const { database, logger, config } = this.ctx;
    let settled = 0;
    for (const charge of await chargesWithoutCard(database, CardBackfill.BATCH)) {
      let intent: IntentFacts;
      try {
        intent = (await this.ctx.stripe
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
}
