import { sql } from '@brigade/kit';
import { chefWithProfile, openJob, restaurantWithProfile, useHarness, user } from './harness';

// Races driven in parallel through HTTP. On PostgreSQL (DATABASE_URL set) they really interleave: the
// job row lock, the unique indexes and the transition tables must keep the data right.

const h = useHarness();

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

test('50 chefs applying at once all get in, each exactly once', async () => {
  const r = await user(h, 'restaurant');
  const job = await openJob(h, r);
  const chefs = await Promise.all(Array.from({ length: 50 }, () => chefWithProfile(h, { payouts: false })));
  const results = await Promise.all(chefs.map((c) => c.api.post(`/jobs/${job.id}/apply`)));
  expect(statuses(results)).toEqual(Array(50).fill(201));
  const list = await r.api.get(`/applications?jobId=${job.id}`);
  expect(list.body.applications).toHaveLength(50);
  expect(new Set(list.body.applications.map((a: any) => a.chef_id)).size).toBe(50);
});

test('one chef double-clicking apply ten times gets one application and nine "already applied"', async () => {
  const r = await user(h, 'restaurant');
  const job = await openJob(h, r);
  const chef = await chefWithProfile(h, { payouts: false });
  const results = await Promise.all(Array.from({ length: 10 }, () => chef.api.post(`/jobs/${job.id}/apply`)));
  expect(statuses(results)).toEqual([201, ...Array(9).fill(409)]);
  expect(results.filter((x) => x.status === 409).every((x) => x.body.code === 'JOBS.ALREADY_APPLIED')).toBe(
    true,
  );
  const rows = await h.database.rows(sql`select id from jobs.applications where job_id = ${job.id}`);
  expect(rows).toHaveLength(1);
});

test('a restaurant accepting several applicants at once ends with exactly one accepted chef', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const chefs = await Promise.all(Array.from({ length: 6 }, () => chefWithProfile(h)));
  const apps = await Promise.all(
    chefs.map(async (c) => (await c.api.post(`/jobs/${job.id}/apply`)).body.application.id as string),
  );
  // each application clicked twice, all at once (two tabs and a double-click)
  const results = await Promise.all(
    [...apps, ...apps].map((id) => r.api.patch(`/applications/${id}`, { status: 'accepted' })),
  );
  expect(results.filter((x) => x.status === 200)).toHaveLength(1);
  expect(results.filter((x) => x.status === 409)).toHaveLength(11);
  const list = await r.api.get(`/applications?jobId=${job.id}`);
  expect(list.body.applications.filter((a: any) => a.status === 'accepted')).toHaveLength(1);
});

test('accepting and rejecting the same application at once leaves one decision, never both', async () => {
  const r = await user(h, 'restaurant');
  const job = await openJob(h, r);
  const chef = await chefWithProfile(h);
  const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
  const id = body.application.id;
  const results = await Promise.all([
    r.api.patch(`/applications/${id}`, { status: 'accepted' }),
    r.api.patch(`/applications/${id}`, { status: 'rejected' }),
    r.api.patch(`/applications/${id}`, { status: 'accepted' }),
  ]);
  expect(results.filter((x) => x.status === 200)).toHaveLength(1);
  const winner = results.find((x) => x.status === 200)!.body.application.status;
  expect((await r.api.get(`/applications/${id}`)).body.application.status).toBe(winner);
});

test('a chef confirming while cancelling at once never leaves a filled shift without its chef', async () => {
  const r = await user(h, 'restaurant');
  const job = await openJob(h, r);
  const chef = await chefWithProfile(h);
  const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
  const id = body.application.id;
  await r.api.patch(`/applications/${id}`, { status: 'accepted' });
  const [confirm, cancel] = await Promise.all([
    chef.api.post(`/applications/${id}/confirm`, { confirmed: true }),
    chef.api.del(`/applications/${id}`),
  ]);
  // The cancel always wins in the end: first (the confirm finds nothing to confirm) or second (a confirmed
  // chef may cancel until the start, and the shift reopens). Either way the shift is open again.
  expect(cancel.status).toBe(200);
  expect([200, 409]).toContain(confirm.status);
  const after = (await r.api.get(`/jobs/${job.id}`)).body.job;
  expect(after.status).toBe('open');
  expect(after.applications[0].status).toBe('cancelled');
});

test('the owner cancelling while the chef confirms never leaves a filled job with a cancelled chef', async () => {
  const r = await user(h, 'restaurant');
  const job = await openJob(h, r);
  const chef = await chefWithProfile(h);
  const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
  const id = body.application.id;
  await r.api.patch(`/applications/${id}`, { status: 'accepted' });
  await Promise.all([
    chef.api.post(`/applications/${id}/confirm`, { confirmed: true }),
    r.api.put(`/jobs/${job.id}`, { status: 'cancelled' }),
  ]);
  const after = (await r.api.get(`/jobs/${job.id}`)).body.job;
  expect(after.status).toBe('cancelled');
  expect(after.applications[0].status).toBe('cancelled');
});
