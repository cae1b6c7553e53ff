import type { JobsContext } from '../context';
import { deleteFavorite } from '../db/favorites.repository';

/**
 * Take a chef off a restaurant's roster, by favorite id, chef profile id or chef user id. One not on it is no
 * error: the answer is the same either way (not a favorite).
 */
export async function removeFavorite(ctx: JobsContext, restaurantId: string, id: string): Promise<void> {
  await deleteFavorite(ctx.database, restaurantId, id);
}
