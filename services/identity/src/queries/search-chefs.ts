import { DEFAULT_CHEF_SEARCH_RADIUS, RELIABILITY_WINDOW_DAYS, type identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { chefSearchStart, searchChefProfiles, type ChefSearchRow } from '../db/profiles.repository';
import { toChefProfile } from '../domain/serialize';
import { chefReliability, recentWindowStart, type ReliabilityCounts } from '../domain/reliability';
import type { IdentityContext } from '../context';
import { countingTypes, soonestEnd } from './credential-views';

type Query = z.infer<typeof identityHttp.ChefSearchQuery>;

const DAY_MS = 86_400_000;

function countsOf(row: ChefSearchRow): ReliabilityCounts {
  const counts: ReliabilityCounts = { all: {}, recent: {} };
  for (const [kind, all, recent] of row.counts) {
    counts.all[kind as keyof ReliabilityCounts['all']] = Number(all);
    counts.recent[kind as keyof ReliabilityCounts['recent']] = Number(recent);
  }
  return counts;
}

/**
 * Chefs with any of the chosen skills, whose minimum rate fits the range, within `radius` miles of the
 * searching restaurant (its coordinates; 25 miles by default). Nearest first, then best rated; `limit` and
 * `offset` page through them. Answers the JSON body (`{ chefs }`).
 *
 * A search costs one round trip when an answer to the same search from the same place is kept at the
 * current chef search version (ADR 16), two otherwise: the place and version, then the page with each chef's
 * reliability counts in one statement.
 */
export async function searchChefs(
  ctx: IdentityContext,
  viewer: { id: string; type: string },
  query: Query,
): Promise<string> {
  const start = await chefSearchStart(ctx.database, viewer.id);
  const origin = viewer.type === 'restaurant' ? start.origin : null;
  const search = {
    skills: query.skills,
    minRate: query.minRate,
    maxRate: query.maxRate,
    city: query.city,
    origin,
    radius: query.radius ?? DEFAULT_CHEF_SEARCH_RADIUS,
    limit: query.limit ?? 100,
    offset: query.offset ?? 0,
  };
  const key = JSON.stringify(search);
  const now = ctx.now().getTime();
  const answers = ctx.chefSearchAnswers;
  const kept = answers?.get(start.version, key, now);
  if (kept !== undefined) return kept;

  const rows = await searchChefProfiles(ctx.database, {
    ...search,
    recentSince: recentWindowStart(new Date(now)),
  });
  // Issue 39: a chef's badges are the verified credentials that count now (in the chef's city's zone).
  const at = new Date(now);
  const held = (r: (typeof rows)[number]) => r.credentials.map(([type, expiresOn]) => ({ type, expiresOn }));
  const chefs = rows.map((r) => ({
    ...toChefProfile(r.chef),
    distance_miles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    reliability: chefReliability(countsOf(r)),
    verified_credentials: countingTypes(r.chef.city, held(r), at),
  }));
  const body = JSON.stringify({ chefs });
  // The answer changes without any write when a chef's oldest recent fact leaves the last 90 days.
  // So does a badge, the day its credential expires.
  const expiresAt = Math.min(
    ...rows.map((r) =>
      r.oldestRecent ? r.oldestRecent.getTime() + RELIABILITY_WINDOW_DAYS * DAY_MS : Infinity,
    ),
    ...rows.map((r) => soonestEnd(r.chef.city, held(r), at)),
  );
  answers?.set(start.version, key, body, expiresAt);
  return body;
}
