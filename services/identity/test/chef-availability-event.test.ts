import { DEFAULT_CHEF_AVAILABILITY } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import { republishChefProfiles } from '../src/use-cases/republish-chef-profiles';
import { newAccount, startIdentity, type Harness } from './harness';

// Issue 37: identity.chef_profile.updated.v1 carries the chef's weekly availability, so jobs texts new shifts
// only to chefs available then (a profile starts with the defaults; a saved week replaces them).

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

/** The availability of the newest chef_profile.updated.v1 identity wrote for this user. */
async function announced(userId: string) {
  const rows = await h.database.rows<{ payload: any }>(
    sql`select payload from identity.outbox where type = 'identity.chef_profile.updated.v1'
        and payload->>'user_id' = ${userId} order by seq desc limit 1`,
  );
  return rows[0]?.payload.availability;
}

test('the profile event carries the defaults, then the week the chef saved', async () => {
  const signup = await h.post('/auth/signup', newAccount('chef'));
  const token = signup.body.session.access_token;
  const userId = signup.body.user.id;
  const profile = { name: 'Ana Ruiz', bio: 'Line cook', city: 'Minneapolis', skills: '["Line Cook"]' };
  expect((await h.post('/profiles/chef', profile, token)).status).toBe(200);
  expect(await announced(userId)).toEqual(DEFAULT_CHEF_AVAILABILITY);

  const week = { ...DEFAULT_CHEF_AVAILABILITY, friday: { available: false, start: '08:00', end: '20:00' } };
  const saved = await h.post('/profiles/chef', { availability: JSON.stringify(week) }, token);
  expect(saved.status).toBe(200);
  expect(await announced(userId)).toEqual(week);
});

test('chefs who saved their week before the event carried it are published again once, then never', async () => {
  const signup = await h.post('/auth/signup', newAccount('chef'));
  const token = signup.body.session.access_token;
  const userId = signup.body.user.id;
  const week = { ...DEFAULT_CHEF_AVAILABILITY, sunday: { available: false, start: '09:00', end: '17:00' } };
  const profile = { name: 'Rosa Díaz', bio: 'Prep cook', city: 'Detroit', skills: '["Prep Cook"]' };
  expect(
    (await h.post('/profiles/chef', { ...profile, availability: JSON.stringify(week) }, token)).status,
  ).toBe(200);
  const count = async () =>
    Number(
      (
        await h.database.rows<{ n: string }>(
          sql`select count(*) as n from identity.outbox where type = 'identity.chef_profile.updated.v1'
              and payload->>'user_id' = ${userId}`,
        )
      )[0].n,
    );
  const before = await count();
  // A new backfill name stands for a database whose chefs were saved before issue 37 (this one ran at start).
  expect(await republishChefProfiles(h.service.context, 'test-availability-again')).toBeGreaterThanOrEqual(1);
  expect(await count()).toBe(before + 1);
  expect(await announced(userId)).toEqual(week);
  expect(await republishChefProfiles(h.service.context, 'test-availability-again')).toBe(0);
  expect(await count()).toBe(before + 1);
});
