import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 39: a mark removed on appeal (jobs.mark.removed.v1) counts nowhere on profiles and in the chef search, and
// the record says how many were removed on appeal. Events go in on the bus as jobs would publish them.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function chefWithProfile(name: string) {
  const session = await signUp(h, 'chef');
  const saved = await h.post(
    '/profiles/chef',
    { name, bio: 'Grill and prep', city: 'Detroit', skills: '["Breakfast Cook"]' },
    session.access_token,
  );
  expect(saved.status).toBe(200);
  return { session, userId: session.user.id, profile: saved.body.profile };
}

const removal = (fact: {
  user_id: string;
  user_type: 'chef' | 'restaurant';
  kind: 'no_shows' | 'late_cancellations' | 'disputes_lost';
  job_id: string;
  occurred_at: string;
}) => ({
  ...fact,
  mark_id: randomUUID(),
  seat_no: 1,
  appeal_id: randomUUID(),
  removed_at: new Date().toISOString(),
});

const rowsOf = (userId: string) =>
  h.database.rows<{ kind: string; removed: boolean }>(
    sql`select kind, removed_at is not null as removed from identity.reliability_facts where user_id = ${userId}`,
  );

test('a no-show removed on appeal leaves the profile and the search; the record says it was removed', async () => {
  const chef = await chefWithProfile('Rémi Removed');
  const noShow = {
    user_id: chef.userId,
    user_type: 'chef' as const,
    kind: 'no_shows' as const,
    job_id: randomUUID(),
    occurred_at: daysAgo(2),
  };
  const kept = { ...noShow, kind: 'late_cancellations' as const, job_id: randomUUID() };
  await h.publish('jobs.reliability.recorded.v1', noShow);
  await h.publish('jobs.reliability.recorded.v1', kept);
  await eventually(async () => expect(await rowsOf(chef.userId)).toHaveLength(2));

  const restaurant = await signUp(h, 'restaurant');
  await h.post(
    '/profiles/restaurant',
    {
      name: 'Searching Bistro',
      description: 'Bistro',
      address: '1 Main St',
      city: 'Detroit',
      cuisineTypes: '["French"]',
    },
    restaurant.access_token,
  );
  const viewer = restaurant.access_token;
  const search = async () => {
    const reply = await h.get(
      `/profiles/chefs?city=Detroit&skills=${encodeURIComponent('["Breakfast Cook"]')}&limit=200`,
      viewer,
    );
    expect(reply.status).toBe(200);
    return reply.body.chefs.find((c: any) => c.user_id === chef.userId).reliability;
  };
  // The search answer is kept (ADR 16) until a change to reliability facts raises the version.
  expect(await search()).toMatchObject({ no_shows: 1, last_90_days: { no_shows: 1 }, removed_on_appeal: 0 });

  const event = removal(noShow);
  const id = await h.publish('jobs.mark.removed.v1', event);
  await h.publish('jobs.mark.removed.v1', event, id); // redelivered
  await eventually(async () =>
    expect(await rowsOf(chef.userId)).toContainEqual({ kind: 'no_shows', removed: true }),
  );
  const expected = {
    completed_shifts: 0,
    late_cancellations: 1,
    no_shows: 0,
    last_90_days: { completed_shifts: 0, late_cancellations: 1, no_shows: 0 },
    removed_on_appeal: 1,
  };
  expect((await h.get(`/profiles/chef/${chef.profile.id}`, viewer)).body.profile.reliability).toEqual(
    expected,
  );
  expect((await h.get('/profiles/me', chef.session.access_token)).body.profile.reliability).toEqual(expected);
  expect(await search()).toEqual(expected);
  // Recorded again (a redelivery of the fact): still removed.
  await h.publish('jobs.reliability.recorded.v1', noShow);
  await h.publish('jobs.mark.removed.v1', { ...event, removed_at: new Date().toISOString() });
  expect((await h.get(`/profiles/chef/${chef.profile.id}`, viewer)).body.profile.reliability).toEqual(
    expected,
  );
});

test('a removal that arrives before its fact keeps the fact removed', async () => {
  const chef = await chefWithProfile('Early Eve');
  const noShow = {
    user_id: chef.userId,
    user_type: 'chef' as const,
    kind: 'no_shows' as const,
    job_id: randomUUID(),
    occurred_at: daysAgo(1),
  };
  await h.publish('jobs.mark.removed.v1', removal(noShow));
  await eventually(async () =>
    expect(await rowsOf(chef.userId)).toEqual([{ kind: 'no_shows', removed: true }]),
  );
  await h.publish('jobs.reliability.recorded.v1', noShow);
  const marker = { ...noShow, kind: 'completed_shifts' as const, job_id: randomUUID() };
  await h.publish('jobs.reliability.recorded.v1', marker);
  await eventually(async () => expect(await rowsOf(chef.userId)).toHaveLength(2));
  const record = (await h.get('/profiles/me', chef.session.access_token)).body.profile.reliability;
  expect(record).toMatchObject({ no_shows: 0, completed_shifts: 1, removed_on_appeal: 1 });
});
