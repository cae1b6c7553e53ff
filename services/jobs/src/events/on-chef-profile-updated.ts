import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import { scopesOfChef, upsertChefProfile } from '../db/read-models.repository';

/** Read model of chef profiles: names, skills, ratings on applications and the roster without calling identity. */
export function onChefProfileUpdated(ctx: JobsContext) {
  return async (tx: Tx, data: EventData<'identity.chef_profile.updated.v1'>, event: EventEnvelope) => {
    if (await upsertChefProfile(ctx.database, tx, data, event.occurred_at)) {
      await touchScopes(ctx, tx, await scopesOfChef(ctx.database, tx, data.user_id));
    }
  };
}
