import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { signUp, startIdentity, type Harness } from './harness';

// Reliability records on profiles (issue 16): jobs announces each fact (`jobs.reliability.recorded.v1`), identity
// counts it once per user, kind and job, and every profile response shows the counts all time and over the
// last 90 days. Events go in on the bus as jobs would publish them; the counts are read over HTTP.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function chefWithProfile(name: string, city: 'Minneapolis' | 'Detroit' = 'Minneapolis') {
  const session = await signUp(h, 'chef');
  const saved = await h.post(
    '/profiles/chef',
    { name, bio: 'Grill and prep', city, skills: '["Grill Cook"]' },
    session.access_token,
  );
  expect(saved.status).toBe(200);
  return { session, userId: session.user.id, profile: saved.body.profile };
}

async function restaurantWithProfile(name: string, city: 'Minneapolis' | 'Detroit' = 'Minneapolis') {
  const session = await signUp(h, 'restaurant');
  const saved = await h.post(
    '/profiles/restaurant',
    { name, description: 'Tacos', address: '1 Main St', city, cuisineTypes: '["Mexican"]' },
    session.access_token,
  );
  expect(saved.status).toBe(200);
  return { session, userId: session.user.id, profile: saved.body.profile };
}

function fact(
  userId: string,
  userType: 'chef' | 'restaurant',
  kind: 'completed_shifts' | 'late_cancellations' | 'no_shows' | 'disputes_lost',
  occurredAt = new Date().toISOString(),
  jobId = randomUUID(),
) {
  return { user_id: userId, user_type: userType, kind, job_id: jobId, occurred_at: occurredAt };
}

async function factsRecorded(userId: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from identity.reliability_facts where user_id = ${userId}`,
    );
    expect(Number(rows[0].n)).toBe(n);
  });
}

const NO_CHEF_RECORD = {
  completed_shifts: 0,
  late_cancellations: 0,
  no_shows: 0,
  last_90_days: { completed_shifts: 0, late_cancellations: 0, no_shows: 0 },
  removed_on_appeal: 0,
};

test('a new chef or restaurant shows an empty record, from the profile they just saved', async () => {
  const chef = await chefWithProfile('Nora New');
  expect(chef.profile.reliability).toEqual(NO_CHEF_RECORD);
  const restaurant = await restaurantWithProfile('Fresh Start Diner');
  expect(restaurant.profile.reliability).toEqual({
    completed_shifts: 0,
    late_cancellations: 0,
    disputes_lost: 0,
    last_90_days: { completed_shifts: 0, late_cancellations: 0, disputes_lost: 0 },
    removed_on_appeal: 0,
  });
});

test('a fact announced twice, or delivered twice, counts once per user, kind and job', async () => {
  const chef = await chefWithProfile('Dee Dupe');
  const jobId = randomUUID();
  const same = fact(chef.userId, 'chef', 'completed_shifts', daysAgo(2), jobId);
  const id = await h.publish('jobs.reliability.recorded.v1', same);
  await h.publish('jobs.reliability.recorded.v1', same, id); // redelivered
  await h.publish('jobs.reliability.recorded.v1', same); // announced again with a new event id
  // the same job under another kind is another fact
  await h.publish('jobs.reliability.recorded.v1', { ...same, kind: 'late_cancellations' });
  await factsRecorded(chef.userId, 2);
  const res = await h.get(`/profiles/chef/${chef.profile.id}`, chef.session.access_token);
  expect(res.body.profile.reliability).toEqual({
    completed_shifts: 1,
    late_cancellations: 1,
    no_shows: 0,
    last_90_days: { completed_shifts: 1, late_cancellations: 1, no_shows: 0 },
    removed_on_appeal: 0,
  });
});

test('issue 35: the same fact on two seats of one posting counts for each seat, once each', async () => {
  const first = await chefWithProfile('Sam Seatone');
  const restaurant = await restaurantWithProfile('Many Chairs');
  const jobId = randomUUID();
  const seat1 = fact(first.userId, 'chef', 'completed_shifts', daysAgo(1), jobId); // no seat_no: seat 1
  await h.publish('jobs.reliability.recorded.v1', seat1);
  await h.publish('jobs.reliability.recorded.v1', { ...seat1, seat_no: 2 });
  await h.publish('jobs.reliability.recorded.v1', { ...seat1, seat_no: 1 }); // seat 1 again, named
  await h.publish('jobs.reliability.recorded.v1', { ...seat1, seat_no: 2 }); // seat 2 again
  await factsRecorded(first.userId, 2);
  const res = await h.get(`/profiles/chef/${first.profile.id}`, first.session.access_token);
  expect(res.body.profile.reliability).toMatchObject({ completed_shifts: 2 });

  // A restaurant's fact about the whole posting (no seat) is one fact, whatever its repeats.
  const posting = {
    ...fact(restaurant.userId, 'restaurant', 'late_cancellations', daysAgo(1), jobId),
    seat_no: null,
  };
  await h.publish('jobs.reliability.recorded.v1', posting);
  await h.publish('jobs.reliability.recorded.v1', posting);
  await factsRecorded(restaurant.userId, 1);
  const own = await h.get('/profiles/restaurant', restaurant.session.access_token);
  expect(own.body.profile.reliability).toMatchObject({ late_cancellations: 1 });
});

test("a chef's record on every profile endpoint: all time, and the last 90 days without facts older than that", async () => {
  const chef = await chefWithProfile('Rita Record', 'Detroit');
  const other = await chefWithProfile('Otto Other', 'Detroit');
  const facts = [
    fact(chef.userId, 'chef', 'completed_shifts', daysAgo(1)),
    fact(chef.userId, 'chef', 'completed_shifts', daysAgo(89)),
    fact(chef.userId, 'chef', 'completed_shifts', daysAgo(91)),
    fact(chef.userId, 'chef', 'completed_shifts', daysAgo(400)),
    fact(chef.userId, 'chef', 'late_cancellations', daysAgo(120)),
    fact(chef.userId, 'chef', 'no_shows', daysAgo(3)),
    fact(other.userId, 'chef', 'no_shows', daysAgo(3)),
  ];
  for (const f of facts) await h.publish('jobs.reliability.recorded.v1', f);
  await factsRecorded(chef.userId, 6);
  await factsRecorded(other.userId, 1);

  const expected = {
    completed_shifts: 4,
    late_cancellations: 1,
    no_shows: 1,
    last_90_days: { completed_shifts: 2, late_cancellations: 0, no_shows: 1 },
    removed_on_appeal: 0,
  };
  const restaurant = await restaurantWithProfile('Looking Grill', 'Detroit');
  const viewer = restaurant.session.access_token;
  expect((await h.get(`/profiles/chef/${chef.profile.id}`, viewer)).body.profile.reliability).toEqual(
    expected,
  );
  expect((await h.get(`/profiles/chef/${chef.userId}`, viewer)).body.profile.reliability).toEqual(expected);
  const me = await h.get('/profiles/me', chef.session.access_token);
  expect(me.body.profile.reliability).toEqual(expected);
  const own = await h.get('/profiles/chef', chef.session.access_token);
  expect(own.body.profile.reliability).toEqual(expected);
  const worker = await h.get('/profiles/worker', chef.session.access_token);
  expect(worker.body.profile.reliability).toEqual(expected);

  // search results carry each chef's own record
  const search = await h.get(
    `/profiles/chefs?city=Detroit&skills=${encodeURIComponent('["Grill Cook"]')}&limit=200`,
    viewer,
  );
  expect(search.status).toBe(200);
  const byId = new Map(search.body.chefs.map((c: any) => [c.user_id, c.reliability]));
  expect(byId.get(chef.userId)).toEqual(expected);
  expect(byId.get(other.userId)).toEqual({
    ...NO_CHEF_RECORD,
    no_shows: 1,
    last_90_days: { ...NO_CHEF_RECORD.last_90_days, no_shows: 1 },
  });

  // saving the profile answers it with the record too
  const saved = await h.post('/profiles/chef', { bio: 'Grill, prep and pastry' }, chef.session.access_token);
  expect(saved.body.profile.reliability).toEqual(expected);
});

test("a restaurant's record: completed shifts, late cancellations and disputes lost, all time and recent", async () => {
  const restaurant = await restaurantWithProfile('Counted Cantina');
  for (const f of [
    fact(restaurant.userId, 'restaurant', 'completed_shifts', daysAgo(5)),
    fact(restaurant.userId, 'restaurant', 'completed_shifts', daysAgo(95)),
    fact(restaurant.userId, 'restaurant', 'late_cancellations', daysAgo(10)),
    fact(restaurant.userId, 'restaurant', 'late_cancellations', daysAgo(200)),
    fact(restaurant.userId, 'restaurant', 'disputes_lost', daysAgo(91)),
  ])
    await h.publish('jobs.reliability.recorded.v1', f);
  await factsRecorded(restaurant.userId, 5);
  const expected = {
    completed_shifts: 2,
    late_cancellations: 2,
    disputes_lost: 1,
    last_90_days: { completed_shifts: 1, late_cancellations: 1, disputes_lost: 0 },
    removed_on_appeal: 0,
  };
  const chef = await chefWithProfile('Viewing Chef');
  const viewer = chef.session.access_token;
  expect(
    (await h.get(`/profiles/restaurant/${restaurant.profile.id}`, viewer)).body.profile.reliability,
  ).toEqual(expected);
  expect((await h.get(`/profiles/restaurant/${restaurant.userId}`, viewer)).body.profile.reliability).toEqual(
    expected,
  );
  const token = restaurant.session.access_token;
  expect((await h.get('/profiles/me', token)).body.profile.reliability).toEqual(expected);
  expect((await h.get('/profiles/restaurant', token)).body.profile.reliability).toEqual(expected);
  const saved = await h.post('/profiles/restaurant', { description: 'Tacos and more' }, token);
  expect(saved.body.profile.reliability).toEqual(expected);
});
