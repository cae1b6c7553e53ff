import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { recordProfileName } from '../use-cases/record-user';

/** A chef's profile was saved: its name, for the receipts of the restaurants the chef worked for. */
export const onChefProfileUpdated: EventHandlerOf<PaymentsContext, 'identity.chef_profile.updated.v1'> = (
  ctx,
  tx,
  data,
) => recordProfileName(ctx, tx, data);

/** A restaurant's profile was saved: its name, for the earnings of the chefs who worked there. */
export const onRestaurantProfileUpdated: EventHandlerOf<
  PaymentsContext,
  'identity.restaurant_profile.updated.v1'
> = (ctx, tx, data) => recordProfileName(ctx, tx, data);
