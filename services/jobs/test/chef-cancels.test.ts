import {
  bookChef,
  chefWithProfile,
  HOUR,
  openJob,
  published,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  written,
} from './harness';

// A chef cancels (DELETE /applications/{id}) with LATE_CANCEL_WINDOW shortened to 6 hours: shifts start 23-24
// hours from now, so a cancellation is early at first and late once the clock moves 20 hours.
const h = useHarness({ env: { LATE_CANCEL_WINDOW: '6h' } });

const intoLateWindow = () => h.clock.advance(20 * HOUR);

async function shift(confirm: boolean | 'pending') {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const job = await openJob(h, r);
  const appId =
    confirm === 'pending'
      ? ((await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id as string)
      : await bookChef(job, r, chef, confirm);
  return { r, chef, job, appId };
}

describe('a chef cancels before the start', () => {
  test('a pending application: withdrawn quietly, never late, the shift stays as it was', async () => {
    const { chef, job, appId } = await shift('pending');
    intoLateWindow();
    const res = await chef.api.del(`/applications/${appId}`);
    expect(res.status).toBe(200);
    expect(res.body.application.status).toBe('cancelled');
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ was_accepted: false, was_confirmed: false, late: false });
    expect(published(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened)).toHaveLength(0);
    expect(await written(h, 'jobs.reliability.recorded.v1', job.id)).toBe(0);
  });

  test('an accepted application, early: the shift is announced again as urgent, and no record suffers', async () => {
    const { r, chef, job, appId } = await shift(false);
    const res = await chef.api.del(`/applications/${appId}`);
    expect(res.body.application.status).toBe('cancelled');
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ was_accepted: true, was_confirmed: false, late: false });
    const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened);
    expect(opened.announce_as_urgent).toBe(true);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
    expect(await written(h, 'jobs.reliability.recorded.v1', job.id)).toBe(0);
  });

  test('a confirmed shift, early: it reopens to every chef, announced as urgent, and takes a new chef', async () => {
    const { r, chef, job, appId } = await shift(true);
    const stranger = await chefWithProfile(h);
    const before = await stranger.api.get('/jobs');
    expect(before.body.jobs.map((j: any) => j.id)).not.toContain(job.id);
    const tag = before.headers.get('etag')!;

    const res = await chef.api.del(`/applications/${appId}`);
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ status: 'cancelled', job_postings: { status: 'open' } });
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ was_accepted: true, was_confirmed: true, late: false });
    const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened);
    expect(opened).toMatchObject({ reopened: true, announce_as_urgent: true, restaurant_id: r.id });
    // the chefs' open list moved: a chef polling with the old ETag gets the shift back
    const after = await stranger.api.get('/jobs', { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.body.jobs.map((j: any) => j.id)).toContain(job.id);
    const appId2 = await bookChef(job, r, stranger);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
    expect(appId2).not.toBe(appId);
    expect(await written(h, 'jobs.reliability.recorded.v1', job.id)).toBe(0);
  });

  test('a confirmed shift within the window: a late cancellation on the chef’s record', async () => {
    const { chef, job, appId } = await shift(true);
    intoLateWindow();
    const res = await chef.api.del(`/applications/${appId}`);
    expect(res.status).toBe(200);
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ was_confirmed: true, late: true });
    const fact = await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id);
    expect(fact).toMatchObject({ user_id: chef.id, user_type: 'chef', kind: 'late_cancellations' });
    await waitForEvent(
      h,
      'jobs.job.opened.v1',
      (d) => d.job_id === job.id && d.reopened && d.announce_as_urgent,
    );
  });

  test('an accepted application within the window is late too', async () => {
    const { chef, job, appId } = await shift(false);
    intoLateWindow();
    await chef.api.del(`/applications/${appId}`);
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ was_accepted: true, was_confirmed: false, late: true });
    await waitForEvent(
      h,
      'jobs.reliability.recorded.v1',
      (d) => d.job_id === job.id && d.user_id === chef.id,
    );
  });
});

describe('after the start', () => {
  test('a chef can no longer cancel: a clear 409 in their language, and nothing changes', async () => {
    const { r, chef, job, appId } = await shift(true);
    h.clock.advance(25 * HOUR);
    const res = await chef.api.del(`/applications/${appId}`);
    expect(res.body).toEqual({
      error: 'The shift has started, so it can no longer be cancelled: check out instead.',
      code: 'JOBS.SHIFT_STARTED',
    });
    const es = await chefWithProfile(h, { payouts: false, language: 'es' });
    const pending = await openJob(h, r, {
      startTime: new Date(Date.now() + 30 * HOUR).toISOString(),
      endTime: new Date(Date.now() + 34 * HOUR).toISOString(),
    });
    const { body } = await es.api.post(`/jobs/${pending.id}/apply`);
    h.clock.advance(6 * HOUR); // 31 hours on: past this one's start too
    const refused = await es.api.del(`/applications/${body.application.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('El turno ya empezó, así que no se puede cancelar: registra la salida.');
    expect((await chef.api.get(`/applications/${appId}`)).body.application).toMatchObject({
      status: 'accepted',
      worker_confirmed: true,
    });
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
    expect(published(h, 'jobs.application.cancelled.v1', (d) => d.application_id === appId)).toHaveLength(0);
  });

  test('an accepted chef can no longer confirm a shift that has started (it expires instead)', async () => {
    const { chef, appId } = await shift(false);
    h.clock.advance(25 * HOUR);
    const res = await chef.api.post(`/applications/${appId}/confirm`, { confirmed: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('JOBS.SHIFT_STARTED');
  });
});
