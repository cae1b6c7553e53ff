import { randomUUID } from 'node:crypto';
import { CITIES, DEFAULT_TRAVEL_RADIUS } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { nearbyChefsPage, pageReach, type NearbyPage } from '../src/db/alerts.repository';
import { restaurantOrigin } from '../src/db/read-models.repository';
import { loadMigrations } from '../src/app';

// Issue 41 (ADR 45): whom to text about a shift is read from the chefs nearest the restaurant first, then a page of
// only those that near. Its pages must be those of the plain statement it replaced: every chef, the restaurant
// joined, the exact distance, sorted by it and then by id. Chefs share places on a coarse grid (ties decide the
// order and the page boundaries), some have no coordinates (their city's centre counts, or nothing when their city
// is not served), radii differ, availability and the reasons not to tell a chef leave many out near the restaurant.

let database: TestDatabase;
const MPLS = CITIES.Minneapolis;
const FOOD = 'food_handler';

// A small deterministic generator, so a failure can be replayed.
let state = 45;
function next(n: number) {
  state = (state * 1103515245 + 12345) % 2147483648;
  return Math.floor((state / 2147483648) * n);
}

const restaurants: Record<string, string> = {};
const chefs: { userId: string; profileId: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase('jobs', await loadMigrations());
  await seed();
});
afterAll(() => database.destroy());

async function seed() {
  const places: Record<string, [string, number | null, number | null]> = {
    // on the grid the chefs stand on: many chefs at exactly the same distance
    grid: ['Minneapolis', MPLS.latitude + 0.08, MPLS.longitude - 0.1],
    off: ['Minneapolis', MPLS.latitude - 0.0317, MPLS.longitude + 0.0421],
    // no coordinates: its city's centre, where the chefs without coordinates stand
    centre: ['Minneapolis', null, null],
    // one coordinate: the other is its city's centre's
    half: ['Minneapolis', MPLS.latitude + 0.05, null],
    nowhere: ['Atlantis', null, null],
  };
  const rows: SQL[] = [];
  for (const [name, [city, lat, lon]] of Object.entries(places)) {
    restaurants[name] = randomUUID();
    rows.push(sql`(${randomUUID()}::uuid, ${restaurants[name]}::uuid, ${name}, '1 Main St', ${city}, 'MN',
      ${lat}::float8, ${lon}::float8, '[]'::jsonb, 0, now())`);
  }
  await database.rows(sql`insert into jobs.restaurant_profiles (profile_id, user_id, name, address, city, state,
    latitude, longitude, cuisine_types, total_ratings, source_occurred_at) values ${sql.join(rows, sql`, `)}`);

  const profiles: SQL[] = [];
  const phones: SQL[] = [];
  const credentials: SQL[] = [];
  const suspended: SQL[] = [];
  const blocks: SQL[] = [];
  const radii = [5, 10, 15, 20, 25, 30, null];
  for (let i = 0; i < 900; i++) {
    const userId = randomUUID();
    const profileId = randomUUID();
    chefs.push({ userId, profileId });
    const kind = next(100);
    let city = 'Minneapolis';
    let lat: number | null = MPLS.latitude + (next(9) - 4) * 0.04;
    let lon: number | null = MPLS.longitude + (next(9) - 4) * 0.05;
    if (kind < 5) [lat, lon] = [null, null];
    else if (kind < 7) [city, lat, lon] = ['Atlantis', null, null];
    else if (kind < 9) lon = null;
    else if (kind < 14) [city, lat, lon] = ['Detroit', CITIES.Detroit.latitude, CITIES.Detroit.longitude];
    else if (kind < 20)
      [lat, lon] = [MPLS.latitude + (next(60) - 30) * 0.01, MPLS.longitude + (next(60) - 30) * 0.013];
    const a = next(10);
    const availability =
      a < 6
        ? null
        : {
            friday: { available: a < 8, start: '08:00', end: '20:00' },
            monday: { available: a === 9, start: '08:00', end: '18:00' },
          };
    profiles.push(sql`(${profileId}::uuid, ${userId}::uuid, ${`Chef ${i}`}, 'bio', ${city}, 'MN', '[]'::jsonb,
      ${radii[next(radii.length)]}::int, ${lat}::float8, ${lon}::float8, ${availability ? JSON.stringify(availability) : null}::jsonb,
      0, now(), now())`);
    const p = next(30);
    if (p > 0)
      phones.push(sql`(${userId}::uuid, ${p === 1 ? null : `+1612555${String(i).padStart(4, '0')}`}, now())`);
    const c = next(10);
    if (c < 3)
      credentials.push(
        sql`(${randomUUID()}::uuid, ${userId}::uuid, ${FOOD}, ${c === 0 ? '2001-01-01' : '2999-01-01'}::date, 'verified')`,
      );
    if (next(40) === 0) suspended.push(sql`(${userId}::uuid, now(), now())`);
    if (next(25) === 0)
      blocks.push(
        sql`(${restaurants.grid}::uuid, ${userId}::uuid, ${next(2) ? 'chef' : 'restaurant'}, now())`,
      );
  }
  await database.rows(sql`insert into jobs.chef_profiles (profile_id, user_id, name, bio, city, state, skills,
    travel_radius, latitude, longitude, availability, total_ratings, source_occurred_at, rating_occurred_at)
    values ${sql.join(profiles, sql`, `)}`);
  await database.rows(
    sql`insert into jobs.user_phones (user_id, phone, source_occurred_at) values ${sql.join(phones, sql`, `)}`,
  );
  await database.rows(sql`insert into jobs.chef_credentials (credential_id, chef_id, type, expires_on, status)
    values ${sql.join(credentials, sql`, `)}`);
  await database.rows(sql`insert into jobs.suspended_users (user_id, suspended_at, source_occurred_at)
    values ${sql.join(suspended, sql`, `)}`);
  await database.rows(
    sql`insert into jobs.blocks (restaurant_id, chef_id, by, created_at) values ${sql.join(blocks, sql`, `)}`,
  );
  await database.rows(sql`analyze`);
}

/** The database, counting the statements a page takes. */
let reads = 0;
const counting = new Proxy({} as TestDatabase, {
  get: (_, key: keyof TestDatabase) =>
    key === 'rows'
      ? (...args: Parameters<TestDatabase['rows']>) => ((reads += 1), database.rows(...args))
      : database[key],
});

const ids = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );

/** The plain statement the walk replaced: every chef, the restaurant joined, the exact distance, all sorted. */
async function reference(page: NearbyPage) {
  const centre = (city: SQL, axis: 'latitude' | 'longitude') =>
    sql`(case ${city} when 'Minneapolis' then ${MPLS[axis]}::float8 when 'Detroit' then ${CITIES.Detroit[axis]}::float8 end)`;
  const has = sql`(cp.latitude is not null and cp.longitude is not null)`;
  const lat1 = sql`(case when ${has} then cp.latitude else ${centre(sql`cp.city`, 'latitude')} end)`;
  const lon1 = sql`(case when ${has} then cp.longitude else ${centre(sql`cp.city`, 'longitude')} end)`;
  const lat2 = sql`coalesce(rp.latitude, ${centre(sql`rp.city`, 'latitude')})`;
  const lon2 = sql`coalesce(rp.longitude, ${centre(sql`rp.city`, 'longitude')})`;
  const miles = sql`(3958.8::float8 * 2 * asin(sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2))))`;
  const credentials = (page.requiredCredentials ?? []).map(
    (
      type,
    ) => sql`and exists (select 1 from jobs.chef_credentials cc where cc.chef_id = d.chef_id and cc.type = ${type}
      and cc.status = 'verified' and cc.expires_on > current_date)`,
  );
  const rows = await database.rows<{ chef_id: string; miles: number | string }>(
    sql`select d.chef_id, d.miles from (
          select cp.user_id as chef_id, cp.profile_id, cp.availability, cp.travel_radius, ${miles} as miles
            from jobs.restaurant_profiles rp join jobs.chef_profiles cp on true
           where rp.user_id = ${page.restaurantId}
        ) d
        where d.miles is not null
          and d.miles <= coalesce(d.travel_radius, ${DEFAULT_TRAVEL_RADIUS})::float8
          and (d.availability is null or coalesce((d.availability -> ${page.weekday} ->> 'available')::boolean, false))
          and ${page.exceptUserIds.length ? sql`d.chef_id not in (${ids(page.exceptUserIds)})` : sql`true`}
          and ${page.exceptProfileIds.length ? sql`d.profile_id not in (${ids(page.exceptProfileIds)})` : sql`true`}
          and d.chef_id <> ${page.restaurantId}
          and not exists (select 1 from jobs.blocks b where b.restaurant_id = ${page.restaurantId} and b.chef_id = d.chef_id)
          and not exists (select 1 from jobs.suspended_users su where su.user_id = d.chef_id)
          and not exists (select 1 from jobs.user_phones up where up.user_id = d.chef_id and up.phone is null)
          ${sql.join(credentials, sql` `)}
        order by d.miles, d.chef_id
        limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((r) => ({ chef_id: r.chef_id, miles: Number(r.miles) }));
}

async function pageFor(restaurant: string, overrides: Partial<NearbyPage>): Promise<NearbyPage> {
  const { place } = await restaurantOrigin(database, restaurants[restaurant]);
  return {
    jobId: randomUUID(),
    restaurantId: restaurants[restaurant],
    origin: place,
    weekday: 'friday',
    exceptUserIds: [],
    exceptProfileIds: [],
    limit: 200,
    offset: 0,
    ...overrides,
  };
}

test('every page is the plain statement’s: the same chefs in the same order with the same miles, ties included', async () => {
  const shapes: [number, number][] = [
    [200, 0],
    [200, 200],
    [25, 0],
    [25, 50],
    [5, 0],
    [5, 5],
    [3, 9],
    [1, 0],
    [1, 17],
    [7, 300],
  ];
  const paths = { narrowed: 0, whole: 0 };
  let compared = 0;
  for (const restaurant of Object.keys(restaurants))
    for (const weekday of ['friday', 'monday'])
      for (const [limit, offset] of shapes)
        for (const except of ['none', 'users', 'profiles', 'credential']) {
          const page = await pageFor(restaurant, {
            weekday,
            limit,
            offset,
            exceptUserIds: except === 'users' ? chefs.filter(() => next(4) === 0).map((c) => c.userId) : [],
            exceptProfileIds:
              except === 'profiles' ? chefs.filter(() => next(4) === 0).map((c) => c.profileId) : [],
            requiredCredentials: except === 'credential' ? [FOOD] : [],
          });
          const expected = await reference(page);
          reads = 0;
          const got = await nearbyChefsPage(counting, database.db, page);
          const statements = reads;
          expect({
            restaurant,
            weekday,
            limit,
            offset,
            except,
            page: got.map((c) => ({ chef_id: c.chef_id, miles: c.miles })),
          }).toEqual({ restaurant, weekday, limit, offset, except, page: expected });
          const reach = page.origin ? await pageReach(database, database.db, page, page.origin) : null;
          if (reach !== null) {
            // the reach alone was enough: the walk and the page, no second look at every chef
            paths.narrowed++;
            expect({ restaurant, weekday, limit, offset, except, statements }).toEqual({
              restaurant,
              weekday,
              limit,
              offset,
              except,
              statements: 2,
            });
          } else paths.whole++;
          compared += expected.length;
        }
  // both ways of reading were compared, on many chefs
  expect(paths.narrowed).toBeGreaterThan(200);
  expect(paths.whole).toBeGreaterThan(50);
  expect(compared).toBeGreaterThan(10_000);
});

test('the restaurant’s place is its coordinates, else its city’s centre; a place nobody knows reaches no one', async () => {
  expect((await restaurantOrigin(database, restaurants.half)).place).toEqual({
    lat: MPLS.latitude + 0.05,
    lon: MPLS.longitude,
  });
  expect((await restaurantOrigin(database, restaurants.centre)).place).toEqual({
    lat: MPLS.latitude,
    lon: MPLS.longitude,
  });
  expect((await restaurantOrigin(database, restaurants.nowhere)).place).toBeNull();
  expect(await nearbyChefsPage(database, database.db, await pageFor('nowhere', {}))).toEqual([]);
  // a chef without coordinates stands at their city's centre: first for the restaurant there
  const [first] = await nearbyChefsPage(database, database.db, await pageFor('centre', { limit: 1 }));
  expect(first.miles).toBe(0);
});
