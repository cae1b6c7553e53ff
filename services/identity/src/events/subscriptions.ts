import { subscribe, type Subscription } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { onCheckoutRecorded } from './on-checkout-recorded';
import { onPayoutAccountUpdated } from './on-payout-account-updated';
import { onReliabilityRecorded } from './on-reliability-recorded';
import { onTextTranslated } from './on-text-translated';

/** Every event the identity service reacts to (queues keep their names: `identity.on-<event>`). */
export function subscriptions(ctx: IdentityContext): Subscription[] {
  return subscribe('identity', ctx, [
    ['jobs.checkout.recorded.v1', onCheckoutRecorded, 'on-checkout-recorded'],
    ['payments.payout_account.updated.v1', onPayoutAccountUpdated, 'on-payout-account-updated'],
    ['jobs.reliability.recorded.v1', onReliabilityRecorded, 'on-reliability-recorded'],
    ['messaging.text.translated.v1', onTextTranslated, 'on-text-translated'],
  ]);
}
