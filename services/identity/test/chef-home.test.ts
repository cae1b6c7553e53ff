import { sql } from '@brigade/kit';
import { cityCentre, milesBetween, roundMiles, zipLocation } from '@brigade/contracts';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 32: a chef gives a home ZIP (or an address ending with one), or their location once; distances are
// measured from it. The home is private: restaurants (a profile, a search result) never see it. A restaurant's
// ZIP (typed in, or ending its address) places it at that ZIP's centre, so a distance is between two real points.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const MINNEAPOLIS = cityCentre('Minneapolis')!;
const zip = (code: string) => zipLocation(code, 'Minneapolis')!;

async function chef(name: string, extra: Record<string, unknown> = {}) {
  const s = await signUp(h, 'chef');
  const res = await h.post(
    '/profiles/chef',
    { name, bio: 'Line cook', city: 'Minneapolis', skills: '["Prep Cook"]', ...extra },
    s.access_token,
  );
  expect(res.status).toBe(200);
  return { token: s.access_token, id: s.user.id, profile: res.body.profile };
}

async function restaurant(extra: Record<string, unknown>) {
  const s = await signUp(h, 'restaurant');
  const res = await h.post(
    '/profiles/restaurant',
    { name: 'Kitchen', description: 'd', city: 'Minneapolis', cuisineTypes: '["American"]', ...extra },
    s.access_token,
  );
  return { token: s.access_token, res };
}

const search = async (token: string, radius: number) =>
  (await h.get(`/profiles/chefs?skills=${encodeURIComponent('["Prep Cook"]')}&radius=${radius}`, token)).body
    .chefs as any[];

test('a ZIP or an address ending with one sets the home; the chef sees it, and a bad one is a 400 that changes nothing', async () => {
  const ana = await chef('Ana Home', { home: '2900 Hennepin Ave S, Minneapolis, MN 55408' });
  expect(ana.profile.home).toEqual({ source: 'zip', zip: '55408' });
  expect(ana.profile).toMatchObject({ latitude: zip('55408').lat, longitude: zip('55408').lon });
  expect((await h.get('/profiles/me', ana.token)).body.profile.home).toEqual({ source: 'zip', zip: '55408' });

  for (const [home, code] of [
    ['99999', 'IDENTITY.UNKNOWN_ZIP'],
    ['2900 Hennepin Ave S, Minneapolis', 'IDENTITY.UNKNOWN_ZIP'],
    ['48201', 'IDENTITY.HOME_OUTSIDE_AREA'], // Detroit's, for a Minneapolis chef
  ]) {
    const refused = await h.post('/profiles/chef', { home }, ana.token);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(code);
    expect(refused.body.error).toMatch(/ZIP|miles/);
  }
  const faraway = await h.post('/profiles/chef', { homeLatitude: 40.7, homeLongitude: -74 }, ana.token);
  expect(faraway.status).toBe(400);
  expect(faraway.body.code).toBe('IDENTITY.HOME_OUTSIDE_AREA');
  expect((await h.post('/profiles/chef', { homeLatitude: 44.9 }, ana.token)).status).toBe(400);
  expect((await h.get('/profiles/me', ana.token)).body.profile).toMatchObject({
    home: { source: 'zip', zip: '55408' },
    latitude: zip('55408').lat,
  });

  // "Use my location": kept to 0.01 degree, never the browser's own figures.
  const located = await h.post(
    '/profiles/chef',
    { homeLatitude: 44.94876, homeLongitude: -93.29342 },
    ana.token,
  );
  expect(located.status).toBe(200);
  expect(located.body.profile).toMatchObject({
    home: { source: 'location', zip: null },
    latitude: 44.95,
    longitude: -93.29,
  });
  const [stored] = await h.database.rows<{ latitude: number; longitude: number; home_zip: string | null }>(
    sql`select latitude, longitude, home_zip from identity.chef_profiles where user_id = ${ana.id}`,
  );
  expect(stored).toEqual({ latitude: 44.95, longitude: -93.29, home_zip: null });

  // '' removes it: distances from the city's centre again. A new city leaves an old home behind.
  const cleared = await h.post('/profiles/chef', { home: '' }, ana.token);
  expect(cleared.body.profile).toMatchObject({
    home: null,
    latitude: MINNEAPOLIS.lat,
    longitude: MINNEAPOLIS.lon,
  });
  await h.post('/profiles/chef', { home: '55408' }, ana.token);
  const moved = await h.post('/profiles/chef', { city: 'Detroit' }, ana.token);
  expect(moved.body.profile).toMatchObject({ city: 'Detroit', home: null, latitude: 42.3314 });
});

test('the home is private: restaurants read the city and a distance, never the ZIP or the point', async () => {
  const ben = await chef('Ben Private', { home: '55408' });
  const stPaul = await restaurant({ address: '10 W 7th St', zip: '55102' });
  expect(stPaul.res.status).toBe(200);

  const profile = await h.get(`/profiles/chef/${ben.id}`, stPaul.token);
  expect(profile.status).toBe(200);
  expect(profile.body.profile).not.toHaveProperty('home');
  expect(profile.body.profile).toMatchObject({ latitude: MINNEAPOLIS.lat, longitude: MINNEAPOLIS.lon });
  const found = (await search(stPaul.token, 25)).find((c) => c.user_id === ben.id);
  expect(found).toBeDefined();
  expect(found).not.toHaveProperty('home');
  expect(found).toMatchObject({ latitude: MINNEAPOLIS.lat, longitude: MINNEAPOLIS.lon });
  for (const text of [JSON.stringify(profile.body), JSON.stringify(found)]) {
    expect(text).not.toContain('55408');
    expect(text).not.toContain(String(zip('55408').lat));
    expect(text).not.toContain(String(zip('55408').lon));
  }
  // Another chef reading Ben's profile sees the same public one.
  const other = await chef('Other Chef');
  expect((await h.get(`/profiles/chef/${ben.id}`, other.token)).body.profile).not.toHaveProperty('home');

  // jobs learns the home (the point it measures the openings from) by the profile event, marked as a home.
  const events = await h.database.rows<{ payload: any }>(
    sql`select payload from identity.outbox where type = 'identity.chef_profile.updated.v1' order by seq`,
  );
  const data = events.map((e) => e.payload.data ?? e.payload).filter((d) => d.user_id === ben.id);
  expect(data.at(-1)).toMatchObject({
    home: true,
    latitude: zip('55408').lat,
    longitude: zip('55408').lon,
  });
});

test("a restaurant's chef search measures to each chef's home, from the restaurant's ZIP or the ZIP ending its address", async () => {
  const home = await chef('Cora Uptown', { home: '55408' });
  const centre = await chef('Dan Centre');
  // No zip field: the ZIP ending the address places it (it used to stay at the city's centre).
  const stPaul = await restaurant({ address: '375 Jackson St, St Paul, MN 55101' });
  expect(stPaul.res.status).toBe(200);
  expect(stPaul.res.body.profile).toMatchObject({
    zip: '55101',
    latitude: zip('55101').lat,
    longitude: zip('55101').lon,
  });

  const found = Object.fromEntries(
    (await search(stPaul.token, 25)).map((c) => [c.user_id, c.distance_miles]),
  );
  expect(found[home.id]).toBe(roundMiles(milesBetween(zip('55101'), zip('55408'))));
  expect(found[home.id]).toBe(10.1);
  expect(found[centre.id]).toBe(roundMiles(milesBetween(zip('55101'), MINNEAPOLIS)));
  // The radius is measured to the home too: 10.1 miles is out of a 10-mile search.
  const within10 = (await search(stPaul.token, 10)).map((c) => c.user_id);
  expect(within10).not.toContain(home.id);
  expect(within10).toContain(centre.id);

  // A ZIP typed in that is not of the restaurant's city is refused; a blank one falls back to the address.
  const wrong = await restaurant({ address: '1 Main St', zip: '48201' });
  expect(wrong.res.status).toBe(400);
  expect(wrong.res.body.code).toBe('IDENTITY.UNKNOWN_ZIP');
});
