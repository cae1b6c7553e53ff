import { subscribe, type Subscription } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { linkPayoutAccount } from '../use-cases/link-payout-account';
import { recordRating } from '../use-cases/record-rating';
import { recordReliability } from '../use-cases/record-reliability-fact';
import { recordTextTranslation } from '../use-cases/record-text-translation';

/**
 * Every event the identity service reacts to, and the use case each one runs. Queues keep their old names
 * (`identity.on-<event>`) so a deploy finds its bindings and processed-event rows where they were.
 */
export function subscriptions(ctx: IdentityContext): Subscription[] {
  return subscribe('identity', ctx, [
    ['jobs.checkout.recorded.v1', (c, tx, data) => recordRating(c, tx, data), 'on-checkout-recorded'],
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
    [
      'messaging.text.translated.v1',
      (c, tx, data) => recordTextTranslation(c, tx, data),
      'on-text-translated',
    ],
  ]);
}
