import { CITIES, CITY_NAMES, type CityName } from './constants';
import { ZIP_CENTROIDS } from './zip-centroids';

/** Miles per radian of the earth (mean radius): great-circle distances in miles. */
export const EARTH_RADIUS_MILES = 3958.8;

export interface Point {
  lat: number;
  lon: number;
}

/** Great-circle (haversine) distance in miles, the same formula the services run in SQL. */
export function milesBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A box of latitudes and longitudes that holds every point within `miles` of `origin` (for an index to find the
 * candidates of a distance read; the exact distance decides after). A degree of latitude is at least 68.7 miles; a
 * degree of longitude is that times cos(latitude), smallest at the box's edge farthest from the equator. Sound for
 * distances far below the origin's distance to a pole (every use here: tens of miles, in the service area).
 */
export function boxAround(origin: Point, miles: number) {
  const dLat = miles / 68.7;
  const farLat = Math.min(89, Math.abs(origin.lat) + dLat);
  const dLon = Math.min(180, miles / (68.7 * Math.cos((farLat * Math.PI) / 180)));
  return {
    latMin: origin.lat - dLat,
    latMax: origin.lat + dLat,
    lonMin: origin.lon - dLon,
    lonMax: origin.lon + dLon,
  };
}

/** Distances as the APIs answer them: miles to one decimal. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** How far from its city's centre a home (a ZIP's centre or a chef's location) may be: the ZIPs listed reach this far. */
export const HOME_AREA_MILES = 45;

/**
 * A place recorded from a browser's position ("use my location") is kept to this many decimals of a degree:
 * 0.01 degree is 1.1 km north-south and 0.8 km east-west here, so distances stay right to within half a mile
 * while the chef's street is never stored, and chefs of one such square share their openings list (ADR 22).
 */
export const LOCATION_DECIMALS = 2;

/**
 * The ZIP code a text names: a 5-digit ZIP alone ("55408", "55408-1234") or at the end of an address ("212 N 1st
 * Ave, Minneapolis, MN 55401"). The last 5-digit group wins (a street number comes first). Null without one.
 */
export function zipIn(text: string | null | undefined): string | null {
  const found = text ? [...text.matchAll(/(?<![\d-])(\d{5})(?:-\d{4})?(?!\d)/g)] : [];
  return found.length > 0 ? found[found.length - 1][1] : null;
}

/** Where a ZIP of the service area lies (its centre, `ZIP_CENTROIDS`) and its city, or null for one not listed. */
export function zipPlace(zip: string | null | undefined): (Point & { city: CityName }) | null {
  const code = zipIn(zip);
  if (!code) return null;
  for (const city of CITY_NAMES) {
    const point = ZIP_CENTROIDS[city][code];
    if (point) return { city, lat: point[0], lon: point[1] };
  }
  return null;
}

/** A ZIP of the service area in this city (its centre), or null. */
export function zipLocation(zip: string | null | undefined, city: string): Point | null {
  const place = zipPlace(zip);
  return place && place.city === city ? { lat: place.lat, lon: place.lon } : null;
}

/**
 * A restaurant's pin (issue 34, "I am at the restaurant now"): the browser's position is kept only when it is
 * known to within this many metres; a vaguer one would not tell the kitchen from the street behind it. It is the
 * clock-in geofence's default radius (GEOFENCE_METERS, 250): a pin vaguer than the fence would make the fence
 * meaningless. After the timesheet foundation is merged this should read GEOFENCE_METERS from the policy.
 */
export const PIN_ACCURACY_METERS = 250;

/**
 * A restaurant's pin is kept to this many decimals of a degree: 0.00001 degree is about 1 m, finer than any
 * browser's position, so the pin is the position sent (without the float noise of its last digits).
 */
export const PIN_DECIMALS = 5;

/** A browser's position as it is kept: rounded to `LOCATION_DECIMALS`. */
export function roundedLocation(point: Point): Point {
  const f = 10 ** LOCATION_DECIMALS;
  return { lat: Math.round(point.lat * f) / f, lon: Math.round(point.lon * f) / f };
}

/** Whether a point is within `HOME_AREA_MILES` of this city's centre. */
export function withinCityArea(point: Point, city: string): boolean {
  const centre = cityCentre(city);
  return centre !== null && milesBetween(point, centre) <= HOME_AREA_MILES;
}

/** A city's centre (where a chef of that city is placed), or null for a city outside the service area. */
export function cityCentre(city: string | null | undefined): Point | null {
  const c = city ? CITIES[city as CityName] : undefined;
  return c ? { lat: c.latitude, lon: c.longitude } : null;
}
