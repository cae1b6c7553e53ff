import {
  CITIES,
  cityCentre,
  DEFAULT_TRAVEL_RADIUS,
  EARTH_RADIUS_MILES,
  type Point,
} from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';

/**
 * Where a chef looks for shifts (from identity's profile events): their home (a ZIP's centre or their location to
 * 0.01 degree, issue 32) or, without one, their city's centre; their city and their travel radius.
 */
export interface ChefPlace extends Point {
  city: string;
  radiusMiles: number;
  /** The point is the chef's home, not their city's centre. */
  home: boolean;
}

/** A city's centre as SQL (null outside the service area): rows recorded before coordinates were kept. */
function cityCentreSql(city: SQL, axis: 'latitude' | 'longitude'): SQL {
  const cases = Object.entries(CITIES).map(([name, c]) => sql`when ${name} then ${c[axis]}::float8`);
  return sql`(case ${city} ${sql.join(cases, sql` `)} end)`;
}

/** The restaurant's place in a join aliased `rp`: its coordinates, else its city's centre. */
const restaurantLat = sql`coalesce(rp.latitude, ${cityCentreSql(sql`rp.city`, 'latitude')})`;
const restaurantLon = sql`coalesce(rp.longitude, ${cityCentreSql(sql`rp.city`, 'longitude')})`;

/** Great-circle miles from `origin` to the restaurant of the joined `rp` row (null when it has no place). */
export function milesToRestaurant(origin: Point): SQL<number | null> {
  return sql<number | null>`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin(radians(${restaurantLat} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${restaurantLat}))
      * power(sin(radians(${restaurantLon} - ${origin.lon}::float8) / 2), 2))))`;
}

/** The chef's place, or null when jobs does not know their profile (or their city) yet. */
export async function chefPlace(database: Database, chefId: string): Promise<ChefPlace | null> {
  const rows = await database.rows<{
    city: string | null;
    latitude: number | string | null;
    longitude: number | string | null;
    travel_radius: number | string | null;
    home: boolean;
  }>(
    sql`select city, latitude, longitude, travel_radius, home from jobs.chef_profiles where user_id = ${chefId}`,
    undefined,
    { prepared: true },
  );
  const row = rows[0];
  if (!row?.city) return null;
  const point =
    row.latitude !== null && row.longitude !== null
      ? { lat: Number(row.latitude), lon: Number(row.longitude) }
      : cityCentre(row.city);
  if (!point) return null;
  return {
    ...point,
    city: row.city,
    radiusMiles: Number(row.travel_radius ?? DEFAULT_TRAVEL_RADIUS),
    home: row.home === true && row.latitude !== null && row.longitude !== null,
  };
}
