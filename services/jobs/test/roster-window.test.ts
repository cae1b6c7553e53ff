import { sql } from '@brigade/kit';
import type { JobsServiceHandle } from '../src/app';
import {
  chefWithProfile,
  eventually,
  openJob,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  written,
  type User,
} from './harness';

// Issue 37's roster-first window: for roster_first_minutes after a shift opens (escrow held) only its
// restaurant's favorites see and can take it. The shared open list (one body per audience: the chefs of one
// place and radius) leaves it out for everyone; favorites get it as their own addition (GET /jobs/offered-first,
// and their own open list); anyone else is answered as for an unknown job. The list's tag turns exactly when the
// window ends (the timed list's next moment), and the rules loop marks the end once (jobs.job.roster_window_ended.v1).

const h = useHarness();

const SHARED = '/jobs?status=open&shared=1&limit=50';
const MINUTE = 60_000;

async function sharedPoll(who: User, etag?: string) {
  const res = await fetch(`${h.url}${SHARED}`, {
    headers: { authorization: `Bearer ${who.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return { status: res.status, text: await res.text(), etag: res.headers.get('etag') ?? '' };
}

const ids = (body: { jobs: Array<{ id: string }> }) => body.jobs.map((j) => j.id);

test('a roster-first shift shows only to favorites until its window ends; the shared body stays one body', async () => {
  const r = await restaurantWithProfile(h, 'Roster Room');
  const fav = await chefWithProfile(h, { name: 'Fay Favorite' });
  const ana = await chefWithProfile(h, { name: 'Ana Other' });
  const ben = await chefWithProfile(h, { name: 'Ben Other' });
  expect((await r.api.post(`/favorites/chef/${fav.profileId}`)).status).toBe(201);

  const opened = Date.now();
  const job = await openJob(h, r, { roster_first_minutes: 30 });
  const everyone = await openJob(h, r); // no window: everyone sees it at once
  const until = (await r.api.get(`/jobs/${job.id}`)).body.job.roster_first_until as string;
  expect(Date.parse(until)).toBeGreaterThanOrEqual(opened + 30 * MINUTE);
  expect(Date.parse(until)).toBeLessThan(Date.now() + 30 * MINUTE + 1000);
  const announced = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id);
  expect(announced.roster_first_until).toBe(until);
  expect(
    (await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === everyone.id)).roster_first_until,
  ).toBeNull();

  // The shared body: the same text for two chefs of one place (and for the favorite), without the shift.
  const anaList = await sharedPoll(ana);
  expect(anaList.status).toBe(200);
  expect(anaList.text).toContain(everyone.id);
  expect(anaList.text).not.toContain(job.id);
  const benList = await sharedPoll(ben);
  expect(benList.text).toBe(anaList.text);
  expect(benList.etag).toBe(anaList.etag);
  expect((await sharedPoll(fav)).text).toBe(anaList.text);
  expect((await sharedPoll(ana, anaList.etag)).status).toBe(304);

  // The favorite's addition: conditional, with the window's end.
  const offered = await fav.api.get('/jobs/offered-first');
  expect(offered.status).toBe(200);
  expect(ids(offered.body)).toEqual([job.id]);
  expect(offered.body.jobs[0].roster_first_until).toBe(until);
  const offeredTag = offered.headers.get('etag')!;
  expect((await fav.api.get('/jobs/offered-first', { 'if-none-match': offeredTag })).status).toBe(304);
  expect((await ana.api.get('/jobs/offered-first')).body.jobs).toEqual([]);
  expect((await r.api.get('/jobs/offered-first')).status).toBe(403);

  // Their own open list has it first; another chef's has it not.
  expect(ids((await fav.api.get('/jobs?status=open&near=all')).body)[0]).toBe(job.id);
  expect(ids((await ana.api.get('/jobs?status=open&near=all')).body)).not.toContain(job.id);

  // Anyone else: as an unknown job, for its page and for applying.
  for (const res of [await ana.api.get(`/jobs/${job.id}`), await ana.api.post(`/jobs/${job.id}/apply`)]) {
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('JOBS.JOB_NOT_FOUND');
  }
  const page = await fav.api.get(`/jobs/${job.id}`);
  expect(page.status).toBe(200);
  expect(page.body.job.roster_first_until).toBe(until);

  // Fired once: two instances' loops, passes by hand at the same time after the window's end.
  const other: JobsServiceHandle = await h.anotherInstance();
  await Promise.all([h.service.rules.stop(), other.rules.stop()]);
  h.clock.advance(31 * MINUTE);
  await Promise.all([h.service.rules.pass(), other.rules.pass(), h.service.rules.pass()]);
  h.service.rules.start();
  other.rules.start();
  expect(await written(h, 'jobs.job.roster_window_ended.v1', job.id)).toBe(1);
  expect(await written(h, 'jobs.job.roster_window_ended.v1', everyone.id)).toBe(0);
  const [marked] = await h.database.rows<{ ended: unknown }>(
    sql`select roster_window_ended_at as ended from jobs.jobs where id = ${job.id}`,
  );
  expect(marked.ended).not.toBeNull();

  // The window ended: the same tag now answers 200, with the shift in the shared body (no window left).
  const after = await sharedPoll(ana, anaList.etag);
  expect(after.status).toBe(200);
  expect(after.text).toContain(job.id);
  expect((await sharedPoll(ben)).text).toBe(after.text);
  const listed = JSON.parse(after.text).jobs.find((j: { id: string }) => j.id === job.id);
  expect(listed.roster_first_until).toBeNull();
  expect((await fav.api.get('/jobs/offered-first', { 'if-none-match': offeredTag })).status).toBe(200);
  expect((await fav.api.get('/jobs/offered-first')).body.jobs).toEqual([]);
  expect((await ana.api.get(`/jobs/${job.id}`)).status).toBe(200);
  expect((await ana.api.post(`/jobs/${job.id}/apply`)).status).toBe(201);
  await eventually(async () => expect(await written(h, 'jobs.job.roster_window_ended.v1', job.id)).toBe(1));
});

test('a chef made a favorite during the window sees the shift at once; taken off, it goes', async () => {
  const r = await restaurantWithProfile(h, 'Late Roster');
  const chef = await chefWithProfile(h);
  const job = await openJob(h, r, { roster_first_minutes: 60 });
  const first = await chef.api.get('/jobs/offered-first');
  expect(first.body.jobs).toEqual([]);
  const tag = first.headers.get('etag')!;

  expect((await r.api.post(`/favorites/chef/${chef.id}`)).status).toBe(201);
  const now = await chef.api.get('/jobs/offered-first', { 'if-none-match': tag });
  expect(now.status).toBe(200);
  expect(ids(now.body)).toEqual([job.id]);

  expect((await r.api.del(`/favorites/chef/${chef.profileId}`)).status).toBe(200);
  const gone = await chef.api.get('/jobs/offered-first', { 'if-none-match': now.headers.get('etag')! });
  expect(gone.status).toBe(200);
  expect(gone.body.jobs).toEqual([]);
  expect((await chef.api.get(`/jobs/${job.id}`)).status).toBe(404);
});

test('roster_first_minutes outside 0-1440 is refused with its text, nothing posted', async () => {
  const r = await restaurantWithProfile(h);
  for (const bad of [-1, 1441, 2.5, 'soon']) {
    const res = await r.api.post('/jobs', {
      title: 'Line Cook',
      startTime: new Date(Date.now() + 30 * 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 34 * 3_600_000).toISOString(),
      hourlyRate: 20,
      emergencyLevel: 'normal',
      notifyFavorites: [],
      roster_first_minutes: bad,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBeDefined();
    if (typeof bad === 'number') expect(res.body.error).toMatch(/roster-first window/);
  }
  expect((await r.api.get('/jobs')).body.jobs).toEqual([]);
});
