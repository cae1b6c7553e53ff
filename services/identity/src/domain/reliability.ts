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

/** Counts per kind: all time, and since the start of the recent window. */
export interface ReliabilityCounts {
  all: Partial<Record<ReliabilityKind, number>>;
  recent: Partial<Record<ReliabilityKind, number>>;
}

/** Where "the last 90 days" starts: a fact older than that counts all time only. */
export function recentWindowStart(now: Date, days = RELIABILITY_WINDOW_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function pick<K extends ReliabilityKind>(
  kinds: readonly K[],
  from: Partial<Record<ReliabilityKind, number>>,
) {
  return Object.fromEntries(kinds.map((k) => [k, from[k] ?? 0])) as Record<K, number>;
}

const NONE: ReliabilityCounts = { all: {}, recent: {} };

/** A chef's record: completed shifts, late cancellations, no-shows, all time and in the last 90 days. */
export function chefReliability(counts: ReliabilityCounts = NONE): ChefReliability {
  return { ...pick(CHEF_RELIABILITY, counts.all), last_90_days: pick(CHEF_RELIABILITY, counts.recent) };
}

/** A restaurant's record: completed shifts, late cancellations, disputes lost, all time and in the last 90 days. */
export function restaurantReliability(counts: ReliabilityCounts = NONE): RestaurantReliability {
  return {
    ...pick(RESTAURANT_RELIABILITY, counts.all),
    last_90_days: pick(RESTAURANT_RELIABILITY, counts.recent),
  };
}
