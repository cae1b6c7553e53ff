import { onExtraChargeCollected } from './on-extra-charge-collected';
import { subscribe, type Subscription } from '@brigade/kit';
import type { JobsContext } from '../context';
import { onChefProfileUpdated } from './on-chef-profile-updated';
import { onEscrowRefunded, onEscrowSettled, onPayoutReleased } from './on-escrow-closed';
import { onEditChargeCollected, onEditChargeFailed } from './on-edit-charge';
import { onEscrowFailed } from './on-escrow-failed';
import { onEscrowHeld } from './on-escrow-held';
import { onMessageSent } from './on-message-sent';
import { onPayoutAccountUpdated } from './on-payout-account-updated';
import { onRestaurantProfileUpdated } from './on-restaurant-profile-updated';
import { onStatementTranslated } from './on-statement-translated';
import { onTextTranslated } from './on-text-translated';
import { onUserReinstated, onUserSuspended } from './on-user-suspended';
import { onUserRegistered, onUserUpdated } from './on-user-phone';

/**
 * Every event the jobs service reacts to: event type -> handler, on queue jobs.<name>. The queues keep their
 * names from before the kit derived them (`on-<handler>`): a renamed queue would be a new, empty one.
 */
export function subscriptions(ctx: JobsContext): Subscription[] {
  return subscribe('jobs', ctx, [
    ['payments.escrow.held.v1', onEscrowHeld, 'on-escrow-held'],
    ['payments.escrow.failed.v1', onEscrowFailed, 'on-escrow-failed'],
    ['payments.payout.released.v1', onPayoutReleased, 'on-payout-released'],
    ['payments.escrow.refunded.v1', onEscrowRefunded, 'on-escrow-refunded'],
    ['payments.escrow.settled.v1', onEscrowSettled, 'on-escrow-settled'],
    ['payments.payout_account.updated.v1', onPayoutAccountUpdated, 'on-payout-account-updated'],
    ['payments.extra_charge.collected.v1', onExtraChargeCollected, 'on-extra-charge-collected'],
    ['payments.edit_charge.collected.v1', onEditChargeCollected, 'on-edit-charge-collected'],
    ['payments.edit_charge.failed.v1', onEditChargeFailed, 'on-edit-charge-failed'],
    ['identity.chef_profile.updated.v1', onChefProfileUpdated, 'on-chef-profile-updated'],
    ['identity.restaurant_profile.updated.v1', onRestaurantProfileUpdated, 'on-restaurant-profile-updated'],
    ['messaging.statement.translated.v1', onStatementTranslated, 'on-statement-translated'],
    ['messaging.text.translated.v1', onTextTranslated, 'on-text-translated'],
    ['messaging.message.sent.v1', onMessageSent, 'on-message-sent'],
    ['identity.user.suspended.v1', onUserSuspended, 'on-user-suspended'],
    ['identity.user.reinstated.v1', onUserReinstated],
    ['identity.user.registered.v1', onUserRegistered],
    ['identity.user.updated.v1', onUserUpdated],
  ]);
}
