import { chefWithProfile, HOUR, openJob, restaurantWithProfile, shiftForm, useHarness } from './harness';

// The dashboards count with the lists' `total`: how many match in all, whatever the limit cuts the list to.
// It is part of the body, so the polls' ETag (built from the list versions) covers it.

const h = useHarness();

test("lists carry the total beside the list cut at its limit, and a poll's 304 holds until it changes", async () => {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const jobs = [];
  for (let i = 0; i < 6; i++) {
    const start = Math.floor(Date.now() / HOUR) * HOUR + (i + 2) * 12 * HOUR;
    jobs.push(
      await openJob(h, r, {
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 5 * HOUR).toISOString(),
      }),
    );
  }
  // One posted and not paid: the restaurant's, never a chef's.
  expect((await r.api.post('/jobs', shiftForm())).status).toBe(201);

  const openings = await chef.api.get('/jobs?status=open&limit=5');
  expect(openings.status).toBe(200);
  expect({ listed: openings.body.jobs.length, total: openings.body.total }).toEqual({ listed: 5, total: 6 });

  const mine = await r.api.get('/jobs?status=all&limit=5');
  expect({ listed: mine.body.jobs.length, total: mine.body.total }).toEqual({ listed: 5, total: 7 });
  const open = await r.api.get('/jobs?status=open&limit=1');
  expect({ listed: open.body.jobs.length, total: open.body.total }).toEqual({ listed: 1, total: 6 });
  const none = await r.api.get('/jobs?status=completed&limit=1');
  expect(none.body).toEqual({ jobs: [], total: 0 });

  for (const job of jobs.slice(0, 3)) expect((await chef.api.post(`/jobs/${job.id}/apply`)).status).toBe(201);
  const applications = await chef.api.get('/applications');
  expect({ listed: applications.body.applications.length, total: applications.body.total }).toEqual({
    listed: 3,
    total: 3,
  });

  // Unchanged: 304. A new shift opens: the chef's next poll gets the new total.
  const tag = (await chef.api.get('/jobs?status=open&limit=5')).headers.get('etag')!;
  expect((await chef.api.get('/jobs?status=open&limit=5', { 'if-none-match': tag })).status).toBe(304);
  await openJob(h, r, { title: 'Prep Cook' });
  const after = await chef.api.get('/jobs?status=open&limit=5', { 'if-none-match': tag });
  expect(after.status).toBe(200);
  expect(after.body.total).toBe(7);
});
