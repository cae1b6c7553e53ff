import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import { scopesOfRestaurant, upsertRestaurantProfile } from '../db/read-models.repository';

/** Read model of restaurant profiles: restaurant_profiles on every job. */
export function onRestaurantProfileUpdated(ctx: JobsContext) {
  return async (tx: Tx, data: EventData<'identity.restaurant_profile.updated.v1'>, event: EventEnvelope) => {
    if (await upsertRestaurantProfile(ctx.database, tx, data, event.occurred_at)) {
      await touchScopes(ctx, tx, await scopesOfRestaurant(ctx.database, tx, data.user_id));
    }
  };
}
