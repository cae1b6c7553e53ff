import { on, type Subscription } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { onCheckoutRecorded } from './on-checkout-recorded';
import { onPayoutAccountUpdated } from './on-payout-account-updated';
import { onReliabilityRecorded } from './on-reliability-recorded';

/** Every event the identity service reacts to. */
export function subscriptions(ctx: IdentityContext): Subscription[] {
  return [
    on(
      ctx.database,
      'identity',
      'on-checkout-recorded',
      'jobs.checkout.recorded.v1',
      onCheckoutRecorded(ctx),
    ),
    on(
      ctx.database,
      'identity',
      'on-payout-account-updated',
      'payments.payout_account.updated.v1',
      onPayoutAccountUpdated,
    ),
    on(
      ctx.database,
      'identity',
      'on-reliability-recorded',
      'jobs.reliability.recorded.v1',
      onReliabilityRecorded(ctx),
    ),
  ];
}
