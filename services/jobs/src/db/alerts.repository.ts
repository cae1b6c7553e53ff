import { DEFAULT_TRAVEL_RADIUS } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { InRange } from '../domain/alerts';
import { cityCentreSql, milesBetween, restaurantLat, restaurantLon } from './distance';
import { toJson } from './rows';
import { holdsCredentials } from './credentials.repository';

// Issue 37: who may be texted about a shift. Two reads per occasion: the chefs the restaurant or the shift named
// (favorites, standby) and the chefs in range, nearest first, a page at a time (choose-alerts.ts decides).

/** What the restaurant and the shift are, for the reads below. */
export interface AlertShift {
  jobId: string;
  restaurantId: string;
  /** Issue 39: the credentials the shift requires, held (verified, unexpired) at `at` by whoever is told */
  requiredCredentials?: readonly string[];
  at?: Date;
}

/**
 * A chef who may be told about the shift (its user id is `c`): not the restaurant itself, not blocked either way,
 * not suspended, not already applied to or booked on it, not known to jobs without a verified phone (a
 * chef jobs has no phone record for is left to notifications, which texts verified phones only), and (issue 39)
 * holding every credential the shift requires: a chef who could not take it is not told of it.
 */
function mayBeTold(c: SQL, shift: AlertShift): SQL {
  return sql`${c} <> ${shift.restaurantId}
    and not exists (select 1 from jobs.blocks b where b.restaurant_id = ${shift.restaurantId} and b.chef_id = ${c})
    and not exists (select 1 from jobs.suspended_users su where su.user_id = ${c})
    and not exists (select 1 from jobs.applications a where a.job_id = ${shift.jobId} and a.chef_id = ${c})
    and not exists (select 1 from jobs.seats st where st.job_id = ${shift.jobId} and st.chef_id = ${c})
    and not exists (select 1 from jobs.user_phones up where up.user_id = ${c} and up.phone is null)
    and ${holdsCredentials(c, shift.requiredCredentials ?? [], shift.at ?? new Date())}`;
}

const ids = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );
/** `column not in (values)`, true when there are none (`not in ()` is not SQL, `not in (null)` is never true). */
const notIn = (column: SQL, values: string[]) =>
  values.length === 0 ? sql`true` : sql`${column} not in (${ids(values)})`;
/** `column in (values)`, false when there are none. */
const isIn = (column: SQL, values: string[]) =>
  values.length === 0 ? sql`false` : sql`${column} in (${ids(values)})`;

/**
 * The named chefs who may be told: the favorites (chef profile ids, as the posting names them) and, with
 * `standby`, the chefs waiting on the shift's standby list in the order they joined. One read.
 */
export async function namedAlertChefs(
  database: Database,
  tx: Executor,
  shift: AlertShift & { favoriteProfileIds: string[]; standby: boolean },
): Promise<{ favorites: Map<string, string>; standby: string[] }> {
  if (shift.favoriteProfileIds.length === 0 && !shift.standby) return { favorites: new Map(), standby: [] };
  const rows = await database.rows<{ chef_id: string; profile_id: string | null; source: string }>(
    sql`select n.chef_id, n.profile_id, n.source from (
          select cp.user_id as chef_id, cp.profile_id, 'favorite' as source, null::timestamptz as joined_at
            from jobs.chef_profiles cp where ${isIn(sql`cp.profile_id`, shift.favoriteProfileIds)}
          union all
          select s.chef_id, s.chef_profile_id, 'standby', s.joined_at
            from jobs.standby s
           where ${shift.standby}::boolean and s.job_id = ${shift.jobId} and s.left_at is null
        ) n
        where ${mayBeTold(sql`n.chef_id`, shift)}
        order by n.source, n.joined_at, n.chef_id`,
    tx,
  );
  const favorites = new Map<string, string>();
  const standby: string[] = [];
  for (const r of rows) {
    if (r.source === 'favorite') favorites.set(r.profile_id!, r.chef_id);
    else standby.push(r.chef_id);
  }
  return { favorites, standby };
}

// The chef's place: their home or their city's centre (both coordinates or neither, as chefPlace reads it).
const chefHas = sql`(cp.latitude is not null and cp.longitude is not null)`;
const chefLat = sql`(case when ${chefHas} then cp.latitude else ${cityCentreSql(sql`cp.city`, 'latitude')} end)`;
const chefLon = sql`(case when ${chefHas} then cp.longitude else ${cityCentreSql(sql`cp.city`, 'longitude')} end)`;

/**
 * One page of the chefs whose travel radius reaches the restaurant, nearest first (then by id, so pages do not
 * overlap), leaving out `exceptUserIds` and `exceptProfileIds` and, as a first cut the caller refines, chefs
 * whose availability says they are not available on `weekday` at all. Empty when jobs does not know the
 * restaurant's place.
 */
export async function nearbyChefsPage(
  database: Database,
  tx: Executor,
  shift: AlertShift & {
    weekday: string;
    exceptUserIds: string[];
    exceptProfileIds: string[];
    limit: number;
    offset: number;
  },
): Promise<InRange[]> {
  const miles = milesBetween(chefLat, chefLon, restaurantLat, restaurantLon);
  const rows = await database.rows<{ chef_id: string; availability: unknown; miles: number | string }>(
    sql`select d.chef_id, d.availability, d.miles from (
          select cp.user_id as chef_id, cp.profile_id, cp.availability, cp.travel_radius, ${miles} as miles
            from jobs.restaurant_profiles rp
            join jobs.chef_profiles cp on true
           where rp.user_id = ${shift.restaurantId}
        ) d
        where d.miles is not null
          and d.miles <= coalesce(d.travel_radius, ${DEFAULT_TRAVEL_RADIUS})::float8
          and (d.availability is null or coalesce((d.availability -> ${shift.weekday} ->> 'available')::boolean, false))
          and ${notIn(sql`d.chef_id`, shift.exceptUserIds)}
          and ${notIn(sql`d.profile_id`, shift.exceptProfileIds)}
          and ${mayBeTold(sql`d.chef_id`, shift)}
        order by d.miles, d.chef_id
        limit ${shift.limit} offset ${shift.offset}`,
    tx,
  );
  return rows.map((r) => ({
    chef_id: r.chef_id,
    availability: toJson<unknown>(r.availability, null),
    miles: Number(r.miles),
  }));
}
