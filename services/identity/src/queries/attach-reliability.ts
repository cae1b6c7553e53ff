import { chefReliability, recentWindowStart, restaurantReliability } from '../domain/reliability';
import { reliabilityCounts } from '../db/reliability.repository';
import type { IdentityContext } from '../context';

// Each profile response carries its reliability record (issue 16): counts of the facts jobs announced, all time
// and in the last 90 days as of now. One query for any number of profiles (a page of search results).

async function countsOf(ctx: IdentityContext, profiles: Array<{ user_id: string }>) {
  return reliabilityCounts(
    ctx.database,
    profiles.map((p) => p.user_id),
    recentWindowStart(new Date()),
  );
}

export async function withChefReliability<P extends { user_id: string }>(
  ctx: IdentityContext,
  profiles: P[],
) {
  const counts = await countsOf(ctx, profiles);
  return profiles.map((p) => ({ ...p, reliability: chefReliability(counts.get(p.user_id)) }));
}

export async function withRestaurantReliability<P extends { user_id: string }>(
  ctx: IdentityContext,
  profiles: P[],
) {
  const counts = await countsOf(ctx, profiles);
  return profiles.map((p) => ({ ...p, reliability: restaurantReliability(counts.get(p.user_id)) }));
}
