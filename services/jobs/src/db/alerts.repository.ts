import { boxAround, DEFAULT_TRAVEL_RADIUS, type Point } from '@brigade/contracts';
import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { InRange } from '../domain/alerts';
import { cityCentreSql, milesBetween } from './distance';
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
/**
 * `column` is none of `values` (uuids), as one array parameter: the statement's text is the same however many there
 * are (it is prepared).
 */
const noneOf = (column: SQL, values: string[]) => sql`${column} <> all(${idArray(values)}::uuid[])`;
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
/** A chef's recorded coordinates as a point: what chef_profiles_place_idx (migration 0035) orders and boxes. */
const chefPoint = sql`point(cp.longitude, cp.latitude)`;

/** What one page of chefs in range is read for (`nearbyChefsPage`). */
export interface NearbyPage extends AlertShift {
  /** Where distances are measured from: the restaurant's place (`restaurantOrigin`); null: no one is in range */
  origin: Point | null;
  weekday: string;
  exceptUserIds: string[];
  exceptProfileIds: string[];
  limit: number;
  offset: number;
}

/**
 * ADR 45: the nearest-first walk reads at most this many chefs per place of the page's end (1,600 for a first page
 * of 200): enough when one chef in eight near the restaurant may be told. Fewer: the whole city, as before.
 */
const WALK_PER_PLACE = 8;
/** A reach beyond this many miles is read whole, not through a box (`boxAround` is sound far below it). */
const BOXED_MILES = 500;

/**
 * One page of the chefs whose travel radius reaches the restaurant, nearest first (then by id, so pages do not
 * overlap), leaving out `exceptUserIds` and `exceptProfileIds` and, as a first cut the caller refines, chefs
 * whose availability says they are not available on `weekday` at all. Empty when the restaurant's place is unknown.
 *
 * ADR 45: first how far the page reaches (`pageReach`: the nearest chefs that may be told, from the nearest-first
 * index), then the page from only the chefs that near; when the walk cannot tell, every chef, as before. Either way
 * the same chefs, order and miles.
 */
export async function nearbyChefsPage(
  database: Database,
  tx: Executor,
  page: NearbyPage,
): Promise<InRange[]> {
  if (!page.origin) return [];
  const reach = await pageReach(database, tx, page, page.origin);
  if (reach === null) return readPage(database, tx, page, page.origin, null);
  const rows = await readPage(database, tx, page, page.origin, reach);
  // The reach held `limit + offset` chefs who may be told when it was read (its own statement): a full page shows
  // they still are. A short one means some changed between the two reads: read every chef again.
  if (rows.length < page.limit) return readPage(database, tx, page, page.origin, null);
  return rows;
}

/**
 * Great-circle miles from `origin` to the chef `cp`'s place: the exact figure alerts carry and the page orders by.
 * `placed`: for chefs known to have coordinates (the place is then those, the same doubles, so the same miles).
 */
const milesFrom = (origin: Point, placed = false) =>
  placed
    ? milesBetween(
        sql`cp.latitude`,
        sql`cp.longitude`,
        sql`${origin.lat}::float8`,
        sql`${origin.lon}::float8`,
      )
    : milesBetween(chefLat, chefLon, sql`${origin.lat}::float8`, sql`${origin.lon}::float8`);

/** Every condition a chef of the page meets, on `d` (chef_id, profile_id, availability, travel_radius, miles). */
function pageFilters(page: NearbyPage): SQL {
  return sql`d.miles is not null
    and d.miles <= coalesce(d.travel_radius, ${DEFAULT_TRAVEL_RADIUS})::float8
    and (d.availability is null or coalesce((d.availability -> ${page.weekday} ->> 'available')::boolean, false))
    and ${noneOf(sql`d.chef_id`, page.exceptUserIds)}
    and ${noneOf(sql`d.profile_id`, page.exceptProfileIds)}
    and ${mayBeTold(sql`d.chef_id`, page)}`;
}

/**
 * How far the page reaches, in miles (ADR 45), or null when the walk cannot tell. The chefs nearest the restaurant
 * from chef_profiles_place_idx (a GiST index on their coordinates as a point, `<->`), at most a walk's length; of
 * those, the first `limit + offset` the page would hold (their radius reaches, available that weekday, may be
 * told). When there are that many, the page holds no chef farther, by the exact distance, than the farthest of
 * them: those are all that near, and the page is the nearest such chefs by the exact distance (ties by id). This
 * holds whatever order the walk reads in (the index orders on the flat distance in degrees, not the earth's): the
 * walk only makes the reach small. Chefs without coordinates (their city's centre) are not walked; the page reads
 * them all, so they count as before.
 */
export async function pageReach(
  database: Database,
  tx: Executor,
  page: NearbyPage,
  origin: Point,
): Promise<number | null> {
  const end = page.limit + page.offset;
  const [row] = await database.rows<{ fitting: number; farthest: number | string | null }>(
    sql`with walk as (
          select cp.user_id as chef_id, cp.profile_id, cp.availability, cp.travel_radius, ${milesFrom(origin, true)} as miles
            from jobs.chef_profiles cp
           where ${chefHas}
           order by ${chefPoint} <-> point(${origin.lon}::float8, ${origin.lat}::float8)
           limit ${end * WALK_PER_PLACE}::int
        ), fitting as (
          select d.miles from walk d where ${pageFilters(page)} limit ${end}::int
        )
        select count(*)::int as fitting, max(miles) as farthest from fitting`,
    tx,
    { prepared: true },
  );
  if (Number(row.fitting) < end) return null;
  const farthest = Number(row.farthest);
  return farthest <= BOXED_MILES ? farthest : null;
}

/**
 * The page itself: the chefs who may be told, nearest first by the exact distance, then by id. With `reach`, only
 * chefs within that many miles: those with coordinates from the reach's box (chef_profiles_place_idx), those
 * without (few: recorded before coordinates were kept) from chef_profiles_placeless_idx. Without, every chef.
 */
async function readPage(
  database: Database,
  tx: Executor,
  page: NearbyPage,
  origin: Point,
  reach: number | null,
): Promise<InRange[]> {
  const columns = (placed: boolean) =>
    sql`cp.user_id as chef_id, cp.profile_id, cp.availability, cp.travel_radius, ${milesFrom(origin, placed)} as miles`;
  let chefs: SQL;
  if (reach === null) chefs = sql`select ${columns(false)} from jobs.chef_profiles cp`;
  else {
    const box = boxAround(origin, reach);
    chefs = sql`select ${columns(true)} from jobs.chef_profiles cp
                 where ${chefPoint} <@ box(point(${box.lonMin}::float8, ${box.latMin}::float8),
                   point(${box.lonMax}::float8, ${box.latMax}::float8))
                union all
                select ${columns(false)} from jobs.chef_profiles cp where cp.latitude is null or cp.longitude is null`;
  }
  const rows = await database.rows<{ chef_id: string; availability: unknown; miles: number | string }>(
    sql`select d.chef_id, d.availability, d.miles from (${chefs}) d
        where ${pageFilters(page)} ${reach === null ? sql`` : sql`and d.miles <= ${reach}::float8`}
        order by d.miles, d.chef_id
        limit ${page.limit} offset ${page.offset}`,
    tx,
    // a reach's box is small whatever the shift: one plan fits every page; every chef is planned each time
    { prepared: reach !== null },
  );
  return rows.map((r) => ({
    chef_id: r.chef_id,
    availability: toJson<unknown>(r.availability, null),
    miles: Number(r.miles),
  }));
}
