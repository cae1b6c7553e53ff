import type { jobsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { sql, type Database } from '@brigade/kit';
import { toJson, type ChefProfileJson } from '../db/rows';
import { presentChef } from './presenters';
import { withReliability, type ViewContext } from './view-context';

type Favorite = z.infer<typeof jobsHttp.Favorite>;

/** A roster row with its chef's profile (to_jsonb) and the stats of their shifts for this restaurant. */
interface FavoriteRow {
  id: string;
  chef_id: string;
  chef_profile_id: string;
  created_at: Date | string;
  cp: unknown;
  shifts_completed: number | string;
  average_rating: number | string | null;
  last_worked: Date | string | null;
}

export async function isFavorite(database: Database, restaurantId: string, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from jobs.favorites where restaurant_id = ${restaurantId} and (chef_profile_id = ${id} or chef_id = ${id}) limit 1`,
  );
  return rows.length > 0;
}

const ORDER = {
  recent: sql`last_worked desc nulls last, f.created_at desc`,
  frequency: sql`shifts_completed desc, last_worked desc nulls last, f.created_at desc`,
  rating: sql`average_rating desc nulls last, shifts_completed desc, f.created_at desc`,
} as const;

/**
 * The roster with stats from real shifts this chef completed for this restaurant (jobs completed and paid
 * out: nobody said the work was not done, whether both answered or the checkout deadline decided; the chef
 * was the confirmed applicant): count, average of the restaurant's ratings, end of the latest one. Each chef
 * card carries the chef's reliability record.
 */
export async function listFavorites(
  ctx: ViewContext,
  restaurantId: string,
  sortBy: keyof typeof ORDER = 'recent',
  favoriteId?: string,
): Promise<Favorite[]> {
  const rows = await ctx.database.rows<FavoriteRow>(sql`
    select f.id, f.chef_id, f.chef_profile_id, f.created_at, to_jsonb(cp) as cp,
      coalesce(s.shifts_completed, 0) as shifts_completed, s.average_rating, s.last_worked
    from jobs.favorites f
    left join jobs.chef_profiles cp on cp.user_id = f.chef_id
    left join lateral (
      select count(*)::int as shifts_completed, avg(st.chef_rating)::float8 as average_rating, max(j.end_time) as last_worked
      from jobs.applications a join jobs.jobs j on j.id = a.job_id
        join jobs.seats st on st.job_id = j.id and st.application_id = a.id
      where a.chef_id = f.chef_id and j.restaurant_id = f.restaurant_id
        and a.status = 'accepted' and a.worker_confirmed = true
        and st.status = 'completed' and st.restaurant_work_completed is distinct from false
        and st.chef_work_completed is distinct from false
    ) s on true
    where f.restaurant_id = ${restaurantId} ${favoriteId ? sql`and f.id = ${favoriteId}` : sql``}
    order by ${ORDER[sortBy]}`);
  const favorites = rows.map((r) => ({
    id: r.id,
    chef_id: r.chef_id,
    chef_profile_id: r.chef_profile_id,
    chef_profiles: presentChef(toJson<ChefProfileJson | null>(r.cp, null)),
    stats: {
      shiftsCompleted: Number(r.shifts_completed),
      averageRating: r.average_rating === null ? null : Math.round(Number(r.average_rating) * 100) / 100,
      lastWorked: r.last_worked ? new Date(r.last_worked).toISOString() : null,
    },
    created_at: new Date(r.created_at).toISOString(),
  }));
  return withReliability(ctx, favorites);
}
