import { randomUUID } from 'node:crypto';
import type { JobsContext } from '../context';
import { addFavorite as insertFavorite } from '../db/favorites.repository';
import { findChef } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';

/** Add a chef (profile id or user id, as the read model of identity knows them) to a restaurant's roster. */
export async function addFavorite(
  ctx: JobsContext,
  restaurantId: string,
  chefIdOrProfileId: string,
): Promise<{ id: string; created: boolean }> {
  return ctx.database.transaction(async (tx) => {
    const chef = await findChef(ctx.database, chefIdOrProfileId, tx);
    if (!chef) throw JobsErrors.chefNotFound();
    return insertFavorite(ctx.database, tx, {
      id: randomUUID(),
      restaurant_id: restaurantId,
      chef_id: chef.user_id,
      chef_profile_id: chef.profile_id,
    });
  });
}
