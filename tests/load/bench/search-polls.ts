import { randomBytes } from 'node:crypto';
import { CITIES, CITY_NAMES, milesBetween, SKILLS, type CityName } from '@brigade/contracts';
import { ZIP_CENTROIDS } from '../../../contracts/src/zip-centroids';
import { scenarios } from '../scenarios.js';
import { createAccounts, type Account } from '../lib/accounts';
import { cannon, type Figure, type Target } from '../lib/measure';
import { pollRow } from './poll-rows';
import { auth, type BenchRun } from './run';
import { COUNTS, log, SECONDS } from './settings';

/** Issue 41's searching restaurants: this many, each at its own ZIP and with its own filters. */
export const SEARCHING_RESTAURANTS = 50;
/** Their ZIPs lie within this many miles of their city's centre, where the seed's chefs live (±17 miles). */
const ZIP_WITHIN_MILES = 12;

/**
 * The ZIPs the searching restaurants stand at: each city's ZIPs within ZIP_WITHIN_MILES of its centre, nearest
 * first, taken in turn from both cities and spread over each list (every k-th), so no two restaurants share one.
 */
export function searchingPlaces(n: number): Array<{ city: CityName; zip: string }> {
  const byCity = CITY_NAMES.map((city) => {
    const centre = { lat: CITIES[city].latitude, lon: CITIES[city].longitude };
    const zips = Object.entries(ZIP_CENTROIDS[city])
      .map(([zip, [lat, lon]]) => ({ zip, miles: milesBetween(centre, { lat, lon }) }))
      .filter((z) => z.miles <= ZIP_WITHIN_MILES)
      .sort((a, b) => a.miles - b.miles || a.zip.localeCompare(b.zip));
    return { city, zips };
  });
  const perCity = Math.ceil(n / byCity.length);
  return Array.from({ length: n }, (_, i) => {
    const { city, zips } = byCity[i % byCity.length];
    const k = Math.floor(i / byCity.length);
    const step = Math.max(1, Math.floor(zips.length / perCity));
    if (zips.length < perCity)
      throw new Error(`${city} has ${zips.length} ZIPs within ${ZIP_WITHIN_MILES} miles`);
    return { city, zip: zips[(k * step) % zips.length].zip };
  });
}

/** A restaurant's own search (issue 41: "50 restaurants, different filters"), its radius the base of each search. */
export interface SearchFilters {
  skills: string[];
  minRate?: number;
  maxRate?: number;
  radius: number;
  offset: number;
}

/**
 * The k-th searching restaurant's filters, as restaurants ask them: one to three positions of the catalog (the
 * common ones most often), a rate range for one in four, a radius of 5 to 59 miles, and the second page ("Show more
 * chefs") for one in five.
 */
export function searchFiltersOf(k: number): SearchFilters {
  // the first skill: one of the six most asked for every other restaurant, any of the catalog's for the rest
  const first = k % 2 === 0 ? SKILLS[(k / 2) % 6] : SKILLS[k % SKILLS.length];
  const more = Array.from({ length: k % 3 }, (_, j) => SKILLS[(k * 7 + (j + 1) * 11) % SKILLS.length]);
  return {
    skills: [...new Set([first, ...more])],
    ...(k % 4 === 1 ? { minRate: 15 + (k % 10), maxRate: 35 + (k % 15) } : {}),
    radius: [5, 10, 15, 25, 40, 55][k % 6] + (k % 5),
    offset: k % 5 === 4 ? 25 : 0,
  };
}

/** The API path of one search: `filters` with its radius `radiusDelta` miles wider (so no kept answer holds it). */
export function searchPath(filters: SearchFilters, radiusDelta: number): string {
  const q = new URLSearchParams({ skills: JSON.stringify(filters.skills) });
  if (filters.minRate !== undefined) q.set('minRate', String(filters.minRate));
  if (filters.maxRate !== undefined) q.set('maxRate', String(filters.maxRate));
  q.set('radius', (filters.radius + radiusDelta).toFixed(3));
  q.set('limit', '25');
  if (filters.offset > 0) q.set('offset', String(filters.offset));
  return `/api/profiles/chefs?${q}`;
}

/**
 * The run's searching restaurants: its driving restaurants (at their cities' centres) and as many more as make
 * SEARCHING_RESTAURANTS, made through the API at their own ZIPs.
 */
export async function searchingRestaurants(run: Pick<BenchRun, 'api' | 'accounts'>): Promise<Account[]> {
  const more = SEARCHING_RESTAURANTS - run.accounts.restaurants.length;
  if (more <= 0) return run.accounts.restaurants.slice(0, SEARCHING_RESTAURANTS);
  const places = searchingPlaces(more);
  const made = await createAccounts(
    run.api,
    `search_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`,
    { restaurants: more, chefs: 0 },
    {
      from: COUNTS.restaurants + COUNTS.chefs,
      restaurantPlace: (i) => ({ city: places[i].city, address: `${200 + i} Market St, ${places[i].zip}` }),
    },
  );
  return [...run.accounts.restaurants, ...made.restaurants];
}

/** The scenario's searches from each restaurant, in their weights (repeated: kept answers after the first). */
export function scenarioSearchTargets(restaurants: Account[], prefix = '/api'): Target[] {
  return restaurants.flatMap((r) =>
    scenarios.chefSearch.requests.flatMap((q) =>
      Array.from({ length: q.weight }, () => ({ path: `${prefix}${q.path}`, headers: auth(r) })),
    ),
  );
}

/**
 * Issue 41's searches: each searching restaurant's own filters in turn, each time a thousandth of a mile wider than
 * that restaurant's last (so no kept answer holds one), `radiusFrom` miles added to every radius (a later run over
 * the same product starts where no earlier one went). `prefix` is the path's start: `/api` through the gateway.
 */
export function ownSearchTargets(searching: Account[], prefix = '/api', radiusFrom = 0): Target[] {
  const filters = searching.map((_, k) => searchFiltersOf(k));
  return Array.from({ length: 40_000 }, (_, n) => {
    const k = n % searching.length;
    const path = searchPath(filters[k], radiusFrom + Math.floor(n / searching.length) / 1000);
    return { path: `${prefix}${path.slice('/api'.length)}`, headers: auth(searching[k]) };
  });
}

/** Chef search: the scenario's repeated searches (kept answers after the first) and every search new. */
export async function measureSearch(run: BenchRun, bare200: Figure) {
  const { product, accounts, rows } = run;
  const runTargets = (targetsList: Parameters<typeof cannon>[1], expect: number) =>
    cannon(product.url, targetsList, { connections: 50, seconds: SECONDS, expect });
  const addPoll = (...args: Parameters<typeof pollRow>) => rows.push(pollRow(...args));
  const search = await runTargets(scenarioSearchTargets(accounts.restaurants), 200);
  addPoll('chef_search', 'chefSearch', '200', search, search.rps / bare200.rps);
  log(`chef search: ${search.rps}/s p99 ${search.p99} ms`);
  // The scenario's two searches as no kept answer holds them (ADR 16), in its proportions (three broad, one
  // dishwasher with rates): the radius a thousandth of a mile apart each time (15 to 55 miles), so every search is
  // new to identity and reads its database; no warm-up (it would make the first searches of the run kept ones).
  // The row above repeats them from two places, as restaurants of one place asking the same skills do, and is
  // answered from kept answers after the first.
  const [broad, dishwasher] = scenarios.chefSearch.requests.map((q) => q.path);
  const freshTargets = Array.from({ length: 40_000 }, (_, n) => ({
    path: `/api${(n % 4 === 3 ? dishwasher : broad).replace(/radius=[\d.]+/, `radius=${(15 + n / 1000).toFixed(3)}`)}`,
    headers: auth(accounts.restaurants[n % accounts.restaurants.length]),
  }));
  const fresh = await cannon(product.url, freshTargets, {
    connections: 50,
    seconds: SECONDS,
    expect: 200,
    warmupSeconds: 0,
  });
  rows.push({
    key: 'chef_search_fresh',
    title: 'Chef search, every search new (no kept answer)',
    figure: fresh,
    vsBare: fresh.rps / bare200.rps,
    target: 'diagnostic: kept answers miss',
    met: null,
  });
  log(`chef search, every search new: ${fresh.rps}/s p99 ${fresh.p99} ms`);

  // Issue 41's row: 50 restaurants, each at its own place (the driving ten at their cities' centres, forty more at
  // ZIPs around them) and with its own filters, every search new (the radius a thousandth of a mile wider each
  // time a restaurant asks again).
  const t0 = Date.now();
  const searching = await searchingRestaurants(run);
  log(`${searching.length} searching restaurants ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const own = await cannon(product.url, ownSearchTargets(searching), {
    connections: 50,
    seconds: SECONDS,
    expect: 200,
    warmupSeconds: 0,
  });
  rows.push({
    key: 'chef_search_own',
    title: 'Chef search, 50 restaurants, own filters, every search new',
    figure: own,
    vsBare: own.rps / bare200.rps,
    target: 'p99<50 ms, 0 errors',
    met: own.p99 < 50 && own.errors === 0,
  });
  log(`chef search, 50 restaurants with their own filters, every search new: ${own.rps}/s p99 ${own.p99} ms`);
}
