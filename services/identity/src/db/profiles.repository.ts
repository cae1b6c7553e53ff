import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';
import { chefProfiles, restaurantProfiles, users, type RestaurantProfileRow } from './schema';

const EARTH_RADIUS_MILES = 3958.8;

export type ChefProfileRow = typeof chefProfiles.$inferSelect;
export type ChefProfileValues = Omit<typeof chefProfiles.$inferInsert, 'id' | 'userId'>;
export type RestaurantProfileValues = Omit<typeof restaurantProfiles.$inferInsert, 'id' | 'userId'>;

/** A user's chef profile (locked until the transaction ends with `forUpdate`). */
export async function chefProfileOfUser(
  db: Executor,
  userId: string,
  forUpdate = false,
): Promise<ChefProfileRow | undefined> {
  const query = db.select().from(chefProfiles).where(eq(chefProfiles.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A user's restaurant profile (locked until the transaction ends with `forUpdate`). */
export async function restaurantProfileOfUser(
  db: Executor,
  userId: string,
  forUpdate = false,
): Promise<RestaurantProfileRow | undefined> {
  const query = db.select().from(restaurantProfiles).where(eq(restaurantProfiles.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A chef profile by profile id or by user id. */
export async function findChefProfile(db: Executor, id: string): Promise<ChefProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(chefProfiles)
    .where(or(eq(chefProfiles.id, id), eq(chefProfiles.userId, id)));
  return row;
}

/** A restaurant profile by profile id or by user id. */
export async function findRestaurantProfile(
  db: Executor,
  id: string,
): Promise<RestaurantProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurantProfiles)
    .where(or(eq(restaurantProfiles.id, id), eq(restaurantProfiles.userId, id)));
  return row;
}

/** Create a chef profile (`profileId` new), or replace the values of the existing one. */
export async function saveChefProfileRow(
  tx: Executor,
  existingId: string | undefined,
  create: { id: string; userId: string },
  values: ChefProfileValues,
): Promise<ChefProfileRow> {
  const [row] = existingId
    ? await tx.update(chefProfiles).set(values).where(eq(chefProfiles.id, existingId)).returning()
    : await tx
        .insert(chefProfiles)
        .values({ ...create, ...values })
        .returning();
  return row;
}

/** Create a restaurant profile, or replace the values of the existing one. */
export async function saveRestaurantProfileRow(
  tx: Executor,
  existingId: string | undefined,
  create: { id: string; userId: string },
  values: RestaurantProfileValues,
): Promise<RestaurantProfileRow> {
  const [row] = existingId
    ? await tx.update(restaurantProfiles).set(values).where(eq(restaurantProfiles.id, existingId)).returning()
    : await tx
        .insert(restaurantProfiles)
        .values({ ...create, ...values })
        .returning();
  return row;
}

/** Where a restaurant is (its profile's coordinates), or null without a profile. */
export async function restaurantLocation(
  database: Database,
  userId: string,
): Promise<{ lat: number; lon: number } | null> {
  const [me] = await database.db
    .select({ lat: restaurantProfiles.latitude, lon: restaurantProfiles.longitude })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.userId, userId));
  return me ?? null;
}

export interface ChefSearch {
  skills?: string[];
  minRate?: number;
  maxRate?: number;
  city?: string;
  /** With an origin: only chefs within `radius` miles, nearest first. */
  origin: { lat: number; lon: number } | null;
  radius: number;
  limit: number;
  offset: number;
}

/**
 * Chefs with any of the chosen skills, whose minimum rate fits the range, within `radius` miles of the origin
 * when there is one. Nearest first, then best rated, then by name and id (a total order, so pages never repeat
 * or skip a chef). Suspended chefs are left out. `distance` is in miles (null without an origin).
 */
export async function searchChefProfiles(
  database: Database,
  search: ChefSearch,
): Promise<Array<{ chef: ChefProfileRow; distance: number | null }>> {
  const { origin } = search;
  // A suspended chef is out of the marketplace until reinstated.
  const conditions: SQL[] = [
    sql`not exists (select 1 from ${users} where ${users.id} = ${chefProfiles.userId} and ${users.suspendedAt} is not null)`,
  ];
  if (search.skills && search.skills.length > 0) {
    conditions.push(
      sql`${chefProfiles.skills} && ${sql`ARRAY[${sql.join(
        search.skills.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`}`,
    );
  }
  if (search.minRate !== undefined)
    conditions.push(
      sql`(${chefProfiles.hourlyRateMin} is null or ${chefProfiles.hourlyRateMin} >= ${search.minRate}::numeric)`,
    );
  if (search.maxRate !== undefined)
    conditions.push(
      sql`(${chefProfiles.hourlyRateMin} is null or ${chefProfiles.hourlyRateMin} <= ${search.maxRate}::numeric)`,
    );
  if (search.city) conditions.push(eq(chefProfiles.city, search.city));
  const distance = origin
    ? sql<number>`${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(sqrt(power(sin(radians(${chefProfiles.latitude} - ${origin.lat}::float8) / 2), 2) + cos(radians(${origin.lat}::float8)) * cos(radians(${chefProfiles.latitude})) * power(sin(radians(${chefProfiles.longitude} - ${origin.lon}::float8) / 2), 2)))`
    : sql<number>`null`;
  if (origin) {
    // A bounding box first, answered by the (latitude, longitude) index; the exact distance after. A degree of
    // latitude is at least 68.7 miles; a degree of longitude is that times cos(latitude), smallest at the
    // box's edge farthest from the equator. The box holds the whole circle, so the results are the same.
    const dLat = search.radius / 68.7;
    const farLat = Math.min(89, Math.abs(origin.lat) + dLat);
    const dLon = Math.min(180, search.radius / (68.7 * Math.cos((farLat * Math.PI) / 180)));
    conditions.push(
      sql`${chefProfiles.latitude} between ${origin.lat - dLat}::float8 and ${origin.lat + dLat}::float8`,
    );
    conditions.push(
      sql`${chefProfiles.longitude} between ${origin.lon - dLon}::float8 and ${origin.lon + dLon}::float8`,
    );
    conditions.push(sql`${distance} <= ${search.radius}::float8`);
  }
  return database.db
    .select({ chef: chefProfiles, distance })
    .from(chefProfiles)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(
      origin ? distance : sql`1`,
      sql`${chefProfiles.totalRatings} desc`,
      chefProfiles.name,
      chefProfiles.id, // a total order, so pages never repeat or skip a chef
    )
    .limit(search.limit)
    .offset(search.offset);
}
