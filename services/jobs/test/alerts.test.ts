import { randomUUID } from 'node:crypto';
import { EARTH_RADIUS_MILES, LIMITS, type WeeklyAvailability } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import {
  bookChef,
  eventually,
  HOUR,
  openJob,
  publish,
  restaurantWithProfile,
  setPayouts,
  useHarness,
  user,
  waitForEvent,
  type RestaurantPlace,
  type User,
} from './harness';

// Issue 37: who is texted about a shift, and why. jobs.job.opened.v1 carries `alerts`: the favorites the posting
// named, then the chefs whose travel radius reaches the restaurant and whose weekly availability covers the shift
// (in the restaurant city's time zone), nearest first, at most ALERT_FANOUT (5 here), never across a block, never
// a suspended chef, one without a verified phone, or one who already applied.

const h = useHarness({ env: { ALERT_FANOUT: '5' } });

/** Each test's restaurant stands 100 miles or more from the others': its chefs are its own. */
const place = (lat: number, lon: number): RestaurantPlace => ({
  city: 'Minneapolis',
  state: 'MN',
  latitude: lat,
  longitude: lon,
});

/** Degrees of longitude `miles` east of a point at `lat` (the haversine along a parallel). */
const eastOf = (p: RestaurantPlace, miles: number) =>
  p.longitude + (miles / (EARTH_RADIUS_MILES * Math.cos((p.latitude * Math.PI) / 180))) * (180 / Math.PI);

const NO_FRIDAYS: WeeklyAvailability = {
  monday: { available: true, start: '08:00', end: '18:00' },
  thursday: { available: true, start: '08:00', end: '18:00' },
  friday: { available: false, start: '08:00', end: '20:00' },
};
const FRIDAY_DAYS: WeeklyAvailability = { friday: { available: true, start: '08:00', end: '20:00' } };

type Chef = User & { profileId: string };

/** A chef whose home is `miles` east of `p`, with a travel radius and (unless unknown) a weekly availability. */
async function chefAt(
  p: RestaurantPlace,
  miles: number,
  opts: { radius?: number; availability?: WeeklyAvailability } = {},
): Promise<Chef> {
  const chef = await user(h, 'chef');
  const profileId = randomUUID();
  await publish(h, 'identity.chef_profile.updated.v1', {
    profile_id: profileId,
    user_id: chef.id,
    name: `Chef ${miles} mi`,
    bio: '',
    city: 'Minneapolis',
    state: 'MN',
    latitude: p.latitude,
    longitude: eastOf(p, miles),
    home: true,
    travel_radius: opts.radius ?? 15,
    skills: ['Line Cook'],
    profile_image_url: null,
    hourly_rate_min: 20,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
    ...(opts.availability ? { availability: opts.availability } : {}),
  });
  return { ...chef, profileId };
}

async function known(chefs: Chef[]) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs.chef_profiles where user_id in (${sql.join(
        chefs.map((c) => sql`${c.id}`),
        sql`, `,
      )})`,
    );
    expect(Number(rows[0].n)).toBe(chefs.length);
  });
}

/**
 * The first Friday shift that can be posted now: four hours starting on the hour between 14:00 and 20:00 UTC (in
 * Minneapolis 08:00 to 18:00 at the latest, either season: inside FRIDAY_DAYS' hours), at least an hour ahead,
 * and ending within the posting window (LIMITS.postingWindowDays) with an hour to spare. One always exists: on a
 * Friday evening it is that evening's last start or the next Friday's first ("16:00 next Friday" ended past the
 * window every Friday from about 15:00 UTC).
 */
function fridayShift() {
  const now = Date.now();
  const last = now + LIMITS.postingWindowDays * 24 * HOUR - HOUR;
  const d = new Date(now + HOUR);
  d.setUTCMinutes(0, 0, 0);
  if (d.getTime() < now + HOUR) d.setTime(d.getTime() + HOUR);
  while (d.getUTCDay() !== 5 || d.getUTCHours() < 14 || d.getUTCHours() > 20) {
    d.setTime(d.getTime() + HOUR);
    if (d.getTime() + 4 * HOUR > last) throw new Error('no Friday shift fits the posting window');
  }
  return { startTime: d.toISOString(), endTime: new Date(d.getTime() + 4 * HOUR).toISOString() };
}

const alertsOf = async (jobId: string, where: (d: any) => boolean = () => true) =>
  (await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === jobId && where(d))).alerts;

test('a new shift alerts its favorite, then the chefs in range and available Fridays, nearest first, with why', async () => {
  const here = place(44.9778, -93.265);
  const r = await restaurantWithProfile(h, 'North Loop Kitchen', here);
  const favorite = await chefAt(here, 40, { radius: 5 }); // far out of range, but named
  const near = await chefAt(here, 1); // no availability known: counts as available
  const fridays = await chefAt(here, 3, { availability: FRIDAY_DAYS });
  const noFridays = await chefAt(here, 0.5, { availability: NO_FRIDAYS });
  const outOfRange = await chefAt(here, 20, { radius: 15 });
  const wideRadius = await chefAt(here, 20, { radius: 25 });
  const blocked = await chefAt(here, 2);
  const hidden = await chefAt(here, 2.5);
  const suspended = await chefAt(here, 1.5);
  const unverified = await chefAt(here, 4);
  await known([
    favorite,
    near,
    fridays,
    noFridays,
    outOfRange,
    wideRadius,
    blocked,
    hidden,
    suspended,
    unverified,
  ]);
  expect((await r.api.post(`/favorites/chef/${favorite.profileId}`)).status).toBeLessThan(300);
  // blocks both ways (the /blocks routes are another part of issue 37; their table is shared)
  await h.database.rows(
    sql`insert into jobs.blocks (restaurant_id, chef_id, by, created_at) values
        (${r.id}, ${blocked.id}, 'restaurant', now()), (${r.id}, ${hidden.id}, 'chef', now())`,
  );
  await publish(h, 'identity.user.suspended.v1', {
    user_id: suspended.id,
    user_type: 'chef',
    reason: 'test',
    operator_id: randomUUID(),
    suspended_at: new Date().toISOString(),
  });
  await publish(h, 'identity.user.updated.v1', {
    user_id: unverified.id,
    phone: '+16125550100',
    phone_verified: false,
    user_type: 'chef',
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows(
      sql`select 1 from jobs.suspended_users where user_id = ${suspended.id}
          union all select 1 from jobs.user_phones where user_id = ${unverified.id}`,
    );
    expect(rows).toHaveLength(2);
  });

  const job = await openJob(h, r, { ...fridayShift(), notifyFavorites: [favorite.profileId] });
  const alerts = await alertsOf(job.id);
  expect(alerts).toEqual([
    { chef_id: favorite.id, reason: 'favorite', miles: null, weekday: null },
    { chef_id: near.id, reason: 'nearby', miles: 1, weekday: 'friday' },
    { chef_id: fridays.id, reason: 'nearby', miles: 3, weekday: 'friday' },
    { chef_id: wideRadius.id, reason: 'nearby', miles: 20, weekday: 'friday' },
  ]);
  const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id);
  expect(opened).toMatchObject({ notify_chef_ids: [favorite.id], roster_first_until: null, reopened: false });
});

test('sixty chefs in range: ALERT_FANOUT of them are told, the nearest first', async () => {
  const here = place(46.4, -94.2); // about 100 miles north
  const r = await restaurantWithProfile(h, 'Brainerd Cafe', here);
  const chefs: { chef: Chef; miles: number }[] = [];
  // created in no order of distance: 0.2 to 12 miles
  for (let i = 0; i < 60; i++) {
    const miles = Math.round((((i * 37) % 60) * 0.2 + 0.2) * 10) / 10;
    chefs.push({ chef: await chefAt(here, miles), miles });
  }
  await known(chefs.map((c) => c.chef));
  const job = await openJob(h, r, fridayShift());
  const nearest = [...chefs].sort((a, b) => a.miles - b.miles).slice(0, 5);
  expect(await alertsOf(job.id)).toEqual(
    nearest.map((c) => ({ chef_id: c.chef.id, reason: 'nearby', miles: c.miles, weekday: 'friday' })),
  );
});

test('inside a roster-first window only the favorites are told', async () => {
  const here = place(43.6, -92.0); // about 100 miles south-east
  const r = await restaurantWithProfile(h, 'Rochester Grill', here);
  const favorite = await chefAt(here, 2);
  const stranger = await chefAt(here, 1);
  await known([favorite, stranger]);
  expect((await r.api.post(`/favorites/chef/${favorite.profileId}`)).status).toBeLessThan(300);
  const posted = await r.api.post('/jobs', {
    title: 'Line Cook',
    ...fridayShift(),
    hourlyRate: 20,
    emergencyLevel: 'normal',
    notifyFavorites: [favorite.profileId],
  });
  expect(posted.status).toBe(201);
  // the window's length as the posting keeps it (the roster-first part of issue 37 sets it from the request)
  await h.database.rows(sql`update jobs.jobs set roster_first_minutes = 60 where id = ${posted.body.job.id}`);
  await publish(h, 'payments.escrow.held.v1', {
    job_id: posted.body.job.id,
    restaurant_id: r.id,
    payment_intent_id: `pi_${posted.body.job.id.slice(0, 8)}`,
    amount_cents: posted.body.job.total_cents,
  });
  expect(await alertsOf(posted.body.job.id)).toEqual([
    { chef_id: favorite.id, reason: 'favorite', miles: null, weekday: null },
  ]);
});

test('a reopened seat goes to the standby chef first, then to the chefs in range, never the chef who left', async () => {
  const here = place(45.6, -95.9); // about 130 miles west
  const r = await restaurantWithProfile(h, 'Morris Diner', here);
  const booked = await chefAt(here, 0.5);
  const waiting = await chefAt(here, 30, { radius: 5 }); // on standby: offered the seat though out of range
  const near = await chefAt(here, 2);
  await known([booked, waiting, near]);
  await setPayouts(h, booked.id, true);
  await setPayouts(h, waiting.id, true);
  const job = await openJob(h, r, fridayShift());
  expect(await alertsOf(job.id)).toEqual([
    { chef_id: booked.id, reason: 'nearby', miles: 0.5, weekday: 'friday' },
    { chef_id: near.id, reason: 'nearby', miles: 2, weekday: 'friday' },
  ]);
  const appId = await bookChef(job, r, booked);
  expect((await waiting.api.post(`/jobs/${job.id}/standby`)).status).toBe(201);
  expect((await booked.api.del(`/applications/${appId}`)).status).toBe(200);
  // the standby chef is offered the seat alone; nobody else is told yet
  const offer = await waitForEvent(h, 'jobs.offer.made.v1', (d) => d.job_id === job.id);
  expect(offer).toMatchObject({ chef_id: waiting.id, kind: 'standby' });
  const reopenedYet = await h.database.rows(
    sql`select 1 from jobs.outbox where type = 'jobs.job.opened.v1' and payload->>'job_id' = ${job.id}
        and (payload->>'reopened')::boolean`,
  );
  expect(reopenedYet).toHaveLength(0);
  // they pass: the seat goes to the chefs in range, as urgent; the chef who left is not told again
  expect((await waiting.api.post(`/offers/${offer.offer_id}/decline`)).status).toBe(200);
  expect(await alertsOf(job.id, (d) => d.reopened)).toEqual([
    { chef_id: near.id, reason: 'nearby', miles: 2, weekday: 'friday' },
  ]);
});
