import { DEFAULT_CHEF_SEARCH_RADIUS, type identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { restaurantLocation, searchChefProfiles } from '../db/profiles.repository';
import { toChefProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { withChefReliability } from './attach-reliability';

type Query = z.infer<typeof identityHttp.ChefSearchQuery>;

/**
 * Chefs with any of the chosen skills, whose minimum rate fits the range, within `radius` miles of the
 * searching restaurant (its coordinates; 25 miles by default). Nearest first, then best rated; `limit` and
 * `offset` page through them.
 */
export async function searchChefs(ctx: IdentityContext, viewer: { id: string; type: string }, query: Query) {
  const origin = viewer.type === 'restaurant' ? await restaurantLocation(ctx.database, viewer.id) : null;
  const rows = await searchChefProfiles(ctx.database, {
    skills: query.skills,
    minRate: query.minRate,
    maxRate: query.maxRate,
    city: query.city,
    origin,
    radius: query.radius ?? DEFAULT_CHEF_SEARCH_RADIUS,
    limit: query.limit ?? 100,
    offset: query.offset ?? 0,
  });
  const chefs = rows.map((r) => ({
    ...toChefProfile(r.chef),
    distance_miles:
      r.distance === null || r.distance === undefined ? null : Math.round(Number(r.distance) * 10) / 10,
  }));
  return { chefs: await withChefReliability(ctx, chefs) };
}
