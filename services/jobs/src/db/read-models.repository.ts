import { CITIES, type CityName, type EventData, type Point } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import { toJson, type ChefProfileRow } from './rows';

/**
 * Where a restaurant pinned its location (issue 34: the owner's position at the restaurant, from identity's
 * profile event), or null while it has no pin (its latitude/longitude are then a ZIP's or city's centre, which no
 * location clock-in may be measured from: chefs use the restaurant's code).
 */
export async function restaurantPin(
  database: Database,
  restaurantId: string,
  tx?: Executor,
): Promise<{ lat: number; lon: number } | null> {
  const [row] = await database.rows<{ lat: number | null; lon: number | null }>(
    sql`select latitude as lat, longitude as lon from jobs.restaurant_profiles
        where user_id = ${restaurantId} and location_pinned`,
    tx,
  );
  return row && row.lat !== null && row.lon !== null ? { lat: Number(row.lat), lon: Number(row.lon) } : null;
}

/**
 * ADR 43: a whole profile's ratings are written only when the profile is newer than the figures kept (a rating
 * event may have brought newer ones), and then their stamp moves to the profile's.
 */
const newerRatings = (table: 'chef_profiles' | 'restaurant_profiles') => {
  const kept = sql.raw(`jobs.${table}`);
  return sql`average_rating = case when ${kept}.rating_occurred_at > excluded.rating_occurred_at
        then ${kept}.average_rating else excluded.average_rating end,
      total_ratings = case when ${kept}.rating_occurred_at > excluded.rating_occurred_at
        then ${kept}.total_ratings else excluded.total_ratings end,
      rating_occurred_at = greatest(${kept}.rating_occurred_at, excluded.rating_occurred_at)`;
};

/**
 * Keep the newest version of a chef profile (an older event arriving late changes nothing; its ratings only when
 * newer than the kept ones, see `newerRatings`). Returns whether it changed.
 */
export async function upsertChefProfile(
  database: Database,
  tx: Executor,
  p: EventData<'identity.chef_profile.updated.v1'>,
  occurredAt: string,
): Promise<boolean> {
  // A user has one chef profile: drop a stale row under another profile id.
  await tx.execute(
    sql`delete from jobs.chef_profiles where user_id = ${p.user_id} and profile_id <> ${p.profile_id} and source_occurred_at <= ${occurredAt}::timestamptz`,
  );
  const rows = await database.rows(
    sql`
    insert into jobs.chef_profiles (profile_id, user_id, name, bio, city, state, skills, travel_radius, latitude, longitude,
      home, profile_image_url, average_rating, total_ratings, languages, availability, source_occurred_at,
      rating_occurred_at)
    values (${p.profile_id}, ${p.user_id}, ${p.name}, ${p.bio}, ${p.city}, ${p.state}, ${JSON.stringify(p.skills)}::jsonb,
      ${Math.round(p.travel_radius)}, ${p.latitude}::float8, ${p.longitude}::float8, ${p.home === true},
      ${p.profile_image_url}, ${p.average_rating}, ${p.total_ratings},
      ${JSON.stringify(p.languages ?? [p.language_preference])}::jsonb,
      ${p.availability ? JSON.stringify(p.availability) : null}::jsonb, ${occurredAt}::timestamptz,
      ${occurredAt}::timestamptz)
    on conflict (profile_id) do update set
      user_id = excluded.user_id, name = excluded.name, bio = excluded.bio, city = excluded.city, state = excluded.state,
      skills = excluded.skills, travel_radius = excluded.travel_radius, latitude = excluded.latitude,
      longitude = excluded.longitude, home = excluded.home, profile_image_url = excluded.profile_image_url,
      ${newerRatings('chef_profiles')},
      languages = excluded.languages,
      -- issue 37: an event without availability (published before it was carried) keeps what was known
      availability = coalesce(excluded.availability, jobs.chef_profiles.availability),
      source_occurred_at = excluded.source_occurred_at, updated_at = now()
    where jobs.chef_profiles.source_occurred_at <= excluded.source_occurred_at
    returning profile_id`,
    tx,
  );
  if (rows.length === 0) return false;
  // Applications made before the profile was known get its id.
  await tx.execute(
    sql`update jobs.applications set chef_profile_id = ${p.profile_id} where chef_id = ${p.user_id} and chef_profile_id is distinct from ${p.profile_id}`,
  );
  await tx.execute(
    sql`update jobs.favorites set chef_profile_id = ${p.profile_id} where chef_id = ${p.user_id} and chef_profile_id <> ${p.profile_id}`,
  );
  return true;
}

export async function upsertRestaurantProfile(
  database: Database,
  tx: Executor,
  p: EventData<'identity.restaurant_profile.updated.v1'>,
  occurredAt: string,
): Promise<boolean> {
  await tx.execute(
    sql`delete from jobs.restaurant_profiles where user_id = ${p.user_id} and profile_id <> ${p.profile_id} and source_occurred_at <= ${occurredAt}::timestamptz`,
  );
  const rows = await database.rows(
    sql`
    insert into jobs.restaurant_profiles (profile_id, user_id, name, address, city, state, latitude, longitude, zip,
      location_pinned, logo_url, cuisine_types, average_rating, total_ratings, source_occurred_at, rating_occurred_at)
    values (${p.profile_id}, ${p.user_id}, ${p.name}, ${p.address}, ${p.city}, ${p.state}, ${p.latitude}::float8,
      ${p.longitude}::float8, ${p.zip ?? null}, ${p.location_pinned === true}, ${p.logo_url},
      ${JSON.stringify(p.cuisine_types)}::jsonb, ${p.average_rating}, ${p.total_ratings}, ${occurredAt}::timestamptz,
      ${occurredAt}::timestamptz)
    on conflict (profile_id) do update set
      user_id = excluded.user_id, name = excluded.name, address = excluded.address, city = excluded.city,
      state = excluded.state, latitude = excluded.latitude, longitude = excluded.longitude, zip = excluded.zip,
      location_pinned = excluded.location_pinned, logo_url = excluded.logo_url,
      cuisine_types = excluded.cuisine_types,
      ${newerRatings('restaurant_profiles')},
      source_occurred_at = excluded.source_occurred_at, updated_at = now()
    where jobs.restaurant_profiles.source_occurred_at <= excluded.source_occurred_at
    returning profile_id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * ADR 43: a rating joined or left a chef's or restaurant's average (identity.rating.changed.v1). Kept when newer
 * than the figures held, whichever event brought them; the rest of the profile is left as it is. A rating that
 * comes before its profile ever did keeps a row of its own (no name yet, and a stamp older than any profile), which
 * the profile fills in when it comes. Returns whether the figures changed.
 */
export async function upsertRating(
  database: Database,
  tx: Executor,
  r: EventData<'identity.rating.changed.v1'>,
  occurredAt: string,
): Promise<boolean> {
  const table = sql.raw(r.user_type === 'chef' ? 'jobs.chef_profiles' : 'jobs.restaurant_profiles');
  const updated = await database.rows(
    sql`update ${table} set average_rating = ${r.average_rating}, total_ratings = ${r.total_ratings},
          rating_occurred_at = ${occurredAt}::timestamptz, updated_at = now()
        where user_id = ${r.user_id} and rating_occurred_at <= ${occurredAt}::timestamptz
        returning profile_id`,
    tx,
  );
  if (updated.length > 0) return true;
  // no row of the user's, or one with newer figures (then the insert meets it and does nothing)
  const inserted = await database.rows(
    sql`insert into ${table} (profile_id, user_id, name, average_rating, total_ratings, source_occurred_at,
          rating_occurred_at)
        values (${r.profile_id}, ${r.user_id}, '', ${r.average_rating}, ${r.total_ratings}, '-infinity',
          ${occurredAt}::timestamptz)
        on conflict do nothing
        returning profile_id`,
    tx,
  );
  return inserted.length > 0;
}

/**
 * Keep a chef's or restaurant's verified phone (null while unverified), the newest event winning. Returns
 * whether it changed.
 */
export async function upsertUserPhone(
  database: Database,
  tx: Executor,
  u: { user_id: string; phone: string; phone_verified: boolean },
  occurredAt: string,
): Promise<boolean> {
  const rows = await database.rows(
    sql`
    insert into jobs.user_phones (user_id, phone, source_occurred_at)
    values (${u.user_id}, ${u.phone_verified ? u.phone : null}, ${occurredAt}::timestamptz)
    on conflict (user_id) do update set phone = excluded.phone,
      source_occurred_at = excluded.source_occurred_at, updated_at = now()
    where jobs.user_phones.source_occurred_at <= excluded.source_occurred_at
    returning user_id`,
    tx,
  );
  return rows.length > 0;
}

/** A restaurant's city (its profile's: time zones, calendars), or null when jobs does not know it yet. */
export async function restaurantCity(
  database: Database,
  restaurantId: string,
  executor?: Executor,
): Promise<string | null> {
  const rows = await database.rows<{ city: string | null }>(
    sql`select city from jobs.restaurant_profiles where user_id = ${restaurantId}`,
    executor,
  );
  return rows[0]?.city ?? null;
}

/**
 * A restaurant's city and the place distances are measured from: its coordinates, else its city's centre (each
 * coordinate on its own, as `restaurantLat` / `restaurantLon` read them in SQL); null when neither is known.
 */
export async function restaurantOrigin(
  database: Database,
  restaurantId: string,
  executor?: Executor,
): Promise<{ city: string | null; place: Point | null }> {
  const [row] = await database.rows<{ city: string | null; lat: number | null; lon: number | null }>(
    sql`select city, latitude as lat, longitude as lon from jobs.restaurant_profiles where user_id = ${restaurantId}`,
    executor,
  );
  if (!row) return { city: null, place: null };
  const centre = row.city !== null && Object.hasOwn(CITIES, row.city) ? CITIES[row.city as CityName] : null;
  const lat = row.lat !== null ? Number(row.lat) : (centre?.latitude ?? null);
  const lon = row.lon !== null ? Number(row.lon) : (centre?.longitude ?? null);
  return { city: row.city, place: lat !== null && lon !== null ? { lat, lon } : null };
}

/** A chef's or restaurant's verified phone (E.164), or null (unknown or not verified). */
export async function verifiedPhoneOf(
  database: Database,
  userId: string,
  executor?: Executor,
): Promise<string | null> {
  const rows = await database.rows<{ phone: string | null }>(
    sql`select phone from jobs.user_phones where user_id = ${userId}`,
    executor,
  );
  return rows[0]?.phone ?? null;
}

export async function upsertPayoutAccount(
  tx: Executor,
  a: EventData<'payments.payout_account.updated.v1'>,
  occurredAt: string,
): Promise<void> {
  await tx.execute(sql`
    insert into jobs.payout_accounts (user_id, payouts_enabled, charges_enabled, source_occurred_at)
    values (${a.user_id}, ${a.payouts_enabled}, ${a.charges_enabled}, ${occurredAt}::timestamptz)
    on conflict (user_id) do update set payouts_enabled = excluded.payouts_enabled,
      charges_enabled = excluded.charges_enabled, source_occurred_at = excluded.source_occurred_at, updated_at = now()
    where jobs.payout_accounts.source_occurred_at <= excluded.source_occurred_at`);
}

export async function payoutsEnabled(database: Database, tx: Executor, userId: string): Promise<boolean> {
  const rows = await database.rows<{ payouts_enabled: boolean }>(
    sql`select payouts_enabled from jobs.payout_accounts where user_id = ${userId}`,
    tx,
  );
  return rows[0]?.payouts_enabled === true;
}

/** A chef by profile id or by user id. */
export async function findChef(
  database: Database,
  idOrUserId: string,
  executor?: Executor,
): Promise<ChefProfileRow | null> {
  const rows = await database.rows<
    Omit<ChefProfileRow, 'skills' | 'total_ratings'> & {
      skills: string[] | string;
      total_ratings: number | string;
    }
  >(
    sql`select * from jobs.chef_profiles where profile_id = ${idOrUserId} or user_id = ${idOrUserId} limit 1`,
    executor,
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, skills: toJson<string[]>(row.skills, []), total_ratings: Number(row.total_ratings) };
}

/** User ids of the given chef profile ids (those the read model knows). */
export async function chefUserIds(database: Database, tx: Executor, profileIds: string[]): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await database.rows<{ user_id: string }>(
    sql`select user_id from jobs.chef_profiles where profile_id in (${sql.join(
      profileIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by user_id`,
    tx,
  );
  return rows.map((r) => r.user_id);
}

/** Scopes whose lists show this chef's profile: the chef's own and every restaurant they applied to. */
export async function scopesOfChef(database: Database, tx: Executor, chefId: string): Promise<string[]> {
  const rows = await database.rows<{ restaurant_id: string }>(
    sql`select distinct j.restaurant_id from jobs.applications a join jobs.jobs j on j.id = a.job_id where a.chef_id = ${chefId}`,
    tx,
  );
  return [`c:${chefId}`, ...rows.map((r) => `r:${r.restaurant_id}`)];
}

/**
 * Scopes whose lists show this restaurant's profile: its own, every chef who applied to it, and the chefs'
 * open list while it has a job there or one that may open (awaiting payment: a job opening concurrently is
 * still that in this transaction's view, so its list is never built with the old profile unseen). A rating
 * landing on a restaurant with nothing open or about to open moves no chef's open list.
 */
export async function scopesOfRestaurant(
  database: Database,
  tx: Executor,
  restaurantId: string,
): Promise<string[]> {
  const rows = await database.rows<{ chef_id: string }>(
    sql`select distinct a.chef_id from jobs.applications a join jobs.jobs j on j.id = a.job_id where j.restaurant_id = ${restaurantId}`,
    tx,
  );
  const [open] = await database.rows<{ listed: boolean }>(
    sql`select exists (select 1 from jobs.jobs where restaurant_id = ${restaurantId}
          and status in ('open', 'pending_payment', 'payment_failed')) as listed`,
    tx,
  );
  return [...(open?.listed ? ['jobs'] : []), `r:${restaurantId}`, ...rows.map((r) => `c:${r.chef_id}`)];
}

/** Issue 38: a restaurant's name and address as its profile says (a job's evidence), or null when unknown. */
export async function restaurantPlace(
  database: Database,
  restaurantId: string,
): Promise<{
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
} | null> {
  const rows = await database.rows<{
    name: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  }>(
    sql`select name, address, city, state, zip from jobs.restaurant_profiles where user_id = ${restaurantId}`,
  );
  return rows[0] ?? null;
}
