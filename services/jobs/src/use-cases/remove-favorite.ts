import { inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { deleteFavorite } from '../db/favorites.repository';
import { touchScopes } from '../db/list-versions.repository';

/**
 * Take a chef off a restaurant's roster, by favorite id, chef profile id or chef user id. One not on it is no
 * error: the answer is the same either way (not a favorite). Issue 37: the chef no longer sees the restaurant's
 * roster-first shifts, so their lists move.
 */
export async function removeFavorite(ctx: JobsContext, restaurantId: string, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const chefs = await deleteFavorite(ctx.database, tx, restaurantId, id);
    if (chefs.length > 0)
      await touchScopes(
        ctx,
        tx,
        chefs.map((c) => `c:${c}`),
      );
  });
}
