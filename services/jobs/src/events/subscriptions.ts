import { on, type Subscription } from '@brigade/kit';
import type { JobsContext } from '../context';
import { onEscrowFailed } from './on-escrow-failed';
import { onEscrowHeld } from './on-escrow-held';
import { onEscrowClosed } from './on-escrow-closed';
import { onChefProfileUpdated } from './on-chef-profile-updated';
import { onPayoutAccountUpdated } from './on-payout-account-updated';
import { onMessageSent } from './on-message-sent';
import { onRestaurantProfileUpdated } from './on-restaurant-profile-updated';
import { onStatementTranslated } from './on-statement-translated';
import { onUserSuspended } from './on-user-suspended';

/** Every event the jobs service reacts to: event type -> handler (queue jobs.<name>). */
export function subscriptions(ctx: JobsContext): Subscription[] {
  const db = ctx.database;
  return [
    on(db, 'jobs', 'on-escrow-held', 'payments.escrow.held.v1', onEscrowHeld(ctx)),
    on(db, 'jobs', 'on-escrow-failed', 'payments.escrow.failed.v1', onEscrowFailed(ctx)),
    on(db, 'jobs', 'on-payout-released', 'payments.payout.released.v1', onEscrowClosed(ctx, 'released')),
    on(db, 'jobs', 'on-escrow-refunded', 'payments.escrow.refunded.v1', onEscrowClosed(ctx, 'refunded')),
    on(db, 'jobs', 'on-escrow-settled', 'payments.escrow.settled.v1', onEscrowClosed(ctx, 'settled')),
    on(
      db,
      'jobs',
      'on-payout-account-updated',
      'payments.payout_account.updated.v1',
      onPayoutAccountUpdated(ctx),
    ),
    on(db, 'jobs', 'on-chef-profile-updated', 'identity.chef_profile.updated.v1', onChefProfileUpdated(ctx)),
    on(
      db,
      'jobs',
      'on-restaurant-profile-updated',
      'identity.restaurant_profile.updated.v1',
      onRestaurantProfileUpdated(ctx),
    ),
    on(
      db,
      'jobs',
      'on-statement-translated',
      'messaging.statement.translated.v1',
      onStatementTranslated(ctx),
    ),
    on(db, 'jobs', 'on-message-sent', 'messaging.message.sent.v1', onMessageSent(ctx)),
    on(db, 'jobs', 'on-user-suspended', 'identity.user.suspended.v1', onUserSuspended(ctx)),
  ];
}
