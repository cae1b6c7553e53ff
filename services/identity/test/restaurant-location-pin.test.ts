import { sql } from '@brigade/kit';
import { cityCentre, zipLocation } from '@brigade/contracts';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 34: a restaurant pins its location ("I am at the restaurant now": the browser's position and its accuracy).
// The pin is its latitude/longitude; its own answers say location_pinned, chefs' do not. A vague or far-away
// position is refused with nothing changed, and a new address, ZIP or city removes the pin (the place moved).

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const MINNEAPOLIS = cityCentre('Minneapolis')!;
const zip = (code: string) => zipLocation(code, 'Minneapolis')!;
// 212 N 1st Ave, Minneapolis (the North Loop), as a phone would give it.
const AT_THE_DOOR = { latitude: 44.9863512, longitude: -93.2698734 };

async function restaurant() {
  const s = await signUp(h, 'restaurant');
  const res = await h.post(
    '/profiles/restaurant',
    {
      name: 'North Loop Kitchen',
      description: 'Scratch kitchen',
      address: '212 N 1st Ave, Minneapolis, MN 55401',
      city: 'Minneapolis',
      // what the onboarding's city picker sends with every save
      latitude: MINNEAPOLIS.lat,
      longitude: MINNEAPOLIS.lon,
      cuisineTypes: '["American"]',
    },
    s.access_token,
  );
  expect(res.status).toBe(200);
  return { token: s.access_token, id: s.user.id, profile: res.body.profile };
}

const me = async (token: string) => (await h.get('/profiles/me', token)).body.profile;
const lastEvent = async (userId: string) => {
  const events = await h.database.rows<{ payload: any }>(
    sql`select payload from identity.outbox where type = 'identity.restaurant_profile.updated.v1' order by seq`,
  );
  return events
    .map((e) => e.payload.data ?? e.payload)
    .filter((d) => d.user_id === userId)
    .at(-1);
};

test('"I am at the restaurant now" pins the location with its accuracy; the owner sees it, chefs do not, jobs learns it', async () => {
  const r = await restaurant();
  // Placed at its ZIP's centre: no pin yet, and the profile says so.
  expect(r.profile).toMatchObject({
    latitude: zip('55401').lat,
    longitude: zip('55401').lon,
    location_pinned: false,
    location_pin: null,
  });
  expect(await lastEvent(r.id)).toMatchObject({ location_pinned: false });

  const pinned = await h.post('/profiles/restaurant', { ...AT_THE_DOOR, accuracyM: 18.4 }, r.token);
  expect(pinned.status).toBe(200);
  expect(pinned.body.profile).toMatchObject({
    latitude: 44.98635,
    longitude: -93.26987,
    location_pinned: true,
    location_pin: { accuracy_m: 18.4 },
  });
  expect(Date.parse(pinned.body.profile.location_pin.pinned_at)).toBeGreaterThan(Date.now() - 60_000);
  expect(await me(r.token)).toMatchObject({ location_pinned: true, latitude: 44.98635 });
  expect(await lastEvent(r.id)).toMatchObject({
    location_pinned: true,
    latitude: 44.98635,
    longitude: -93.26987,
  });

  // Saving other fields (or the city picker's centre again, the same address and ZIP) keeps the pin.
  const renamed = await h.post(
    '/profiles/restaurant',
    {
      name: 'North Loop Kitchen & Bar',
      address: '212 N 1st Ave, Minneapolis, MN 55401',
      zip: '55401',
      latitude: MINNEAPOLIS.lat,
      longitude: MINNEAPOLIS.lon,
    },
    r.token,
  );
  expect(renamed.status).toBe(200);
  expect(renamed.body.profile).toMatchObject({ location_pinned: true, latitude: 44.98635 });

  // A chef reads the restaurant's profile: its place, but not whether it is pinned.
  const chef = await signUp(h, 'chef');
  const seen = await h.get(`/profiles/restaurant/${r.id}`, chef.access_token);
  expect(seen.status).toBe(200);
  expect(seen.body.profile).not.toHaveProperty('location_pinned');
  expect(seen.body.profile).not.toHaveProperty('location_pin');
});

test('a position vaguer than 250 m or outside the city area is refused, and nothing changes', async () => {
  const r = await restaurant();
  await h.post('/profiles/restaurant', { ...AT_THE_DOOR, accuracyM: 30 }, r.token);
  const before = await me(r.token);

  const vague = await h.post(
    '/profiles/restaurant',
    { latitude: 44.99, longitude: -93.27, accuracyM: 1200, name: 'Renamed' },
    r.token,
  );
  expect(vague.status).toBe(422);
  expect(vague.body.code).toBe('IDENTITY.LOCATION_TOO_VAGUE');
  expect(vague.body.error).toMatch(/250 m/);

  const chicago = await h.post(
    '/profiles/restaurant',
    { latitude: 41.8781, longitude: -87.6298, accuracyM: 10 },
    r.token,
  );
  expect(chicago.status).toBe(422);
  expect(chicago.body.code).toBe('IDENTITY.PIN_OUTSIDE_AREA');

  // An accuracy without the position it measures is a 400.
  expect((await h.post('/profiles/restaurant', { accuracyM: 10 }, r.token)).status).toBe(400);

  const after = await me(r.token);
  expect(after).toMatchObject({
    name: before.name,
    latitude: before.latitude,
    longitude: before.longitude,
    location_pin: before.location_pin,
  });
});

test('a new address or ZIP removes the pin (the place moved) unless a new pin comes with it; coordinates alone are no pin', async () => {
  const r = await restaurant();
  await h.post('/profiles/restaurant', { ...AT_THE_DOOR, accuracyM: 12 }, r.token);

  const moved = await h.post(
    '/profiles/restaurant',
    { address: '2900 Hennepin Ave S, Minneapolis, MN 55408' },
    r.token,
  );
  expect(moved.status).toBe(200);
  expect(moved.body.profile).toMatchObject({
    location_pinned: false,
    location_pin: null,
    zip: '55408',
    latitude: zip('55408').lat,
    longitude: zip('55408').lon,
  });
  expect(await lastEvent(r.id)).toMatchObject({ location_pinned: false, latitude: zip('55408').lat });

  // Moving with a new pin sent in the same save keeps the new pin.
  const movedPinned = await h.post(
    '/profiles/restaurant',
    {
      address: '1 Main St SE, Minneapolis, MN 55414',
      latitude: 44.98391,
      longitude: -93.25611,
      accuracyM: 40,
    },
    r.token,
  );
  expect(movedPinned.body.profile).toMatchObject({ location_pinned: true, latitude: 44.98391, zip: '55414' });

  // A ZIP alone moves it too.
  const zipOnly = await h.post('/profiles/restaurant', { zip: '55408' }, r.token);
  expect(zipOnly.body.profile).toMatchObject({ location_pinned: false, latitude: zip('55408').lat });

  // Coordinates without an accuracy (an API client) place the restaurant as before, but are not a pin.
  const typed = await h.post('/profiles/restaurant', { latitude: 44.95, longitude: -93.29 }, r.token);
  expect(typed.body.profile).toMatchObject({ latitude: 44.95, longitude: -93.29, location_pinned: false });
  const [row] = await h.database.rows<{ location_pinned_at: unknown }>(
    sql`select location_pinned_at from identity.restaurant_profiles where user_id = ${r.id}`,
  );
  expect(row.location_pinned_at).toBeNull();
});
