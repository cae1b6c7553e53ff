import { listen, sql, type RunningServer } from '@brigade/kit';
import {
  chefWithProfile,
  client,
  openJob,
  restaurantWithProfile,
  useHarness,
  user,
  type Harness,
} from './harness';

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

// Issue 32: one chef, two overlapping shifts. The chef's bookings are locked (an advisory lock on the chef,
// after the job's and the application's row locks) by every write that gives them a seat, so the second of two
// concurrent writes sees the first's seat.

/** How many seats (accepted awaiting confirmation, or confirmed) the chef holds, and how many confirmed. */
async function seatsOf(chefId: string) {
  const rows = await h.database.rows<{ seats: number; confirmed: number }>(
    sql`select count(*)::int as seats, count(*) filter (where worker_confirmed)::int as confirmed
          from jobs.applications where chef_id = ${chefId} and status = 'accepted' and worker_confirmed is distinct from false`,
  );
  return { seats: Number(rows[0].seats), confirmed: Number(rows[0].confirmed) };
}

test('two restaurants accepting one chef for overlapping shifts at once: one seat, the other refused', async () => {
  const rounds = await Promise.all(
    [0, 1, 2].map(async () => {
      const [a, b] = await Promise.all([restaurantWithProfile(h), restaurantWithProfile(h)]);
      const chef = await chefWithProfile(h);
      const [jobA, jobB] = await Promise.all([openJob(h, a), openJob(h, b)]);
      const [appA, appB] = await Promise.all(
        [jobA, jobB].map(async (j) => (await chef.api.post(`/jobs/${j.id}/apply`)).body.application.id),
      );
      const results = await Promise.all([
        a.api.patch(`/applications/${appA}`, { status: 'accepted' }),
        b.api.patch(`/applications/${appB}`, { status: 'accepted' }),
      ]);
      return { chef, results };
    }),
  );
  for (const { chef, results } of rounds) {
    expect(statuses(results)).toEqual([200, 409]);
    expect(results.find((x) => x.status === 409)!.body.code).toBe('JOBS.OVERLAPPING_SHIFT');
    expect(await seatsOf(chef.id)).toEqual({ seats: 1, confirmed: 0 });
  }
});

test("a chef confirming two overlapping acceptances at once never ends with both: each waits on the chef's lock and finds the other holding the time", async () => {
  // The acceptances were made while SHIFT_GAP was 0 (shifts back to back: apart then); it is 30m now. Each
  // confirm passes its own job's checks and meets the other only at the chef's lock, where an acceptance
  // awaiting the chef holds the time as a confirmed shift does: neither goes through until one is declined.
  const relaxed = await h.anotherInstance({ SHIFT_GAP: '0m' });
  const server: RunningServer = await listen(relaxed.app);
  try {
    const rounds = await Promise.all(
      [0, 1, 2].map(async () => {
        const [a, b] = await Promise.all([restaurantWithProfile(h), restaurantWithProfile(h)]);
        const chef = await chefWithProfile(h);
        const jobA = await openJob(h, a);
        const jobB = await openJob(h, b, {
          startTime: jobA.end_time,
          endTime: new Date(Date.parse(jobA.end_time) + 4 * 3_600_000).toISOString(),
        });
        const ids: string[] = [];
        for (const [r, job] of [
          [a, jobA],
          [b, jobB],
        ] as const) {
          const id = (await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id as string;
          const asOwner = client({ ...h, url: server.url } as Harness, r.token);
          expect((await asOwner.patch(`/applications/${id}`, { status: 'accepted' })).status).toBe(200);
          ids.push(id);
        }
        const results = await Promise.all(
          ids.map((id) => chef.api.post(`/applications/${id}/confirm`, { confirmed: true })),
        );
        return { chef, results };
      }),
    );
    for (const { chef, results } of rounds) {
      expect(statuses(results)).toEqual([409, 409]);
      expect(results.map((x) => x.body.code)).toEqual(['JOBS.OVERLAPPING_SHIFT', 'JOBS.OVERLAPPING_SHIFT']);
      expect(await seatsOf(chef.id)).toEqual({ seats: 2, confirmed: 0 });
    }
  } finally {
    await server.close();
  }
});
