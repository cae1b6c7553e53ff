import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  MINNEAPOLIS,
  publish,
  restaurantWithProfile,
  written,
  useHarness,
  type RestaurantPlace,
  type User,
} from './harness';

// Issue 20: a chef's openings are the shifts within their travel radius of their city by default (nearest and
// soonest first, each with its distance), `near=all` lists the whole service area; and a restaurant's Invite
// texts a chef its next open shift (jobs publishes jobs.chef.invited.v1, once per chef and shift).

const h = useHarness();

const DETROIT = { city: 'Detroit', state: 'MI', latitude: 42.3314, longitude: -83.0458 };

/** A restaurant at `place` (its profile as identity publishes it), known to jobs. */
const restaurantAt = (name: string, place: RestaurantPlace) => restaurantWithProfile(h, name, place);

/** A shift of `r` starting `hours` from now (on the hour). */
function shiftIn(hours: number, title = 'Line Cook') {
  const start = Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR;
  return {
    title,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 5 * HOUR).toISOString(),
  };
}

async function moveChef(chef: User & { profileId: string }, travel_radius: number) {
  await publish(h, 'identity.chef_profile.updated.v1', {
    profile_id: chef.profileId,
    user_id: chef.id,
    name: 'Chef Near',
    bio: 'Ten years on the line.',
    ...MINNEAPOLIS,
    travel_radius,
    skills: ['Line Cook'],
    profile_image_url: null,
    hourly_rate_min: 20,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ travel_radius: number }>(
      sql`select travel_radius from jobs.chef_profiles where profile_id = ${chef.profileId}`,
    );
    expect(Number(rows[0].travel_radius)).toBe(travel_radius);
  });
}

test('a Minneapolis chef with a 15-mile radius sees the shifts near them, nearest then soonest, and Detroit only with near=all', async () => {
  const northLoop = await restaurantAt('North Loop Kitchen', {
    ...MINNEAPOLIS,
    latitude: 44.985,
    longitude: -93.27,
  });
  const suburb = await restaurantAt('Suburb Diner', {
    ...MINNEAPOLIS,
    latitude: 45.0778,
    longitude: -93.265,
  });
  const corktown = await restaurantAt('Corktown Grill', DETROIT);
  const near = await openJob(h, northLoop, shiftIn(48));
  const farther = await openJob(h, suburb, shiftIn(24));
  const detroit = await openJob(h, corktown, shiftIn(12));
  const chef = await chefWithProfile(h); // Minneapolis, 15 miles

  const mine = await chef.api.get('/jobs?status=open');
  expect(mine.status).toBe(200);
  expect(mine.body.jobs.map((j: any) => j.id)).toEqual([near.id, farther.id]);
  expect(mine.body.total).toBe(2);
  expect(mine.body.area).toEqual({ city: 'Minneapolis', radius_miles: 15 });
  expect(mine.body.jobs[0].distance_miles).toBeCloseTo(0.6, 1);
  expect(mine.body.jobs[1].distance_miles).toBeCloseTo(6.9, 1);
  expect(mine.body.jobs[0].restaurant_profiles.city).toBe('Minneapolis');

  const all = await chef.api.get('/jobs?status=open&near=all');
  expect(all.body.jobs.map((j: any) => j.id)).toEqual([near.id, farther.id, detroit.id]);
  expect(all.body.total).toBe(3);
  expect(all.body.area).toBeNull();
  expect(all.body.jobs[2].distance_miles).toBeGreaterThan(500);
  expect(all.body.jobs[2].restaurant_profiles.city).toBe('Detroit');

  // A narrower radius shows on the next poll: the old ETag no longer matches.
  const etag = mine.headers.get('etag')!;
  expect((await chef.api.get('/jobs?status=open', { 'if-none-match': etag })).status).toBe(304);
  await moveChef(chef, 5);
  const narrower = await chef.api.get('/jobs?status=open', { 'if-none-match': etag });
  expect(narrower.status).toBe(200);
  expect(narrower.body.jobs.map((j: any) => j.id)).toEqual([near.id]);
  expect(narrower.body.area).toEqual({ city: 'Minneapolis', radius_miles: 5 });

  // The dashboard's count is the same list's total.
  expect((await chef.api.get('/jobs?status=open&limit=5')).body.total).toBe(1);
  // A page cut short keeps the order of the whole list and counts every shift (issue 41: only the page's shifts
  // are built into the answer, not every match's)
  const firstTwo = await chef.api.get('/jobs?status=open&near=all&limit=2');
  expect(firstTwo.body.jobs.map((j: any) => j.id)).toEqual([near.id, farther.id]);
  expect(firstTwo.body.jobs.map((j: any) => j.distance_miles)).toEqual(
    all.body.jobs.slice(0, 2).map((j: any) => j.distance_miles),
  );
  expect(firstTwo.body.total).toBe(3);
  expect((await chef.api.get('/jobs?status=open&near=elsewhere')).status).toBe(400);
});

test("Invite names the restaurant's next open shift, publishes once per chef and shift, and needs an open shift", async () => {
  const r = await restaurantAt('Invite Bistro', MINNEAPOLIS);
  const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });

  const none = await r.api.post('/invitations', { chef_id: chef.profileId });
  expect(none.status).toBe(409);
  expect(none.body.code).toBe('JOBS.NO_OPEN_SHIFT');

  const later = await openJob(h, r, shiftIn(60, 'Prep Cook'));
  const sooner = await openJob(h, r, shiftIn(30, 'Line Cook'));
  const invited = await r.api.post('/invitations', { chef_id: chef.profileId });
  expect(invited.status).toBe(201);
  expect(invited.body.invitation).toMatchObject({
    job_id: sooner.id,
    job_title: 'Line Cook',
    chef_profile_id: chef.profileId,
    chef_name: 'Ana Ruiz',
    already_invited: false,
  });
  const event = await eventually(() => {
    const found = h.events.filter((e) => e.type === 'jobs.chef.invited.v1' && e.data.chef_id === chef.id);
    expect(found).toHaveLength(1);
    return found[0].data;
  });
  expect(event).toMatchObject({ job_id: sooner.id, restaurant_id: r.id, restaurant_name: 'Invite Bistro' });

  // Again (by user id this time): the same shift, no second text.
  const again = await r.api.post('/invitations', { chef_id: chef.id });
  expect(again.status).toBe(200);
  expect(again.body.invitation).toMatchObject({ job_id: sooner.id, already_invited: true });
  expect(await written(h, 'jobs.chef.invited.v1', sooner.id)).toBe(1);
  expect(await written(h, 'jobs.chef.invited.v1', later.id)).toBe(0);

  expect((await r.api.post('/invitations', { chef_id: randomUUID() })).status).toBe(404);
  expect((await r.api.post('/invitations', { chef_id: 'nope' })).status).toBe(400);
  expect((await chef.api.post('/invitations', { chef_id: chef.profileId })).status).toBe(403);
});
