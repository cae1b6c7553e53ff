import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  laterShift,
  openJob,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  written,
  type User,
} from './harness';

// Issue 37's blocks: a restaurant blocks a chef, or a chef hides a restaurant. Either way the chef no longer sees
// the restaurant's shifts (openings, job pages, apply: as unknown) and the restaurant cannot offer them a shift
// or invite them (the chef reads as unknown); the chef's pending applications to it are withdrawn at once
// (reason `blocked`, no record), bookings made stay. Each side lists and lifts only its own blocks.

const h = useHarness();

const SHARED = '/jobs?status=open&shared=1&near=all&limit=50';

async function sharedPoll(who: User) {
  const res = await fetch(`${h.url}${SHARED}`, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, text: await res.text(), etag: res.headers.get('etag') ?? '' };
}

async function blockRows(restaurantId: string) {
  return h.database.rows(sql`select by from jobs.blocks where restaurant_id = ${restaurantId}`);
}

/** Everything a block keeps apart, seen from both sides: true when the chef and the shift meet nowhere. */
async function apart(r: User, chef: User & { profileId: string }, other: User, job: { id: string }) {
  const mine = await sharedPoll(chef);
  const theirs = await sharedPoll(other);
  expect(theirs.text).toContain(job.id);
  expect(mine.status).toBe(200);
  expect(mine.text).not.toContain(job.id);
  expect(mine.etag).not.toBe(theirs.etag); // their own body, never the audience's
  const own = (await chef.api.get('/jobs?status=open&near=all')).body.jobs.map((j: { id: string }) => j.id);
  expect(own).not.toContain(job.id);
  for (const res of [await chef.api.get(`/jobs/${job.id}`), await chef.api.post(`/jobs/${job.id}/apply`)]) {
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('JOBS.JOB_NOT_FOUND');
  }
  for (const res of [
    await r.api.post(`/jobs/${job.id}/offers`, { chef_id: chef.profileId }),
    await r.api.post('/invitations', { chef_id: chef.profileId }),
  ]) {
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('JOBS.CHEF_NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toMatch(/block/i);
  }
}

test('a restaurant blocks a chef: apart everywhere, pending applications withdrawn, bookings kept; unblocked, back', async () => {
  const r = await restaurantWithProfile(h, 'Blocking Bistro');
  const chef = await chefWithProfile(h, { name: 'Carl Blocked' });
  const other = await chefWithProfile(h, { name: 'Olga Other' });
  expect((await r.api.post(`/favorites/chef/${chef.profileId}`)).status).toBe(201);
  const booked = await openJob(h, r, laterShift(30));
  const bookedApp = await bookChef(booked, r, chef);
  const pending = await openJob(h, r, laterShift(40));
  const pendingApp = (await chef.api.post(`/jobs/${pending.id}/apply`)).body.application.id as string;
  const offered = await openJob(h, r, laterShift(50));
  const offer = (await r.api.post(`/jobs/${offered.id}/offers`, { chef_id: chef.profileId })).body.offer;
  const job = await openJob(h, r);
  expect((await sharedPoll(chef)).text).toBe((await sharedPoll(other)).text);

  const made = await r.api.post(`/blocks/chef/${chef.profileId}`);
  expect(made.status).toBe(201);
  expect(made.body.block).toMatchObject({
    kind: 'chef',
    profile_id: chef.profileId,
    user_id: chef.id,
    name: 'Carl Blocked',
  });
  const again = await r.api.post(`/blocks/chef/${chef.id}`);
  expect(again.status).toBe(200);
  expect(again.body.block).toEqual(made.body.block);
  expect((await r.api.get('/blocks')).body.blocks).toEqual([made.body.block]);
  expect((await chef.api.get('/blocks')).body.blocks).toEqual([]); // never told

  await apart(r, chef, other, job);
  // The pending application was withdrawn by the system (reason blocked, not late, no record)...
  const withdrawn = await waitForEvent(
    h,
    'jobs.application.cancelled.v1',
    (d) => d.application_id === pendingApp,
  );
  expect(withdrawn).toMatchObject({
    cancelled_by: 'system',
    reason: 'blocked',
    late: false,
    was_accepted: false,
  });
  expect((await chef.api.get(`/applications/${pendingApp}`)).body.application.status).toBe('cancelled');
  expect(await written(h, 'jobs.reliability.recorded.v1', pending.id)).toBe(0);
  // ...the confirmed booking stays, its page readable by its chef.
  expect((await chef.api.get(`/applications/${bookedApp}`)).body.application).toMatchObject({
    status: 'accepted',
    worker_confirmed: true,
  });
  expect((await chef.api.get(`/jobs/${booked.id}`)).status).toBe(200);
  // ...the offer waiting for the chef ended, quietly (no text: its event would tell)...
  const [ended] = await h.database.rows<{ status: string }>(
    sql`select status from jobs.offers where id = ${offer.id}`,
  );
  expect(ended.status).toBe('withdrawn');
  expect(await written(h, 'jobs.offer.withdrawn.v1', offered.id)).toBe(0);
  expect((await chef.api.post(`/offers/${offer.id}/accept`)).status).not.toBe(200);
  // ...and the chef left the restaurant's favorites.
  expect((await r.api.get(`/favorites/chef/${chef.profileId}/status`)).body.isFavorite).toBe(false);
  const added = await h.database.rows<{ payload: unknown }>(
    sql`select payload from jobs.outbox where type = 'jobs.block.added.v1' and payload->>'chef_id' = ${chef.id}`,
  );
  expect(added).toHaveLength(1);

  expect((await r.api.del(`/blocks/chef/${chef.profileId}`)).status).toBe(204);
  expect((await r.api.del(`/blocks/chef/${chef.profileId}`)).status).toBe(204); // idempotent
  expect((await r.api.get('/blocks')).body.blocks).toEqual([]);
  const back = await sharedPoll(chef);
  expect(back.text).toContain(job.id);
  expect(back.text).toBe((await sharedPoll(other)).text);
  expect(back.etag).toBe((await sharedPoll(other)).etag);
  expect((await chef.api.get(`/jobs/${job.id}`)).status).toBe(200);
});

test('a chef hides a restaurant: the same apartness, and the restaurant is not told', async () => {
  const r = await restaurantWithProfile(h, 'Hidden Grill');
  const chef = await chefWithProfile(h, { name: 'Hana Hider' });
  const other = await chefWithProfile(h);
  const job = await openJob(h, r);
  const pendingApp = (await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id as string;

  const made = await chef.api.post(`/blocks/restaurant/${r.id}`);
  expect(made.status).toBe(201);
  expect(made.body.block).toMatchObject({
    kind: 'restaurant',
    profile_id: r.profileId,
    user_id: r.id,
    name: 'Hidden Grill',
  });
  expect((await chef.api.get('/blocks')).body.blocks).toEqual([made.body.block]);
  expect((await r.api.get('/blocks')).body.blocks).toEqual([]);

  await apart(r, chef, other, job);
  const withdrawn = await waitForEvent(
    h,
    'jobs.application.cancelled.v1',
    (d) => d.application_id === pendingApp,
  );
  expect(withdrawn.reason).toBe('blocked');
  // The restaurant's own view of its applicants shows a withdrawn application, nothing about a block.
  const page = await r.api.get(`/jobs/${job.id}`);
  expect(JSON.stringify(page.body)).not.toMatch(/block/i);

  expect((await chef.api.del(`/blocks/restaurant/${r.profileId}`)).status).toBe(204);
  expect((await sharedPoll(chef)).text).toBe((await sharedPoll(other)).text);
});

test('bad blocks are refused with a code and change nothing', async () => {
  const r = await restaurantWithProfile(h, 'Careful Cafe');
  const another = await restaurantWithProfile(h, 'Next Door');
  const chef = await chefWithProfile(h);

  const self = await r.api.post(`/blocks/chef/${r.id}`);
  expect(self.status).toBe(400);
  expect(self.body.code).toBe('JOBS.BLOCK_SELF');
  const selfChef = await chef.api.post(`/blocks/restaurant/${chef.id}`);
  expect(selfChef.body.code).toBe('JOBS.BLOCK_SELF');
  for (const res of [
    await r.api.post(`/blocks/chef/${randomUUID()}`),
    await r.api.post(`/blocks/chef/${another.profileId}`), // a restaurant is no chef
    await r.api.post('/blocks/chef/not-a-uuid'),
    await chef.api.post(`/blocks/restaurant/${randomUUID()}`),
    await r.api.del(`/blocks/chef/${randomUUID()}`),
  ]) {
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('JOBS.BLOCK_TARGET_NOT_FOUND');
  }
  // The other role's routes.
  expect((await chef.api.post(`/blocks/chef/${chef.id}`)).status).toBe(403);
  expect((await r.api.post(`/blocks/restaurant/${another.id}`)).status).toBe(403);
  expect((await r.api.del(`/blocks/restaurant/${another.id}`)).status).toBe(403);
  // Lifting a block that is not there: 204, nothing written.
  expect((await r.api.del(`/blocks/chef/${chef.id}`)).status).toBe(204);
  expect(await blockRows(r.id)).toEqual([]);
  expect(await blockRows(another.id)).toEqual([]);
  const events = await h.database.rows(sql`select 1 from jobs.outbox where type like 'jobs.block.%'
    and (payload->>'restaurant_id' = ${r.id} or payload->>'restaurant_id' = ${another.id})`);
  expect(events).toEqual([]);
});
