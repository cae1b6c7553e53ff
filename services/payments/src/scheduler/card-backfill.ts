import { WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { backfillCards } from '../use-cases/backfill-cards';

/**
 * The card backfill (issue 20): receipts of shifts charged before migration 0009 named the charge id, not the card.
 * In the background, payments asks the provider for each such charge's PaymentIntent with its PaymentMethod
 * expanded (the same answer the charge path reads the card from, through the same client), once per charge: the
 * row is marked when the provider answered, card or not. A provider that is down or slow leaves the rows for a
 * later pass; a Receipts read never calls the provider (it shows the charge id until the card is known, and only
 * wakes this loop).
 */
export class CardBackfill extends WorkLoop {
  /** Charges asked about per pass: a pass is one provider call after another, never a burst. */
  static readonly BATCH = 20;

  /** Starts with a pass (the charges a deploy of 0009 left without a card), then one every poll; a kick passes now. */
  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 5 * 60_000,
  ) {
    super({
      name: 'card backfill',
      pollMs,
      logger: ctx.logger,
      pass: () => backfillCards(ctx, CardBackfill.BATCH),
    });
  }

  /** One pass now (tests): how many charges it settled. */
  runOnce(): Promise<number> {
    return backfillCards(this.ctx, CardBackfill.BATCH);
  }
}
