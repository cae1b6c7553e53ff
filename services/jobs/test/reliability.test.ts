import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  type User,
} from './harness';

// Reliability records on applicant cards: a chef's completed shifts, late cancellations and no-shows, all time
// and in the last 90 days. LATE_CANCEL_WINDOW 6 hours and CHECKOUT_DEADLINE 2 hours, so each fact takes a few
// moves of the injected clock.
const h = useHarness({ env: { LATE_CANCEL_WINDOW: '6h', CHECKOUT_DEADLINE: '2h' } });

const DAY = 24 * HOUR;

async function completedShift(chef: User) {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
  await r.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true });
  await chef.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true });
  await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id && d.user_id === chef.id);
  h.clock.reset();
}

async function noShow(chef: User) {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
  await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
  h.clock.advance(6 * HOUR); // past the checkout deadline: the restaurant's answer stands
  await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id && d.kind === 'no_shows');
  h.clock.reset();
}

async function lateCancellation(chef: User) {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(20 * HOUR); // inside the 6-hour window
  expect((await chef.api.del(`/applications/${appId}`)).status).toBe(200);
  await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id && d.user_id === chef.id);
  h.clock.reset();
}

const counts = (completed: number, late: number, noShows: number) => ({
  completed_shifts: completed,
  late_cancellations: late,
  no_shows: noShows,
});

test('a restaurant sees each applicant’s record, all time and in the last 90 days, on every card', async () => {
  const chef = await chefWithProfile(h, { name: 'Reliable Rita' });
  const newcomer = await chefWithProfile(h, { name: 'New Nico' });
  await completedShift(chef);
  await completedShift(chef);
  await noShow(chef);
  await lateCancellation(chef);

  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const appId = (await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id;
  await newcomer.api.post(`/jobs/${job.id}/apply`);
  const record = { ...counts(2, 1, 1), last_90_days: counts(2, 1, 1), removed_on_appeal: 0 };
  const cardOf = (apps: any[], id: string) => apps.find((a) => a.chef_id === id).chef_profiles.reliability;

  const detail = (await r.api.get(`/jobs/${job.id}`)).body.job.applications;
  expect(cardOf(detail, chef.id)).toEqual(record);
  expect(cardOf(detail, newcomer.id)).toEqual({
    ...counts(0, 0, 0),
    last_90_days: counts(0, 0, 0),
    removed_on_appeal: 0,
  });
  const list = await r.api.get(`/applications?jobId=${job.id}`);
  expect(cardOf(list.body.applications, chef.id)).toEqual(record);
  expect((await r.api.get(`/applications/${appId}`)).body.application.chef_profiles.reliability).toEqual(
    record,
  );
  expect((await r.api.post(`/favorites/chef/${chef.id}`)).status).toBe(201);
  const roster = (await r.api.get('/favorites')).body.favorites;
  expect(roster[0].chef_profiles.reliability).toEqual(record);
  expect(roster[0].stats.shiftsCompleted).toBe(0); // none of them for this restaurant

  // a new fact refreshes the cards of a restaurant polling its applications with the last ETag
  const tag = list.headers.get('etag')!;
  expect((await r.api.get(`/applications?jobId=${job.id}`, { 'if-none-match': tag })).status).toBe(304);
  await lateCancellation(chef);
  const polled = await r.api.get(`/applications?jobId=${job.id}`, { 'if-none-match': tag });
  expect(polled.status).toBe(200);
  expect(cardOf(polled.body.applications, chef.id)).toMatchObject({ late_cancellations: 2 });

  // 93 days on (the facts were recorded up to 31 hours ahead of now), the recent counts are empty and the
  // all-time ones stay
  h.clock.advance(93 * DAY);
  await eventually(async () => {
    const later = (await r.api.get(`/jobs/${job.id}`)).body.job.applications;
    expect(cardOf(later, chef.id)).toEqual({
      ...counts(2, 2, 1),
      last_90_days: counts(0, 0, 0),
      removed_on_appeal: 0,
    });
  });
  const aged = await r.api.get(`/applications?jobId=${job.id}`, {
    'if-none-match': polled.headers.get('etag')!,
  });
  expect(aged.status).toBe(200);
  expect(cardOf(aged.body.applications, chef.id).last_90_days).toEqual(counts(0, 0, 0));
});

test('the restaurant’s own facts are published for its profile: completed shifts and late cancellations', async () => {
  const chef = await chefWithProfile(h);
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  await bookChef(job, r, chef);
  h.clock.advance(20 * HOUR);
  expect((await r.api.post(`/jobs/${job.id}/cancel`, {})).body.late).toBe(true);
  const fact = await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.user_id === r.id);
  expect(fact).toMatchObject({ user_type: 'restaurant', kind: 'late_cancellations', job_id: job.id });
  expect(new Date(fact.occurred_at).getTime()).toBeGreaterThan(Date.now() + 19 * HOUR); // the service's clock
});
