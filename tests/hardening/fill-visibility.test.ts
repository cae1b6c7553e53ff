import { eventually } from '@brigade/kit/testing';
import {
  expectStatus,
  nowOf,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type PostedJob,
  type Stack,
  until as untilTime,
} from './support/stack';

// Issue 37, who sees a shift, through the gateway as the apps see it: a roster-first shift is offered to the
// restaurant's favorites alone until its window ends, while the openings list stays ONE shared body for the
// chefs of a place (the gateway keeps it and answers it itself, ADR 7) and turns by itself when the window ends;
// a block either way keeps a chef and a restaurant apart, and the blocked chef's openings are their own body,
// never the audience's. A window minute lasts 2 s here (JOBS_ROSTER_MINUTE_MS).

const MINUTE_MS = 2000;
const WINDOW_MINUTES = 20; // 40 s: room for a slow payment before the in-window checks

let stack: Stack;
let restaurant: Account;
let fav: Account;
let ana: Account;
let ben: Account;

beforeAll(async () => {
  stack = await startStack({ JOBS_ROSTER_MINUTE_MS: String(MINUTE_MS), JOBS_RULES_POLL_MS: '200' });
  [restaurant, fav, ana, ben] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
}, 120_000);
afterAll(() => stack?.close());

const OPENINGS = '/api/jobs?status=open&shared=1';

/** One chef's poll of the openings as the app sends it: with their last ETag, if any. */
async function openings(who: Account, etag?: string) {
  const reply = await stack.call('GET', OPENINGS, {
    token: who.token,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return { status: reply.status, text: reply.text, etag: reply.headers.get('etag') ?? '' };
}

const get = (who: Account, path: string) => stack.call('GET', path, { token: who.token });
const post = (who: Account, path: string, body?: unknown) =>
  stack.call('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });

async function openShift(owner: Account, extra: Record<string, unknown> = {}): Promise<PostedJob> {
  const job = await postJob(stack, owner, 86_400_000, 8, 25, extra);
  await payJob(stack, owner, job);
  return job;
}

test('a roster-first shift: favorites only, one shared body for the rest, 304 until the window ends then 200', async () => {
  expectStatus(await post(restaurant, `/api/favorites/chef/${fav.profileId}`), 201);
  const job = await openShift(restaurant, { roster_first_minutes: WINDOW_MINUTES });
  const until = Date.parse((await get(restaurant, `/api/jobs/${job.id}`)).body.job.roster_first_until);
  expect(until).toBeGreaterThan(nowOf(stack));

  // The favorite is offered it (their own addition, a conditional poll).
  const offered = await eventually(async () => {
    const reply = expectStatus(await get(fav, '/api/jobs/offered-first'), 200);
    expect(reply.body.jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);
    return reply;
  });
  expect(offered.body.jobs[0].roster_first_until).toBe(new Date(until).toISOString());
  const again = await stack.call('GET', '/api/jobs/offered-first', {
    token: fav.token,
    headers: { 'if-none-match': offered.headers.get('etag')! },
  });
  expect(again.status).toBe(304);

  // Everyone else: one body for the place, without the shift, and 304 while nothing changes.
  const first = await eventually(async () => {
    const a = await openings(ana);
    const b = await openings(ben);
    expect(b.text).toBe(a.text);
    expect(b.etag).toBe(a.etag);
    return a;
  });
  expect(nowOf(stack)).toBeLessThan(until); // the checks above ran inside the window
  expect(first.text).not.toContain(job.id);
  expect(JSON.parse(first.text).jobs).toBeInstanceOf(Array);
  expect((await openings(ana, first.etag)).status).toBe(304);
  expect((await openings(ben, first.etag)).status).toBe(304);
  for (const reply of [await get(ana, `/api/jobs/${job.id}`), await post(ana, `/api/jobs/${job.id}/apply`)]) {
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('JOBS.JOB_NOT_FOUND');
  }

  // The window ends (the product's clock is moved there): the same ETag now gets the list with the shift, still
  // one body for both chefs.
  await untilTime(stack, until);
  const after = await eventually(
    async () => {
      const a = await openings(ana, first.etag);
      expect(a.status).toBe(200);
      expect(a.text).toContain(job.id);
      return a;
    },
    (WINDOW_MINUTES + 10) * MINUTE_MS,
    // polled as a phone would, not every 25 ms: 40 s of that is past the gateway's per-user rate limit (429)
    500,
  );
  expect(nowOf(stack)).toBeGreaterThanOrEqual(until);
  const benAfter = await openings(ben, first.etag);
  expect(benAfter.status).toBe(200);
  expect(benAfter.text).toBe(after.text);
  expect(
    JSON.parse(after.text).jobs.find((j: { id: string }) => j.id === job.id).roster_first_until,
  ).toBeNull();
  expectStatus(await get(ana, `/api/jobs/${job.id}`), 200);
  await eventually(async () => expect((await get(fav, '/api/jobs/offered-first')).body.jobs).toEqual([]));
}, 180_000);

test('blocks both ways: the chef is answered their own openings without the restaurant; apart on every door', async () => {
  const [hider, blocked] = [ana, ben];
  const place = await signUp(stack, 'restaurant');
  const job = await openShift(place);
  // Before: both chefs get the audience's body, with the shift.
  await eventually(async () => {
    const a = await openings(hider);
    expect(a.text).toContain(job.id);
    expect((await openings(fav)).text).toBe(a.text);
  });

  // The chef hides the restaurant; the restaurant blocks the other chef.
  expectStatus(await post(hider, `/api/blocks/restaurant/${place.profileId}`), 201);
  expectStatus(await post(place, `/api/blocks/chef/${blocked.profileId}`), 201);
  expect((await get(hider, '/api/blocks')).body.blocks).toHaveLength(1);
  expect((await get(place, '/api/blocks')).body.blocks.map((b: { user_id: string }) => b.user_id)).toEqual([
    blocked.id,
  ]);

  const audience = await openings(fav); // the gateway keeps this body for the place's chefs
  expect(audience.text).toContain(job.id);
  for (const chef of [hider, blocked]) {
    for (let i = 0; i < 3; i++) {
      const mine = await openings(chef, audience.etag);
      expect(mine.status).toBe(200); // never the audience's tag
      expect(mine.text).not.toContain(job.id);
      expect(mine.etag).not.toBe(audience.etag);
      expect((await openings(chef, mine.etag)).status).toBe(304);
    }
    for (const reply of [
      await get(chef, `/api/jobs/${job.id}`),
      await post(chef, `/api/jobs/${job.id}/apply`),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('JOBS.JOB_NOT_FOUND');
    }
    const offer = await post(place, `/api/jobs/${job.id}/offers`, { chef_id: chef.profileId });
    expect(offer.status).toBe(404);
    expect(offer.body.code).toBe('JOBS.CHEF_NOT_FOUND');
  }
  // Nobody learns of the other side's block.
  expect((await get(blocked, '/api/blocks')).body.blocks).toEqual([]);

  // Lifted: back in the audience, the same body as everyone.
  expect(
    (await stack.call('DELETE', `/api/blocks/restaurant/${place.id}`, { token: hider.token })).status,
  ).toBe(204);
  const back = await openings(hider);
  expect(back.text).toContain(job.id);
  expect(back.text).toBe((await openings(fav)).text);
}, 180_000);

test('bad blocks: oneself, unknown ids and the other role are refused with a code', async () => {
  const self = await post(restaurant, `/api/blocks/chef/${restaurant.id}`);
  expect(self.status).toBe(400);
  expect(self.body.code).toBe('JOBS.BLOCK_SELF');
  const unknown = await post(fav, '/api/blocks/restaurant/00000000-0000-4000-8000-000000000000');
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe('JOBS.BLOCK_TARGET_NOT_FOUND');
  expect((await post(fav, `/api/blocks/chef/${ana.profileId}`)).status).toBe(403);
  expect((await get(restaurant, '/api/blocks')).body.blocks).toEqual([]);
});
