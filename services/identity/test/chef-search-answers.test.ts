import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventually } from '@brigade/kit/testing';
import { ChefSearchAnswers } from '../src/queries/chef-search-answers';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 22 (ADR 16): identity keeps chef search answers, and a restaurant repeating the same search still sees
// every change at once: a chef's edit, their availability, a new reliability fact, leaving the search's skills,
// and the restaurant's own move (the suspension is in operators.test.ts).

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const SKILL = 'Sauté Cook';
const search = (token: string) =>
  h.get(`/profiles/chefs?skills=${encodeURIComponent(JSON.stringify([SKILL]))}&radius=25&limit=25`, token);

test('the same search repeated shows a chef who edits, changes availability or gains a record at once', async () => {
  const restaurant = await signUp(h, 'restaurant');
  await h.post(
    '/profiles/restaurant',
    { name: 'Repeat Grill', description: 'd', address: 'a', city: 'Detroit', cuisineTypes: '["American"]' },
    restaurant.access_token,
  );
  const chef = await signUp(h, 'chef');
  const saved = await h.post(
    '/profiles/chef',
    { name: 'Sauce Sam', bio: 'Sauces', city: 'Detroit', skills: JSON.stringify([SKILL]) },
    chef.access_token,
  );
  expect(saved.status).toBe(200);
  const mine = async () => {
    const res = await search(restaurant.access_token);
    expect(res.status).toBe(200);
    return res.body.chefs.find((c: any) => c.user_id === chef.user.id);
  };
  const first = await mine();
  expect(first).toMatchObject({ name: 'Sauce Sam', bio: 'Sauces', distance_miles: 0 });
  // the same search again: the same answer
  expect(await mine()).toEqual(first);

  await h.post('/profiles/chef', { bio: 'Sauces and stocks' }, chef.access_token);
  expect(await mine()).toMatchObject({ bio: 'Sauces and stocks' });

  const availability = { ...first.availability, sunday: { available: false, start: '09:00', end: '17:00' } };
  await h.post('/profiles/chef', { availability: JSON.stringify(availability) }, chef.access_token);
  expect((await mine()).availability).toEqual(availability);

  await h.publish('jobs.reliability.recorded.v1', {
    user_id: chef.user.id,
    user_type: 'chef',
    kind: 'no_shows',
    job_id: randomUUID(),
    occurred_at: new Date().toISOString(),
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from identity.reliability_facts where user_id = ${chef.user.id}`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });
  expect((await mine()).reliability).toMatchObject({ no_shows: 1, last_90_days: { no_shows: 1 } });

  // the restaurant's own place is read on every search: moving city moves every distance
  await h.post('/profiles/restaurant', { city: 'Minneapolis' }, restaurant.access_token);
  expect(await mine()).toBeUndefined(); // Detroit is ~540 miles away
  await h.post('/profiles/restaurant', { city: 'Detroit' }, restaurant.access_token);
  expect(await mine()).toMatchObject({ distance_miles: 0 });

  await h.post('/profiles/chef', { skills: '["Grill Cook"]' }, chef.access_token);
  expect(await mine()).toBeUndefined();
});

test('kept answers: one version at a time, never past their expiry, the least recently used dropped first', () => {
  const answers = new ChefSearchAnswers(2);
  answers.set('5', 'a', 'A', 1_000);
  expect(answers.get('5', 'a', 999)).toBe('A');
  expect(answers.get('5', 'a', 1_000)).toBeUndefined(); // a recent fact left the last 90 days
  answers.set('5', 'a', 'A');
  answers.set('4', 'b', 'old'); // read before a change another search has already seen: not kept
  expect(answers.get('5', 'b')).toBeUndefined();
  expect(answers.get('6', 'a')).toBeUndefined(); // a change: nothing from version 5 is served
  expect(answers.get('5', 'a')).toBeUndefined();
  answers.set('6', 'a', 'A6');
  answers.set('6', 'b', 'B6');
  answers.get('6', 'a');
  answers.set('6', 'c', 'C6');
  expect(answers.get('6', 'b')).toBeUndefined();
  expect(answers.get('6', 'a')).toBe('A6');
  expect(answers.get('6', 'c')).toBe('C6');
});
