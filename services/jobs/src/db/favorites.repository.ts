import { sql, type Database, type Executor } from '@brigade/kit';

export async function addFavorite(
  database: Database,
  tx: Executor,
  f: { id: string; restaurant_id: string; chef_id: string; chef_profile_id: string },
): Promise<{ id: string; created: boolean }> {
  const inserted = await database.rows<{ id: string }>(
    sql`insert into jobs.favorites (id, restaurant_id, chef_id, chef_profile_id)
        values (${f.id}, ${f.restaurant_id}, ${f.chef_id}, ${f.chef_profile_id})
        on conflict (restaurant_id, chef_id) do nothing returning id`,
    tx,
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await database.rows<{ id: string }>(
    sql`select id from jobs.favorites where restaurant_id = ${f.restaurant_id} and chef_id = ${f.chef_id}`,
    tx,
  );
  return { id: existing[0].id, created: false };
}

/** Remove by favorite id, chef profile id or chef user id. Returns the chefs (user ids) taken off. */
export async function deleteFavorite(
  database: Database,
  tx: Executor,
  restaurantId: string,
  id: string,
): Promise<string[]> {
  const rows = await database.rows<{ chef_id: string }>(
    sql`delete from jobs.favorites where restaurant_id = ${restaurantId}
        and (id = ${id} or chef_profile_id = ${id} or chef_id = ${id}) returning chef_id`,
    tx,
  );
  return rows.map((r) => r.chef_id);
}

/**
 * notifyFavorites ids (chef profile ids; chef user ids are accepted too) resolved against this restaurant's
 * roster: the profile ids found, and the ids that are not in the roster.
 */
export async function resolveFavorites(
  database: Database,
  tx: Executor,
  restaurantId: string,
  ids: string[],
): Promise<{ profileIds: string[]; missing: string[] }> {
  if (ids.length === 0) return { profileIds: [], missing: [] };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await database.rows<{ chef_profile_id: string; chef_id: string }>(
    sql`select chef_profile_id, chef_id from jobs.favorites where restaurant_id = ${restaurantId}
        and (chef_profile_id in (${list}) or chef_id in (${list}))`,
    tx,
  );
  const missing = ids.filter((id) => !rows.some((r) => r.chef_profile_id === id || r.chef_id === id));
  return { profileIds: [...new Set(rows.map((r) => r.chef_profile_id))].sort(), missing };
}
