import { cityCentre, DEFAULT_TRAVEL_RADIUS, type Point } from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import { milesBetween, restaurantLat, restaurantLon } from '../db/distance';

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

/** Great-circle miles from `origin` to the restaurant of the joined `rp` row (null when it has no place). */
export function milesToRestaurant(origin: Point): SQL<number | null> {
  return milesBetween(sql`${origin.lat}::float8`, sql`${origin.lon}::float8`, restaurantLat, restaurantLon);
}

/** The chef's place, or null when jobs does not know their profile (or their city) yet. */
export async function chefPlace(database: Database, chefId: string): Promise<ChefPlace | null> {
  const rows = await database.rows<PlaceRow>(
    sql`select city, latitude, longitude, travel_radius, home from jobs.chef_profiles where user_id = ${chefId}`,
    undefined,
    { prepared: true },
  );
  return placeOf(rows[0]);
}

/**
 * The chef's place and whether any block keeps them apart from a restaurant (issue 37: such a chef is answered
 * their own openings, never the audience's shared body), in one statement: the shared poll reads it each time.
 */
export async function chefAudience(
  database: Database,
  chefId: string,
): Promise<{ place: ChefPlace | null; blocked: boolean }> {
  const rows = await database.rows<PlaceRow & { blocked: boolean }>(
    sql`select cp.city, cp.latitude, cp.longitude, cp.travel_radius, cp.home,
          exists (select 1 from jobs.blocks b where b.chef_id = ${chefId}) as blocked
        from (select 1) one left join jobs.chef_profiles cp on cp.user_id = ${chefId}`,
    undefined,
    { prepared: true },
  );
  return { place: placeOf(rows[0]), blocked: rows[0]?.blocked === true };
}

interface PlaceRow {
  city: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  travel_radius: number | string | null;
  home: boolean | null;
}

function placeOf(row: PlaceRow | undefined): ChefPlace | null {
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
