import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { milesBetween, roundMiles, zipLocation } from '@brigade/contracts';
import {
  chefWithProfile,
  eventually,
  HOUR,
  MINNEAPOLIS,
  openJob,
  publish,
  restaurantWithProfile,
  useHarness,
  user,
  type User,
} from './harness';
import { restaurantPin } from '../src/db/read-models.repository';

// Issue 32: a chef's openings are measured from their home (identity publishes it as their place, marked
// `home`), not their city's centre: each shift's distance, and the travel radius. Chefs of the same home still
// share one list body (ADR 18, ADR 22); the answer says where its distances are from.

const h = useHarness();

const zip = (code: string) => zipLocation(code, 'Minneapolis')!;
const OPENINGS = '/jobs?status=open&shared=1&limit=50';

/** Where identity says the chef is: their home's point (a ZIP's centre) or, without one, the city's centre. */
async function placeChef(
  chef: User & { profileId: string },
  place: { lat: number; lon: number; home: boolean },
  travel_radius: number,
) {
  await publish(h, 'identity.chef_profile.updated.v1', {
    profile_id: chef.profileId,
    user_id: chef.id,
    name: 'Chef Home',
    bio: 'Ten years on the line.',
    city: 'Minneapolis',
    state: 'MN',
    latitude: place.lat,
    longitude: place.lon,
    home: place.home,
    travel_radius,
    skills: ['Line Cook'],
    profile_image_url: null,
    hourly_rate_min: 20,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ travel_radius: number; latitude: number; home: boolean }>(
      sql`select travel_radius, latitude, home from jobs.chef_profiles where profile_id = ${chef.profileId}`,
    );
    expect(rows[0]).toMatchObject({ travel_radius, latitude: place.lat, home: place.home });
  });
}

test("distances and the travel radius are measured from the chef's home; neighbours share the list body", async () => {
  // Two restaurants at their ZIPs' centres: North Loop (55401) and Shoreview (55126, 9.5 miles from the city's
  // centre but 12.2 from Uptown, 55408).
  const northLoop = await restaurantWithProfile(h, 'North Loop Kitchen', {
    ...MINNEAPOLIS,
    latitude: zip('55401').lat,
    longitude: zip('55401').lon,
  });
  const shoreview = await restaurantWithProfile(h, 'Shoreview Grill', {
    ...MINNEAPOLIS,
    latitude: zip('55126').lat,
    longitude: zip('55126').lon,
  });
  const near = await openJob(h, northLoop);
  const far = await openJob(h, shoreview, {
    startTime: new Date(Date.now() + 30 * HOUR).toISOString(),
    endTime: new Date(Date.now() + 34 * HOUR).toISOString(),
  });
  const uptown = { ...zip('55408'), home: true };

  const ana = await chefWithProfile(h);
  await placeChef(ana, uptown, 10);
  const at10 = await ana.api.get(OPENINGS);
  expect(at10.status).toBe(200);
  const listed = (body: any) => Object.fromEntries(body.jobs.map((j: any) => [j.id, j.distance_miles]));
  expect(listed(at10.body)).toEqual({ [near.id]: 3.1 });
  expect(3.1).toBe(roundMiles(milesBetween(zip('55408'), zip('55401'))));
  expect(at10.body.distances_from).toBe('home');
  expect(at10.body.area).toEqual({ city: 'Minneapolis', radius_miles: 10 });

  // The shift 12 miles from home: hidden at 10 miles, shown at 15.
  await placeChef(ana, uptown, 15);
  const at15 = await ana.api.get(OPENINGS, { 'if-none-match': at10.headers.get('etag')! });
  expect(at15.status).toBe(200);
  expect(listed(at15.body)).toEqual({ [near.id]: 3.1, [far.id]: 12.2 });
  expect(12.2).toBe(roundMiles(milesBetween(zip('55408'), zip('55126'))));

  // A chef without a home is measured from the city's centre, and told so.
  const cal = await chefWithProfile(h);
  await placeChef(cal, { lat: MINNEAPOLIS.latitude, lon: MINNEAPOLIS.longitude, home: false }, 10);
  const fromCentre = await cal.api.get(OPENINGS);
  expect(fromCentre.body.distances_from).toBe('city');
  expect(listed(fromCentre.body)).toEqual({ [near.id]: 0.6, [far.id]: 9.5 });

  // A neighbour with the same home and radius gets the same body under the same ETag (it names the audience,
  // the place and radius, and no chef): one list, which the gateway keeps once for both (ADR 7). The chef of the
  // city's centre is another audience.
  const ben = await chefWithProfile(h);
  await placeChef(ben, uptown, 15);
  const bens = await ben.api.get(OPENINGS);
  expect(bens.headers.get('etag')).toBe(at15.headers.get('etag'));
  expect(bens.body).toEqual(at15.body);
  expect((await ben.api.get(OPENINGS, { 'if-none-match': at15.headers.get('etag')! })).status).toBe(304);
  await placeChef(cal, { lat: MINNEAPOLIS.latitude, lon: MINNEAPOLIS.longitude, home: false }, 15);
  expect((await cal.api.get(OPENINGS)).headers.get('etag')).not.toBe(at15.headers.get('etag'));
});

test("each shift carries its restaurant's ZIP, for directions to its address", async () => {
  const r = await user(h, 'restaurant');
  const profileId = randomUUID();
  await publish(h, 'identity.restaurant_profile.updated.v1', {
    profile_id: profileId,
    user_id: r.id,
    name: 'Zip Diner',
    description: 'd',
    address: '212 N 1st Ave',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    latitude: zip('55401').lat,
    longitude: zip('55401').lon,
    logo_url: null,
    cuisine_types: ['American'],
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows(
      sql`select 1 from jobs.restaurant_profiles where profile_id = ${profileId}`,
    );
    expect(rows).toHaveLength(1);
  });
  const job = await openJob(h, r);
  const chef = await chefWithProfile(h);
  const seen = await chef.api.get(`/jobs/${job.id}`);
  expect(seen.body.job.restaurant_profiles).toMatchObject({
    address: '212 N 1st Ave',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
  });
});

test("a restaurant's pinned location reaches jobs with its profile event; an event without the flag is no pin", async () => {
  const r = await restaurantWithProfile(h, 'Unpinned Diner');
  // The harness's event predates issue 34 (no location_pinned): the restaurant has no pin.
  expect(await restaurantPin(h.database, r.id)).toBeNull();

  const profile = (location_pinned: boolean, latitude: number, longitude: number) =>
    publish(h, 'identity.restaurant_profile.updated.v1', {
      profile_id: r.profileId,
      user_id: r.id,
      name: 'Pinned Diner',
      description: 'd',
      address: '212 N 1st Ave',
      city: 'Minneapolis',
      state: 'MN',
      zip: '55401',
      latitude,
      longitude,
      location_pinned,
      logo_url: null,
      cuisine_types: ['American'],
      average_rating: null,
      total_ratings: 0,
      language_preference: 'en',
    });
  await profile(true, 44.98635, -93.26987);
  await eventually(async () => {
    expect(await restaurantPin(h.database, r.id)).toEqual({ lat: 44.98635, lon: -93.26987 });
  });
  // The restaurant moved (identity removed the pin): its ZIP's centre is no place to clock in from.
  await profile(false, zip('55408').lat, zip('55408').lon);
  await eventually(async () => {
    expect(await restaurantPin(h.database, r.id)).toBeNull();
  });
});
