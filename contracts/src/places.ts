import { CITIES, type CityName } from './constants';

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

/** Distances as the APIs answer them: miles to one decimal. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/**
 * Where the ZIP codes of the service area lie (approximate centres, within about half a mile), so that a
 * restaurant that gives its ZIP is placed in its neighbourhood rather than at its city's centre, and chefs see
 * how far each shift really is. A ZIP not listed leaves the restaurant at its city's centre.
 */
export const SERVICE_AREA_ZIPS: Record<string, { city: CityName; lat: number; lon: number }> = {
  // Minneapolis
  '55401': { city: 'Minneapolis', lat: 44.985, lon: -93.27 },
  '55402': { city: 'Minneapolis', lat: 44.976, lon: -93.271 },
  '55403': { city: 'Minneapolis', lat: 44.97, lon: -93.287 },
  '55404': { city: 'Minneapolis', lat: 44.961, lon: -93.264 },
  '55405': { city: 'Minneapolis', lat: 44.97, lon: -93.304 },
  '55406': { city: 'Minneapolis', lat: 44.938, lon: -93.221 },
  '55407': { city: 'Minneapolis', lat: 44.937, lon: -93.253 },
  '55408': { city: 'Minneapolis', lat: 44.947, lon: -93.287 },
  '55409': { city: 'Minneapolis', lat: 44.926, lon: -93.282 },
  '55410': { city: 'Minneapolis', lat: 44.912, lon: -93.318 },
  '55411': { city: 'Minneapolis', lat: 44.999, lon: -93.3 },
  '55412': { city: 'Minneapolis', lat: 45.024, lon: -93.302 },
  '55413': { city: 'Minneapolis', lat: 44.995, lon: -93.255 },
  '55414': { city: 'Minneapolis', lat: 44.978, lon: -93.22 },
  '55415': { city: 'Minneapolis', lat: 44.975, lon: -93.258 },
  '55417': { city: 'Minneapolis', lat: 44.905, lon: -93.236 },
  '55418': { city: 'Minneapolis', lat: 45.019, lon: -93.241 },
  '55419': { city: 'Minneapolis', lat: 44.904, lon: -93.289 },
  '55454': { city: 'Minneapolis', lat: 44.969, lon: -93.243 },
  '55455': { city: 'Minneapolis', lat: 44.973, lon: -93.235 },
  // Detroit
  '48201': { city: 'Detroit', lat: 42.347, lon: -83.06 },
  '48202': { city: 'Detroit', lat: 42.374, lon: -83.077 },
  '48204': { city: 'Detroit', lat: 42.366, lon: -83.143 },
  '48205': { city: 'Detroit', lat: 42.431, lon: -82.982 },
  '48206': { city: 'Detroit', lat: 42.375, lon: -83.108 },
  '48207': { city: 'Detroit', lat: 42.348, lon: -83.025 },
  '48208': { city: 'Detroit', lat: 42.349, lon: -83.092 },
  '48209': { city: 'Detroit', lat: 42.31, lon: -83.116 },
  '48210': { city: 'Detroit', lat: 42.337, lon: -83.13 },
  '48211': { city: 'Detroit', lat: 42.381, lon: -83.043 },
  '48213': { city: 'Detroit', lat: 42.399, lon: -82.993 },
  '48214': { city: 'Detroit', lat: 42.367, lon: -82.995 },
  '48215': { city: 'Detroit', lat: 42.374, lon: -82.952 },
  '48216': { city: 'Detroit', lat: 42.327, lon: -83.078 },
  '48217': { city: 'Detroit', lat: 42.278, lon: -83.154 },
  '48219': { city: 'Detroit', lat: 42.425, lon: -83.252 },
  '48221': { city: 'Detroit', lat: 42.427, lon: -83.148 },
  '48223': { city: 'Detroit', lat: 42.394, lon: -83.246 },
  '48224': { city: 'Detroit', lat: 42.41, lon: -82.942 },
  '48226': { city: 'Detroit', lat: 42.332, lon: -83.048 },
  '48227': { city: 'Detroit', lat: 42.388, lon: -83.193 },
  '48228': { city: 'Detroit', lat: 42.356, lon: -83.216 },
  '48234': { city: 'Detroit', lat: 42.434, lon: -83.04 },
  '48235': { city: 'Detroit', lat: 42.427, lon: -83.195 },
  '48238': { city: 'Detroit', lat: 42.396, lon: -83.141 },
};

/** A ZIP of the service area in this city (its centre), or null. */
export function zipLocation(zip: string | null | undefined, city: string): Point | null {
  const place = zip ? SERVICE_AREA_ZIPS[zip.trim().slice(0, 5)] : undefined;
  return place && place.city === city ? { lat: place.lat, lon: place.lon } : null;
}

/** A city's centre (where a chef of that city is placed), or null for a city outside the service area. */
export function cityCentre(city: string | null | undefined): Point | null {
  const c = city ? CITIES[city as CityName] : undefined;
  return c ? { lat: c.latitude, lon: c.longitude } : null;
}
