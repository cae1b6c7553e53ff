import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordRestaurantProfile } from '../use-cases/record-read-models';

/** Read model of restaurant profiles: restaurant_profiles on every job. */
export const onRestaurantProfileUpdated: EventHandlerOf<
  JobsContext,
  'identity.restaurant_profile.updated.v1'
> = (ctx, tx, data, event) => recordRestaurantProfile(ctx, tx, data, event.occurred_at);
