import { milesBetween, zipLocation } from '@brigade/contracts';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 20: Find Chefs shows real distances, from the restaurant (its ZIP's centre when it gave one of the
// service area) to each chef's place; issue 22: the radius is read from a bounding box on the indexed
// (latitude, longitude) first, with the same results as the exact distance alone.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function chef(name: string, extra: Record<string, unknown> = {}) {
  const s = await signUp(h, 'chef');
  const res = await h.post(
    '/profiles/chef',
    { name, bio: 'b', city: 'Minneapolis', skills: '["Grill Cook"]', ...extra },
    s.access_token,
  );
  expect(res.status).toBe(200);
  return s;
}

const distances = async (token: string, radius: number) =>
  Object.fromEntries(
    (
      await h.get(`/profiles/chefs?skills=${encodeURIComponent('["Grill Cook"]')}&radius=${radius}`, token)
    ).body.chefs.map((c: any) => [c.name, c.distance_miles]),
  );

test("a restaurant's ZIP places it in its neighbourhood, so chefs are shown at their real distance", async () => {
  await chef('City Chef');
  // 0.3 degrees of longitude east of the city's centre: about 14.6 miles away.
  await chef('East Chef', { latitude: '44.9778', longitude: String(-93.265 + 0.3) });
  const northLoop = await signUp(h, 'restaurant');
  // What the onboarding screen sends: the city picker's own coordinates, and the ZIP typed in.
  const saved = await h.post(
    '/profiles/restaurant',
    {
      name: 'North Loop Kitchen',
      description: 'd',
      address: '212 N 1st Ave',
      city: 'Minneapolis',
      zip: '55401',
      latitude: '44.9778',
      longitude: '-93.265',
      cuisineTypes: '["American"]',
    },
    northLoop.access_token,
  );
  expect(saved.status).toBe(200);
  // 55401's centre (the Census's ZIP area for it: issue 32's table of the service area's ZIPs).
  const zip = zipLocation('55401', 'Minneapolis')!;
  expect(zip).toEqual({ lat: 44.9854, lon: -93.2702 });
  expect(saved.body.profile).toMatchObject({ latitude: zip.lat, longitude: zip.lon });

  const found = await distances(northLoop.access_token, 25);
  const expected = milesBetween(zip, { lat: 44.9778, lon: -93.265 });
  expect(found['City Chef']).toBeCloseTo(expected, 1);
  expect(found['City Chef']).toBeGreaterThan(0.3);
  expect(found['East Chef']).toBeGreaterThan(10);

  // Without a ZIP the restaurant is at its city's centre.
  const noZip = await signUp(h, 'restaurant');
  await h.post(
    '/profiles/restaurant',
    { name: 'Somewhere', description: 'd', address: 'a', city: 'Minneapolis', cuisineTypes: '["Thai"]' },
    noZip.access_token,
  );
  const fromCentre = await distances(noZip.access_token, 25);
  expect(fromCentre['City Chef']).toBe(0);
  // The bounding box keeps a chef due east inside the radius, and leaves them out of a smaller one.
  expect(fromCentre['East Chef']).toBeCloseTo(14.6, 0);
  expect(await distances(noZip.access_token, 15)).toHaveProperty('East Chef');
  expect(await distances(noZip.access_token, 10)).not.toHaveProperty('East Chef');
});
