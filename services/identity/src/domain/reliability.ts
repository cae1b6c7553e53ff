import {
  CHEF_RELIABILITY,
  RELIABILITY_WINDOW_DAYS,
  RESTAURANT_RELIABILITY,
  type identityHttp,
  type ReliabilityKind,
} from '@brigade/contracts';
import type { z } from 'zod';

type ChefReliability = z.infer<typeof identityHttp.ChefProfile>['reliability'];
type RestaurantReliability = z.infer<typeof identityHttp.RestaurantProfile>['reliability'];

const DAY_MS = 86_400_000;

/** What the counts group facts by: their kind, or `removed_on_appeal` once removed on appeal (issue 39). */
export type CountedKind = ReliabilityKind | 'removed_on_appeal';

/** Counts per kind: all time, and since the start of the recent window. */
export interface ReliabilityCounts {
  all: Partial<Record<CountedKind, number>>;
  recent: Partial<Record<CountedKind, number>>;
}

/** Where "the last 90 days" starts: a fact older than that counts all time only. */
export function recentWindowStart(now: Date, days = RELIABILITY_WINDOW_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function pick<K extends ReliabilityKind>(kinds: readonly K[], from: Partial<Record<CountedKind, number>>) {
  return Object.fromEntries(kinds.map((k) => [k, from[k] ?? 0])) as Record<K, number>;
}

const NONE: ReliabilityCounts = { all: {}, recent: {} };

/**
 * A chef's record: completed shifts, late cancellations, no-shows, all time and in the last 90 days, and the marks
 * removed on appeal (counted in none of them).
 */
export function chefReliability(counts: ReliabilityCounts = NONE): ChefReliability {
  return {
    ...pick(CHEF_RELIABILITY, counts.all),
    last_90_days: pick(CHEF_RELIABILITY, counts.recent),
    removed_on_appeal: counts.all.removed_on_appeal ?? 0,
  };
}

/** A restaurant's record: completed shifts, late cancellations, disputes lost, all time and in the last 90 days. */
export function restaurantReliability(counts: ReliabilityCounts = NONE): RestaurantReliability {
  return {
    ...pick(RESTAURANT_RELIABILITY, counts.all),
    last_90_days: pick(RESTAURANT_RELIABILITY, counts.recent),
    removed_on_appeal: counts.all.removed_on_appeal ?? 0,
  };
}
