import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { searchChefProfiles, type ChefSearch } from '../src/db/profiles.repository';
import { startIdentity, type Harness } from './harness';

// Issue 22: the chef search finds its page's ids from narrow columns first (an index-only scan with a place) and
// reads the wide rows after. Its pages must be those of the plain statement: every chef scanned, the exact
// distance alone (no bounding box), the whole row sorted. Many chefs share a place, a rating count and a name,
// so the ties decide the order and the page boundaries.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
  await seed();
});
afterAll(() => h.close());

const MPLS = { lat: 44.9778, lon: -93.265 };
const SKILLS = ['Grill Cook', 'Pastry', 'Sushi', 'Line Cook', 'Rare'];

// A small deterministic generator, so a failure can be replayed.
let state = 22;
function next(n: number) {
  state = (state * 1103515245 + 12345) % 2147483648;
  return Math.floor((state / 2147483648) * n);
}

async function seed() {
  const values: SQL[] = [];
  const users: SQL[] = [];
  for (let i = 0; i < 400; i++) {
    const userId = randomUUID();
    // Places on a coarse grid around Minneapolis (many chefs at the same distance), a few far away.
    const far = next(10) === 0;
    const lat = far ? 30 + next(20) : MPLS.lat + (next(7) - 3) * 0.08;
    const lon = far ? -80 - next(30) : MPLS.lon + (next(7) - 3) * 0.1;
    const skills = SKILLS.slice(0, 4).filter(() => next(3) === 0);
    if (next(40) === 0) skills.push('Rare');
    const rate = next(5) === 0 ? null : 15 + next(5) * 5;
    users.push(
      sql`(${userId}::uuid, ${`ref${i}@example.com`}, ${`+1612555${String(i).padStart(4, '0')}`}, 'x', 'chef',
        ${next(15) === 0 ? new Date().toISOString() : null}::timestamptz)`,
    );
    values.push(
      sql`(${randomUUID()}::uuid, ${userId}::uuid, ${`Chef ${String.fromCharCode(65 + next(4))}`}, 'bio', ${next(4) === 0 ? 'St Paul' : 'Minneapolis'},
        'MN', ${lat}::float8, ${lon}::float8, 25, ${`{${skills.map((s) => `"${s}"`).join(',')}}`}::text[], '{}'::jsonb,
        ${rate}::numeric, ${next(3) * 5}, ${next(3)})`,
    );
  }
  await h.database.rows(
    sql`insert into identity.users (id, email, phone, password_hash, user_type, suspended_at)
        values ${sql.join(users, sql`, `)}`,
  );
  await h.database.rows(
    sql`insert into identity.chef_profiles (id, user_id, name, bio, city, state, latitude, longitude, travel_radius,
          skills, availability, hourly_rate_min, rating_sum, total_ratings)
        values ${sql.join(values, sql`, `)}`,
  );
}

/** The plain statement: every chef, the exact distance, the whole row sorted, then the page. */
async function reference(search: ChefSearch) {
  const { origin } = search;
  const conditions: SQL[] = [
    sql`not exists (select 1 from identity.users u where u.id = c.user_id and u.suspended_at is not null)`,
  ];
  if (search.skills && search.skills.length > 0)
    conditions.push(sql`c.skills && ${`{${search.skills.map((s) => `"${s}"`).join(',')}}`}::text[]`);
  if (search.minRate !== undefined)
    conditions.push(sql`(c.hourly_rate_min is null or c.hourly_rate_min >= ${search.minRate}::numeric)`);
  if (search.maxRate !== undefined)
    conditions.push(sql`(c.hourly_rate_min is null or c.hourly_rate_min <= ${search.maxRate}::numeric)`);
  if (search.city) conditions.push(sql`c.city = ${search.city}`);
  const distance = origin
    ? sql`3958.8 * 2 * asin(sqrt(power(sin(radians(c.latitude - ${origin.lat}::float8) / 2), 2) + cos(radians(${origin.lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${origin.lon}::float8) / 2), 2)))`
    : sql`null::float8`;
  if (origin) conditions.push(sql`${distance} <= ${search.radius}::float8`);
  const rows = await h.database.rows<{ id: string; distance: number | null }>(
    sql`select c.*, ${distance} as distance from identity.chef_profiles c
        where ${sql.join(conditions, sql` and `)}
        order by ${origin ? sql`distance` : sql`c.id`}, c.total_ratings desc, c.name, c.id
        limit ${search.limit}::int offset ${search.offset}::int`,
  );
  return rows.map((r) => [r.id, r.distance === null ? null : Number(r.distance)]);
}

test('pages of the narrow-first search are those of the plain statement, ties and boundaries included', async () => {
  const searches: ChefSearch[] = [];
  const skillSets = [undefined, ['Grill Cook'], ['Pastry', 'Sushi'], ['Rare'], SKILLS, ['Nobody']];
  for (const skills of skillSets)
    for (const origin of [MPLS, { lat: 44.99, lon: -93.2 }, null])
      for (const radius of [1, 5, 25, 500])
        for (const [limit, offset] of [
          [25, 0],
          [7, 0],
          [7, 7],
          [7, 14],
          [10, 95],
          [100, 0],
        ])
          searches.push({ skills, origin, radius, limit, offset, recentSince: new Date(0) });
  for (let i = 0; i < 30; i++)
    searches.push({
      skills: [SKILLS[next(5)]],
      minRate: next(2) ? 20 : undefined,
      maxRate: next(2) ? 30 : undefined,
      city: next(3) === 0 ? 'St Paul' : undefined,
      origin: MPLS,
      radius: [3, 10, 25][next(3)],
      limit: 5,
      offset: next(4) * 5,
      recentSince: new Date(0),
    });

  let nonEmpty = 0;
  for (const search of searches) {
    const found = (await searchChefProfiles(h.database, search)).map((r) => [r.chef.id, r.distance]);
    expect({ search, found }).toEqual({ search, found: await reference(search) });
    if (found.length > 0) nonEmpty++;
  }
  expect(nonEmpty).toBeGreaterThan(searches.length / 2);
});
