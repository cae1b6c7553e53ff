import { CITIES, EARTH_RADIUS_MILES } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';

// Distances in SQL, one definition for every read that measures them: the chefs' openings (queries/places.ts,
// job-views) and who is texted about a shift (alerts.repository.ts).

/** A city's centre as SQL (null outside the service area): rows recorded before coordinates were kept. */
export function cityCentreSql(city: SQL, axis: 'latitude' | 'longitude'): SQL {
  const cases = Object.entries(CITIES).map(([name, c]) => sql`when ${name} then ${c[axis]}::float8`);
  return sql`(case ${city} ${sql.join(cases, sql` `)} end)`;
}

/** The restaurant's place in a join aliased `rp`: its coordinates, else its city's centre. */
export const restaurantLat = sql`coalesce(rp.latitude, ${cityCentreSql(sql`rp.city`, 'latitude')})`;
export const restaurantLon = sql`coalesce(rp.longitude, ${cityCentreSql(sql`rp.city`, 'longitude')})`;

/**
 * Whether a point at `lat` may lie within `miles` of `origin`: its latitude alone is close enough. A great circle
 * between two points is at least as long as their difference in latitude (EARTH_RADIUS_MILES x the radians), so
 * this never leaves out a point `milesBetween` would keep; it is a cheap comparison that spares the trigonometry
 * of the points it leaves out (another city's shifts). An unknown `lat` passes.
 */
export function latitudeWithin(lat: SQL, originLat: number, miles: number): SQL<boolean> {
  const degrees = (miles / ((EARTH_RADIUS_MILES * Math.PI) / 180)) * (1 + 1e-9);
  return sql<boolean>`(${lat} is null or abs(${lat} - ${originLat}::float8) <= ${degrees}::float8)`;
}

/** Great-circle miles between two SQL points (the haversine; null when either is unknown). */
export function milesBetween(lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL): SQL<number | null> {
  return sql<number | null>`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2))))`;
}
