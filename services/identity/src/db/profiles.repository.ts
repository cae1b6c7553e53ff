import { eq, or, sql, type SQL } from 'drizzle-orm';
import { boxAround, type CredentialType } from '@brigade/contracts';
import { textArray, type Database, type Executor } from '@brigade/kit';
import { chefProfiles, restaurantProfiles, type RestaurantProfileRow } from './schema';
import { countedKind } from './reliability.repository';

const EARTH_RADIUS_MILES = 3958.8;

export type ChefProfileRow = typeof chefProfiles.$inferSelect;
export type ChefProfileValues = Omit<typeof chefProfiles.$inferInsert, 'id' | 'userId'>;
export type RestaurantProfileValues = Omit<typeof restaurantProfiles.$inferInsert, 'id' | 'userId'>;

/** A user's chef profile (locked until the transaction ends with `forUpdate`). */
export async function chefProfileOfUser(
  db: Executor,
  userId: string,
  forUpdate = false,
): Promise<ChefProfileRow | undefined> {
  const query = db.select().from(chefProfiles).where(eq(chefProfiles.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A user's restaurant profile (locked until the transaction ends with `forUpdate`). */
export async function restaurantProfileOfUser(
  db: Executor,
  userId: string,
  forUpdate = false,
): Promise<RestaurantProfileRow | undefined> {
  const query = db.select().from(restaurantProfiles).where(eq(restaurantProfiles.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A chef profile by profile id or by user id. */
export async function findChefProfile(db: Executor, id: string): Promise<ChefProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(chefProfiles)
    .where(or(eq(chefProfiles.id, id), eq(chefProfiles.userId, id)));
  return row;
}

/** A restaurant profile by profile id or by user id. */
export async function findRestaurantProfile(
  db: Executor,
  id: string,
): Promise<RestaurantProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurantProfiles)
    .where(or(eq(restaurantProfiles.id, id), eq(restaurantProfiles.userId, id)));
  return row;
}

/** Create a chef profile (`profileId` new), or replace the values of the existing one. */
export async function saveChefProfileRow(
  tx: Executor,
  existingId: string | undefined,
  create: { id: string; userId: string },
  values: ChefProfileValues,
): Promise<ChefProfileRow> {
  const [row] = existingId
    ? await tx.update(chefProfiles).set(values).where(eq(chefProfiles.id, existingId)).returning()
    : await tx
        .insert(chefProfiles)
        .values({ ...create, ...values })
        .returning();
  return row;
}

/** Create a restaurant profile, or replace the values of the existing one. */
export async function saveRestaurantProfileRow(
  tx: Executor,
  existingId: string | undefined,
  create: { id: string; userId: string },
  values: RestaurantProfileValues,
): Promise<RestaurantProfileRow> {
  const [row] = existingId
    ? await tx.update(restaurantProfiles).set(values).where(eq(restaurantProfiles.id, existingId)).returning()
    : await tx
        .insert(restaurantProfiles)
        .values({ ...create, ...values })
        .returning();
  return row;
}

/**
 * What every chef search starts from, in one round trip: where the searching user's restaurant is (null
 * without a restaurant profile) and the chef search version (migration 0007: raised by every change to
 * what a search answers, so an answer kept under one version is never served after a change).
 */
export async function chefSearchStart(
  database: Database,
  userId: string,
): Promise<{ origin: { lat: number; lon: number } | null; version: string }> {
  const [row] = await database.rows<{ version: string | number; lat: number | null; lon: number | null }>(
    sql`select v.version::text as version, r.latitude as lat, r.longitude as lon
        from identity.chef_search_version v
        left join identity.restaurant_profiles r on r.user_id = ${userId}::uuid
        where v.id = 1`,
    undefined,
    { prepared: true },
  );
  return {
    origin: row.lat === null || row.lon === null ? null : { lat: Number(row.lat), lon: Number(row.lon) },
    version: String(row.version),
  };
}

export interface ChefSearch {
  skills?: string[];
  minRate?: number;
  maxRate?: number;
  city?: string;
  /** With an origin: only chefs within `radius` miles, nearest first. */
  origin: { lat: number; lon: number } | null;
  radius: number;
  limit: number;
  offset: number;
  /** Reliability facts since this instant count as recent (the last 90 days). */
  recentSince: Date;
}

export interface ChefSearchRow {
  chef: ChefProfileRow;
  distance: number | null;
  /** Each reliability kind's count of this chef, all time and recent. */
  counts: Array<[kind: string, all: number, recent: number]>;
  /** The oldest of this chef's recent facts (it leaves the recent counts 90 days after), or null. */
  oldestRecent: Date | null;
  /** Issue 39: the chef's verified credentials, [type, expires_on]; the caller keeps those that count now. */
  credentials: Array<[type: CredentialType, expiresOn: string]>;
}

/**
 * Chefs with any of the chosen skills, whose minimum rate fits the range, within `radius` miles of the origin
 * when there is one. Nearest first, then best rated, then by name and id (a total order, so pages never repeat
 * or skip a chef). Suspended chefs are left out. `distance` is in miles (null without an origin). With an origin,
 * first how far the page reaches (`pageReach`, ADR 40). Then one statement: the page's ids from narrow columns (an
 * index-only scan of the reach's box, migration 0008), the page's rows by id, then each chef's reliability counts,
 * read only for the page's chefs. Prepared when the reach is known (a small box: one plan fits every search);
 * otherwise not: PostgreSQL's generic plan for the whole radius is slower for broad searches than the plan made for
 * the actual values, planning included (ADR 16).
 */
/** A row of the chef search as the driver returns it (numbers and times may come back as text). */
interface ChefSearchPageRow {
  id: string;
  user_id: string;
  name: string;
  bio: string;
  city: string;
  state: string;
  latitude: number | string;
  longitude: number | string;
  travel_radius: number | string;
  skills: string[];
  availability: ChefProfileRow['availability'];
  profile_image_url: string | null;
  hourly_rate_min: number | string | null;
  rating_sum: number | string;
  total_ratings: number | string;
  languages: string[] | null;
  created_at: string | Date;
  updated_at: string | Date;
  distance: number | string | null;
  counts: string | ChefSearchRow['counts'] | null;
  oldest_recent: string | Date | null | undefined;
  credentials: string | ChefSearchRow['credentials'] | null;
}

export async function searchChefProfiles(database: Database, search: ChefSearch): Promise<ChefSearchRow[]> {
  // ADR 40: with a place, first how far the page reaches (the nearest chefs that fit, from the nearest index); the
  // page is then read from that reach's box alone, as a prepared statement (a small box whatever the search, so
  // one plan fits all). When the walk cannot tell (few chefs fit among many near), the whole radius, unprepared.
  const reach = search.origin ? await pageReach(database, search, search.origin) : null;
  if (reach === null) return readPage(database, search, search.radius, false);
  const rows = await readPage(database, search, reach.miles, true);
  // The reach held `limit + offset` chefs that fit when it was read: a full page shows they are still there. A
  // short one means a change came between the two statements (a chef left, or stopped fitting): the whole radius.
  if (reach.narrowed && rows.length < search.limit) return readPage(database, search, search.radius, false);
  return rows;
}

/** The page of a chef search, its chefs within `radius` miles when it has a place (`searchChefProfiles`). */
async function readPage(
  database: Database,
  search: ChefSearch,
  radius: number,
  prepared: boolean,
): Promise<ChefSearchRow[]> {
  const { origin } = search;
  const conditions = searchFilters(search);
  const distance = origin ? milesFrom(origin) : sql`null::float8`;
  if (origin) {
    // A bounding box first, answered by the (latitude, longitude) index; the exact distance after. The box holds
    // the whole circle, so the results are the same.
    const box = boxAround(origin, radius);
    conditions.push(sql`c.latitude between ${box.latMin}::float8 and ${box.latMax}::float8`);
    conditions.push(sql`c.longitude between ${box.lonMin}::float8 and ${box.lonMax}::float8`);
    conditions.push(sql`${distance} <= ${radius}::float8`);
  }
  const since = search.recentSince.toISOString();
  const rows = await database.rows<ChefSearchPageRow>(
    // Narrow first, wide last: the page's ids and distances come from the narrow columns (with a place, an
    // index-only scan of chef_profiles_search_idx, migration 0008), then only the page's wide rows are read.
    sql`with ids as (
          select c.id, c.total_ratings, c.name, ${distance} as distance
          from identity.chef_profiles c
          where ${sql.join(conditions, sql` and `)}
          order by ${origin ? sql`distance` : sql`c.id`}, c.total_ratings desc, c.name, c.id
          limit ${search.limit}::int offset ${search.offset}::int
        ), page as (
          select c.id, c.user_id, c.name, c.bio, c.city, c.state, c.latitude, c.longitude, c.travel_radius,
            c.skills, c.availability, c.profile_image_url, c.hourly_rate_min, c.rating_sum, c.total_ratings,
            c.languages, c.created_at, c.updated_at, ids.distance
          from ids join identity.chef_profiles c on c.id = ids.id
        )
        select page.*, f.counts, f.oldest_recent, g.credentials
        from page
        left join lateral (
          select json_agg(json_build_array(k.kind, k.all_time, k.recent)) as counts,
            min(k.oldest_recent) as oldest_recent
          from (
            select ${countedKind} as kind, count(*)::int as all_time,
              count(*) filter (where removed_at is null and occurred_at >= ${since}::timestamptz)::int as recent,
              min(occurred_at) filter (where removed_at is null and occurred_at >= ${since}::timestamptz)
                as oldest_recent
            from identity.reliability_facts
            where user_id = page.user_id
            group by 1
          ) k
        ) f on true
        left join lateral (
          select json_agg(json_build_array(cr.type, to_char(cr.expires_on, 'YYYY-MM-DD'))) as credentials
          from identity.credentials cr
          where cr.chef_id = page.user_id and cr.status = 'verified'
        ) g on true
        order by ${origin ? sql`page.distance` : sql`page.id`}, page.total_ratings desc, page.name, page.id`,
    undefined,
    { prepared },
  );
  return rows.map((r) => ({
    chef: {
      id: r.id,
      userId: r.user_id,
      name: r.name,
      bio: r.bio,
      city: r.city,
      state: r.state,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      travelRadius: Number(r.travel_radius),
      // Not read: a search result never shows the chef's home (issue 32), only the distance to it.
      homeSource: null,
      homeZip: null,
      skills: r.skills,
      availability: r.availability,
      profileImageUrl: r.profile_image_url,
      hourlyRateMin: r.hourly_rate_min === null ? null : Number(r.hourly_rate_min),
      languages: r.languages ?? [],
      ratingSum: Number(r.rating_sum),
      totalRatings: Number(r.total_ratings),
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    },
    distance: r.distance === null ? null : Number(r.distance),
    counts: typeof r.counts === 'string' ? JSON.parse(r.counts) : (r.counts ?? []),
    oldestRecent:
      r.oldest_recent === null || r.oldest_recent === undefined ? null : new Date(r.oldest_recent),
    credentials: typeof r.credentials === 'string' ? JSON.parse(r.credentials) : (r.credentials ?? []),
  }));
}

/** The filters every chef search applies, the place's aside (a chef's row is `c`). */
function searchFilters(search: ChefSearch): SQL[] {
  // A suspended chef is out of the marketplace until reinstated.
  const conditions: SQL[] = [
    sql`not exists (select 1 from identity.users u where u.id = c.user_id and u.suspended_at is not null)`,
  ];
  // The skills as one parameter, so the statement's text is the same whatever their number.
  if (search.skills && search.skills.length > 0)
    conditions.push(sql`c.skills && ${textArray(search.skills)}::text[]`);
  if (search.minRate !== undefined)
    conditions.push(sql`(c.hourly_rate_min is null or c.hourly_rate_min >= ${search.minRate}::numeric)`);
  if (search.maxRate !== undefined)
    conditions.push(sql`(c.hourly_rate_min is null or c.hourly_rate_min <= ${search.maxRate}::numeric)`);
  if (search.city) conditions.push(sql`c.city = ${search.city}`);
  return conditions;
}

/** The great-circle distance in miles from `origin` to chef `c`'s place (haversine): what results show. */
function milesFrom(origin: { lat: number; lon: number }): SQL {
  return sql`${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(sqrt(power(sin(radians(c.latitude - ${origin.lat}::float8) / 2), 2) + cos(radians(${origin.lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${origin.lon}::float8) / 2), 2)))`;
}

/**
 * ADR 40: the nearest-first walk reads at most this many chefs per place of the page's end (1,000 for a page of 25):
 * enough for filters that one chef in 40 fits. Fewer fit: the whole radius, where the skills' index finds them.
 */
const WALK_PER_PLACE = 40;

/**
 * How far a search's page reaches (ADR 40), or null when the walks cannot tell. The chefs nearest the origin within
 * the radius's box, nearest first from chef_profiles_nearest_idx (migration 0020, a GiST index on the place as a
 * point, `<->`), at most a walk's length; of those, the first `limit + offset` that fit every filter and the radius.
 * When there are that many, the page holds only chefs no farther, by the exact distance, than the farthest of them:
 * they are all that near, so the page (the nearest by exact distance, ties by rating, name and id) has no chef
 * beyond it. This holds whatever order the walk reads in (the index orders on the flat distance in degrees, not on
 * the earth's): the walk only makes the reach small. Fewer that fit in a walk that read the whole box: the box holds
 * few chefs, and the page reads the whole radius. Otherwise null: the whole radius, unprepared. Prepared: one plan,
 * the walk, whatever the search.
 */
async function pageReach(
  database: Database,
  search: ChefSearch,
  origin: { lat: number; lon: number },
): Promise<{ miles: number; narrowed: boolean } | null> {
  const end = search.limit + search.offset;
  const box = boxAround(origin, search.radius);
  const distance = milesFrom(origin);
  const walk = end * WALK_PER_PLACE;
  const [row] = await database.rows<{
    fitting: number;
    farthest: number | string | null;
    walked: number | null;
  }>(
    sql`with walk as (
          select c.user_id, c.latitude, c.longitude, c.skills, c.hourly_rate_min, c.city
          from identity.chef_profiles c
          where point(c.longitude, c.latitude) <@ box(point(${box.lonMin}::float8, ${box.latMin}::float8),
            point(${box.lonMax}::float8, ${box.latMax}::float8))
          order by point(c.longitude, c.latitude) <-> point(${origin.lon}::float8, ${origin.lat}::float8)
          limit ${walk}::int
        ), fitting as (
          select ${distance} as distance
          from walk c
          where ${sql.join(searchFilters(search), sql` and `)} and ${distance} <= ${search.radius}::float8
          limit ${end}::int
        )
        select count(*)::int as fitting, max(distance) as farthest,
          case when count(*) < ${end}::int then (select count(*) from walk)::int end as walked
        from fitting`,
    undefined,
    { prepared: true },
  );
  if (Number(row.fitting) === end)
    return { miles: Math.min(search.radius, Number(row.farthest)), narrowed: true };
  // The whole box walked: its chefs are few, so the page reads the whole radius (any chef that came to fit since is
  // on it too).
  if (Number(row.walked) < walk) return { miles: search.radius, narrowed: false };
  return null;
}
