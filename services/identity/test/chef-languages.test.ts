import { migrate, sql } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import { newAccount, signUp, startIdentity, type Harness } from './harness';

// Issue 32: a chef says which languages they speak (ISO 639-1 codes). The profile shows them, restaurants see
// them in the chef search, and identity.chef_profile.updated.v1 carries them to the other services. Profiles
// made before keep the account's language until the chef says otherwise.

describe('the languages a chef speaks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(() => h.close());

  const profile = { name: 'Ana Ruiz', bio: 'Line cook', city: 'Minneapolis', skills: '["Line Cook"]' };

  /** The languages of the newest chef_profile.updated.v1 identity wrote for this user. */
  async function announced(userId: string) {
    const rows = await h.database.rows<{ payload: any }>(
      sql`select payload from identity.outbox where type = 'identity.chef_profile.updated.v1'
          and payload->>'user_id' = ${userId} order by seq desc limit 1`,
    );
    return rows[0]?.payload.languages;
  }

  test('a new profile speaks the account language; the chef lists theirs, shown on the profile, in search and in the event', async () => {
    const signup = await h.post('/auth/signup', newAccount('chef', { languagePreference: 'es' }));
    const token = signup.body.session.access_token;
    const userId = signup.body.user.id;
    const created = await h.post('/profiles/chef', profile, token);
    expect(created.body.profile.languages).toEqual(['es']);
    expect(await announced(userId)).toEqual(['es']);

    const saved = await h.post('/profiles/chef', { languages: '["es", "EN", "so"]' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.profile.languages).toEqual(['es', 'en', 'so']);
    expect(await announced(userId)).toEqual(['es', 'en', 'so']);
    // Saving something else keeps them.
    const bio = await h.post('/profiles/chef', { bio: 'Grill and prep' }, token);
    expect(bio.body.profile.languages).toEqual(['es', 'en', 'so']);

    const restaurant = await signUp(h, 'restaurant');
    const seen = await h.get(`/profiles/chef/${userId}`, restaurant.access_token);
    expect(seen.body.profile.languages).toEqual(['es', 'en', 'so']);
    const search = await h.get('/profiles/chefs?city=Minneapolis&limit=200', restaurant.access_token);
    expect(search.body.chefs.find((c: any) => c.user_id === userId).languages).toEqual(['es', 'en', 'so']);
  });

  test('unknown codes, a language twice, none or more than 10 are refused with a clear 400, and change nothing', async () => {
    const { session } = (await h.post('/auth/signup', newAccount('chef'))).body;
    const token = session.access_token;
    await h.post('/profiles/chef', { ...profile, languages: '["en"]' }, token);
    const cases: Array<[unknown, string]> = [
      ['["xx"]', 'Unknown language code'],
      ['["english"]', 'Unknown language code'],
      ['["es", "ES"]', 'Each language can be listed once'],
      ['[]', 'Choose at least one language you speak'],
      [
        JSON.stringify(['en', 'es', 'fr', 'de', 'it', 'pt', 'so', 'ar', 'vi', 'zh', 'ko']),
        'Choose at most 10 languages',
      ],
      ['"en"', 'Languages must be a list of ISO 639-1 codes, like ["es", "en"]'],
    ];
    for (const [languages, error] of cases) {
      const refused = await h.post('/profiles/chef', { languages }, token);
      expect([languages, refused.status, refused.body.error, refused.body.code]).toEqual([
        languages,
        400,
        error,
        'VALIDATION.FAILED',
      ]);
    }
    expect((await h.get('/profiles/me', token)).body.profile.languages).toEqual(['en']);
  });
});

describe('migration 0010: what existed before', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    const all = await loadMigrations();
    database = await createTestDatabase(
      'identity',
      all.filter((m) => m.name < '0010'),
    );
  });
  afterAll(() => database?.destroy());

  test("existing chef profiles speak their account's language, and members' verified phones and profiles are announced again", async () => {
    const chef = '00000000-0000-4000-8000-000000000001';
    const restaurant = '00000000-0000-4000-8000-000000000002';
    const unverified = '00000000-0000-4000-8000-000000000003';
    const operator = '00000000-0000-4000-8000-000000000004';
    const user = (id: string, type: string, phone: string, verified: boolean, language: string) =>
      database.db.execute(sql`
        insert into identity.users (id, email, phone, password_hash, user_type, language_preference, phone_verified)
        values (${id}, ${`${id}@example.com`}, ${phone}, 'x', ${type}, ${language}, ${verified})`);
    await user(chef, 'chef', '+16125550101', true, 'es');
    await user(restaurant, 'restaurant', '+16125550102', true, 'en');
    await user(unverified, 'chef', '+16125550103', false, 'en');
    await user(operator, 'operator', '', true, 'en');
    await database.db.execute(sql`
      insert into identity.chef_profiles (id, user_id, name, bio, city, state, latitude, longitude,
        travel_radius, skills, availability, hourly_rate_min, rating_sum, total_ratings)
      values ('00000000-0000-4000-8000-0000000000c1', ${chef}, 'Ana', 'Grill', 'Detroit', 'MI', 42.33, -83.04,
        15, array['Line Cook'], '{}'::jsonb, 18.50, 9, 2)`);

    await migrate(database, await loadMigrations());

    const [row] = await database.rows<{ languages: string[] }>(
      sql`select languages from identity.chef_profiles where user_id = ${chef}`,
    );
    expect(row.languages).toEqual(['es']);
    const events = await database.rows<{ type: string; payload: any }>(
      sql`select type, payload from identity.outbox order by seq`,
    );
    expect(events).toEqual([
      {
        type: 'identity.user.updated.v1',
        payload: {
          user_id: chef,
          phone: '+16125550101',
          phone_verified: true,
          user_type: 'chef',
          language_preference: 'es',
        },
      },
      {
        type: 'identity.user.updated.v1',
        payload: {
          user_id: restaurant,
          phone: '+16125550102',
          phone_verified: true,
          user_type: 'restaurant',
          language_preference: 'en',
        },
      },
      {
        type: 'identity.chef_profile.updated.v1',
        payload: {
          profile_id: '00000000-0000-4000-8000-0000000000c1',
          user_id: chef,
          name: 'Ana',
          bio: 'Grill',
          city: 'Detroit',
          state: 'MI',
          latitude: 42.33,
          longitude: -83.04,
          travel_radius: 15,
          skills: ['Line Cook'],
          profile_image_url: null,
          hourly_rate_min: 18.5,
          average_rating: 4.5,
          total_ratings: 2,
          language_preference: 'es',
          languages: ['es'],
        },
      },
    ]);
    // Each is a valid event of its contract (the relay publishes it as it is).
    const { eventSchemas } = await import('@brigade/contracts');
    for (const e of events)
      expect(eventSchemas[e.type as keyof typeof eventSchemas].safeParse(e.payload).success).toBe(true);
  });
});
