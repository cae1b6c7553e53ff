import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHEF_SEARCH_RADIUS, type identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { chefProfiles, restaurantProfiles, users } from '../db/schema';
import { toChefProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { withChefReliability } from './attach-reliability';

type Query = z.infer<typeof identityHttp.ChefSearchQuery>;

const EARTH_RADIUS_MILES = 3958.8;

/**
 * Chefs with any of the chosen skills, whose minimum rate fits the range, within `radius` miles of the
 * searching restaurant (its coordinates; 25 miles by default). Nearest first, then best rated; `limit` and
 * `offset` page through them.
 */
export async function searchChefs(ctx: IdentityContext, viewer: { id: string; type: string }, query: Query) {
  let origin: { lat: number; lon: number } | null = null;
  if (viewer.type === 'restaurant') {
    const [me] = await ctx.database.db
      .select({ lat: restaurantProfiles.latitude, lon: restaurantProfiles.longitude })
      .from(restaurantProfiles)
      .where(eq(restaurantProfiles.userId, viewer.id));
    if (me) origin = me;
  }
  // A suspended chef is out of the marketplace until reinstated.
  const conditions: SQL[] = [
    sql`not exists (select 1 from ${users} where ${users.id} = ${chefProfiles.userId} and ${users.suspendedAt} is not null)`,
  ];
  if (query.skills && query.skills.length > 0) {
    conditions.push(
      sql`${chefProfiles.skills} && ${sql`ARRAY[${sql.join(
        query.skills.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`}`,
    );
  }
  if (query.minRate !== undefined)
    conditions.push(
      sql`(${chefProfiles.hourlyRateMin} is null or ${chefProfiles.hourlyRateMin} >= ${query.minRate}::numeric)`,
    );
  if (query.maxRate !== undefined)
    conditions.push(
      sql`(${chefProfiles.hourlyRateMin} is null or ${chefProfiles.hourlyRateMin} <= ${query.maxRate}::numeric)`,
    );
  if (query.city) conditions.push(eq(chefProfiles.city, query.city));
  const distance = origin
    ? sql<number>`${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(sqrt(power(sin(radians(${chefProfiles.latitude} - ${origin.lat}::float8) / 2), 2) + cos(radians(${origin.lat}::float8)) * cos(radians(${chefProfiles.latitude})) * power(sin(radians(${chefProfiles.longitude} - ${origin.lon}::float8) / 2), 2)))`
    : sql<number>`null`;
  if (origin) {
    const radius = query.radius ?? DEFAULT_CHEF_SEARCH_RADIUS;
    // Cheap bounding box first (one degree of latitude is about 69 miles), exact distance after.
    const dLat = radius / 69;
    conditions.push(
      sql`${chefProfiles.latitude} between ${origin.lat - dLat}::float8 and ${origin.lat + dLat}::float8`,
    );
    conditions.push(sql`${distance} <= ${radius}::float8`);
  }
  const rows = await ctx.database.db
    .select({ chef: chefProfiles, distance })
    .from(chefProfiles)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(
      origin ? distance : sql`1`,
      sql`${chefProfiles.totalRatings} desc`,
      chefProfiles.name,
      chefProfiles.id, // a total order, so pages never repeat or skip a chef
    )
    .limit(query.limit ?? 100)
    .offset(query.offset ?? 0);
  const chefs = rows.map((r) => ({
    ...toChefProfile(r.chef),
    distance_miles:
      r.distance === null || r.distance === undefined ? null : Math.round(Number(r.distance) * 10) / 10,
  }));
  return { chefs: await withChefReliability(ctx, chefs) };
}
