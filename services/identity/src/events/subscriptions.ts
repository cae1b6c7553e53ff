import { onlyWhen, outsideTransaction, subscribe, type Subscription } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { linkPayoutAccount } from '../use-cases/link-payout-account';
import { countReview } from '../use-cases/count-review';
import { recordReliability } from '../use-cases/record-reliability-fact';
import { isDescriptionTranslation, recordTextTranslation } from '../use-cases/record-text-translation';
import { removeReliability } from '../use-cases/remove-reliability-fact';
import { uncountReview } from '../use-cases/uncount-review';

/**
 * Every event the identity service reacts to, and the use case each one runs. Queues keep their old names
 * (`identity.on-<event>`) so a deploy finds its bindings and processed-event rows where they were.
 */
export function subscriptions(ctx: IdentityContext): Subscription[] {
  return subscribe('identity', ctx, [
    // Issue 39: a rating counts in the averages once its review is published, and leaves them when it is hidden.
    ['jobs.review.published.v1', (c, tx, data) => countReview(c, tx, data), 'on-review-published'],
    ['jobs.review.hidden.v1', (c, tx, data) => uncountReview(c, tx, data), 'on-review-hidden'],
    // A checkout counts nothing any more (double-blind). The row stays, doing nothing, so that the binding a
    // deployed broker keeps for it is taken rather than dead-lettered on every checkout; outside a transaction,
    // so taking it writes nothing (no transaction, no processed-event row: two of each per mutual checkout).
    ['jobs.checkout.recorded.v1', outsideTransaction(async () => {}), 'on-checkout-recorded'],
    [
      'payments.payout_account.updated.v1',
      (_c, tx, data) => linkPayoutAccount(tx, data),
      'on-payout-account-updated',
    ],
    [
      'jobs.reliability.recorded.v1',
      (c, tx, data) => recordReliability(c, tx, data),
      'on-reliability-recorded',
    ],
    // issue 39: a mark removed on appeal counts nowhere on profiles and in the chef search
    ['jobs.mark.removed.v1', (c, tx, data) => removeReliability(c, tx, data), 'on-mark-removed'],
    [
      'messaging.text.translated.v1',
      // a job's text (jobs' to keep) is taken without a transaction: it changes nothing here
      onlyWhen<IdentityContext, 'messaging.text.translated.v1'>(isDescriptionTranslation, (c, tx, data) =>
        recordTextTranslation(c, tx, data),
      ),
      'on-text-translated',
    ],
  ]);
}
