import { randomUUID } from 'node:crypto';
import { inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { addFavorite as insertFavorite } from '../db/favorites.repository';
import { touchScopes } from '../db/list-versions.repository';
import { findChef } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';

/** Add a chef (profile id or user id, as the read model of identity knows them) to a restaurant's roster. */
export async function addFavorite(
  ctx: JobsContext,
  restaurantId: string,
  chefIdOrProfileId: string,
): Promise<{ id: string; created: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const chef = await findChef(ctx.database, chefIdOrProfileId, tx);
    if (!chef) throw JobsErrors.chefNotFound();
    const added = await insertFavorite(ctx.database, tx, {
      id: randomUUID(),
      restaurant_id: restaurantId,
      chef_id: chef.user_id,
      chef_profile_id: chef.profile_id,
    });
    // Issue 37: a favorite sees the restaurant's roster-first shifts (GET /jobs/offered-first, their own open
    // list): their lists move.
    if (added.created) await touchScopes(ctx, tx, [`c:${chef.user_id}`]);
    return added;
  });
}
