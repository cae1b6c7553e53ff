import { randomUUID } from 'node:crypto';
import {
  chefWithProfile,
  eventually,
  openJob,
  published,
  restaurantWithProfile,
  setPayouts,
  useHarness,
  user,
  waitForEvent,
} from './harness';

const h = useHarness();

async function setup() {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h, { name: 'Ana' });
  const job = await openJob(h, r);
  const applied = await chef.api.post(`/jobs/${job.id}/apply`);
  expect(applied.status).toBe(201);
  return { r, chef, job, app: applied.body.application };
}

describe('applying', () => {
  test('a chef applies to an open job once; the application carries the job and the chef profile', async () => {
    const { chef, job, app, r } = await setup();
    expect(app).toMatchObject({
      job_id: job.id,
      chef_id: chef.id,
      status: 'pending',
      worker_confirmed: null,
    });
    expect(app.job_postings).toMatchObject({
      id: job.id,
      status: 'open',
      title: 'Line Cook',
      payment_status: 'held_in_escrow',
    });
    expect(app.chef_profiles).toMatchObject({
      id: chef.profileId,
      user_id: chef.id,
      name: 'Ana',
      skills: ['Line Cook', 'Prep Cook'],
      travel_radius: 15,
      city: 'Minneapolis',
    });
    const again = await chef.api.post(`/jobs/${job.id}/apply`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'You have already applied to this job',
      code: 'JOBS.ALREADY_APPLIED',
    });
    const ev = await waitForEvent(h, 'jobs.application.submitted.v1', (d) => d.application_id === app.id);
    expect(ev).toMatchObject({
      job_id: job.id,
      chef_id: chef.id,
      chef_profile_id: chef.profileId,
      restaurant_id: r.id,
      job_title: 'Line Cook',
    });
    // the chef's own list carries where the shift is: the restaurant's name and address (upcoming shifts show them)
    const mine = await chef.api.get('/applications');
    expect(mine.body.applications[0].job_postings.restaurant_profiles).toMatchObject({
      user_id: r.id,
      name: 'Hell’s Kitchen',
      address: '1 Main St',
      city: 'Minneapolis',
    });
    const detail = await chef.api.get(`/jobs/${job.id}`);
    expect(detail.body.job).toMatchObject({
      user_applied: true,
      user_application: { id: app.id, status: 'pending', worker_confirmed: null },
    });
  });

  test('a chef with no profile is refused (403) until the profile exists, and no application is made', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const chef = await user(h, 'chef');
    const refused = await chef.api.post(`/jobs/${job.id}/apply`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'Please complete your profile before applying to shifts',
      code: 'JOBS.PROFILE_REQUIRED',
    });
    expect((await r.api.get(`/applications?jobId=${job.id}`)).body.applications).toEqual([]);
    expect((await chef.api.get(`/jobs/${job.id}`)).body.job.user_applied).toBe(false);
  });

  test('a chef whose phone is not verified is refused (403) with the verification text', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const chef = await chefWithProfile(h, { payouts: false });
    const token = await h.token({ id: chef.id, type: 'chef', phoneVerified: false });
    const res = await fetch(`${h.url}/jobs/${job.id}/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'Please verify your phone number first. You can get a new code from your dashboard or Settings.',
      code: 'AUTH.PHONE_UNVERIFIED',
    });
    expect((await r.api.get(`/applications?jobId=${job.id}`)).body.applications).toEqual([]);
  });

  test('a restaurant cannot apply, and nobody can apply to a cancelled job', async () => {
    const { r, job } = await setup();
    expect((await r.api.post(`/jobs/${job.id}/apply`)).status).toBe(403);
    await r.api.put(`/jobs/${job.id}`, { status: 'cancelled' });
    const chef = await user(h, 'chef');
    const res = await chef.api.post(`/jobs/${job.id}/apply`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This job is not open for applications', code: 'JOBS.JOB_NOT_OPEN' });
  });

  test('a chef cannot apply once the shift has started', async () => {
    const r = await user(h, 'restaurant');
    const job = await openJob(h, r);
    const chef = await user(h, 'chef');
    h.clock.advance(30 * 3_600_000);
    try {
      const res = await chef.api.post(`/jobs/${job.id}/apply`);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This shift has already started');
    } finally {
      h.clock.reset();
    }
  });
});

describe('listing applications', () => {
  test('a chef sees only their own applications; a restaurant sees the applications to its own jobs', async () => {
    const a = await setup();
    const b = await setup();
    const chefList = await a.chef.api.get('/applications');
    expect(chefList.body.applications.map((x: any) => x.id)).toEqual([a.app.id]);
    const rList = await a.r.api.get('/applications');
    expect(rList.body.applications.map((x: any) => x.id)).toEqual([a.app.id]);
    expect(rList.body.applications[0].chef_profiles.name).toBe('Ana');
    expect((await a.r.api.get(`/applications?jobId=${a.job.id}`)).body.applications).toHaveLength(1);
    const denied = await a.r.api.get(`/applications?jobId=${b.job.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("You don't have permission to view these applications");
    // someone else's single application is not found
    expect((await a.chef.api.get(`/applications/${b.app.id}`)).status).toBe(404);
    expect((await a.r.api.get(`/applications/${b.app.id}`)).status).toBe(404);
    expect((await b.r.api.get(`/applications/${b.app.id}`)).status).toBe(200);
  });

  test('the owner sees the applications inside the job; other restaurants cannot read the job', async () => {
    const { r, job, app } = await setup();
    const other = await user(h, 'restaurant');
    const own = await r.api.get(`/jobs/${job.id}`);
    expect(own.body.job.applications.map((x: any) => x.id)).toEqual([app.id]);
    expect(own.body.job.pending_applications_count).toBe(1);
    expect((await other.api.get(`/jobs/${job.id}`)).status).toBe(404);
    expect((await other.api.get('/applications')).body.applications).toEqual([]);
  });

  test('polling GET /applications answers 304 until something in the list changes', async () => {
    const { r, chef, app } = await setup();
    const first = await r.api.get('/applications');
    const tag = first.headers.get('etag')!;
    expect((await r.api.get('/applications', { 'if-none-match': tag })).status).toBe(304);
    const chefTag = (await chef.api.get('/applications')).headers.get('etag')!;
    expect((await chef.api.get('/applications', { 'if-none-match': chefTag })).status).toBe(304);
    await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    const after = await r.api.get('/applications', { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.body.applications[0].status).toBe('accepted');
    expect((await chef.api.get('/applications', { 'if-none-match': chefTag })).status).toBe(200);
  });
});

describe('accepting and rejecting', () => {
  test('the owner accepts a pending application; the job stays open awaiting the chef', async () => {
    const { r, app, job } = await setup();
    const res = await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ status: 'accepted', worker_confirmed: null });
    expect(res.body.application.job_postings.status).toBe('open');
    await waitForEvent(
      h,
      'jobs.application.accepted.v1',
      (d) => d.application_id === app.id && d.job_id === job.id,
    );
  });

  test('accepting a chef who cannot receive payouts is refused with the Stripe setup message', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h, { payouts: false });
    const job = await openJob(h, r);
    const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
    const res = await r.api.patch(`/applications/${body.application.id}`, { status: 'accepted' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'This chef needs to complete Stripe setup to receive payments',
      code: 'JOBS.CHEF_NEEDS_STRIPE',
      chefNeedsStripe: true,
    });
    expect((await r.api.get(`/applications/${body.application.id}`)).body.application.status).toBe('pending');
    await setPayouts(h, chef.id, true);
    expect((await r.api.patch(`/applications/${body.application.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
  });

  test('only pending applications can be accepted or rejected, and one chef at a time', async () => {
    const { r, app, job } = await setup();
    const second = await chefWithProfile(h);
    const { body } = await second.api.post(`/jobs/${job.id}/apply`);
    await r.api.patch(`/applications/${app.id}`, { status: 'rejected' });
    await waitForEvent(h, 'jobs.application.rejected.v1', (d) => d.application_id === app.id);
    const again = await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Only pending applications can be accepted or rejected',
      code: 'JOBS.NOT_PENDING',
    });
    const third = await chefWithProfile(h);
    const { body: t } = await third.api.post(`/jobs/${job.id}/apply`);
    expect((await r.api.patch(`/applications/${body.application.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
    const blocked = await r.api.patch(`/applications/${t.application.id}`, { status: 'accepted' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('Another chef has already been accepted for this job');
    expect((await r.api.patch(`/applications/${app.id}`, { status: 'maybe' })).body.error).toBe(
      'status must be accepted or rejected',
    );
  });

  test('a chef cannot accept; another restaurant cannot accept or see the application', async () => {
    const { chef, app } = await setup();
    const other = await user(h, 'restaurant');
    const byChef = await chef.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    expect(byChef.status).toBe(403);
    const byOther = await other.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    expect(byOther.status).toBe(404);
    expect(byOther.body.error).toBe('Application not found');
    expect((await other.api.patch(`/applications/${randomUUID()}`, { status: 'accepted' })).status).toBe(404);
  });
});

describe('the chef answers an acceptance', () => {
  test('confirming fills the job and turns down the other pending applicants', async () => {
    const { r, chef, app, job } = await setup();
    const other = await chefWithProfile(h);
    const { body: o } = await other.api.post(`/jobs/${job.id}/apply`);
    await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    const res = await chef.api.post(`/applications/${app.id}/confirm`, { confirmed: true });
    expect(res.status).toBe(200);
    expect(res.body.application).toMatchObject({ status: 'accepted', worker_confirmed: true });
    expect(res.body.application.job_postings.status).toBe('filled');
    expect((await other.api.get(`/applications/${o.application.id}`)).body.application.status).toBe(
      'rejected',
    );
    await waitForEvent(h, 'jobs.application.confirmed.v1', (d) => d.application_id === app.id);
    await waitForEvent(h, 'jobs.application.rejected.v1', (d) => d.application_id === o.application.id);
    // the filled job is no longer listed for chefs who did not apply, but still readable by the confirmed chef
    const stranger = await user(h, 'chef');
    expect((await stranger.api.get(`/jobs/${job.id}`)).status).toBe(404);
    expect((await chef.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
    expect((await chef.api.get('/jobs?status=filled')).body.jobs.map((j: any) => j.id)).toEqual([job.id]);
    // and nothing more can happen to the applications of a filled job
    const late = await chefWithProfile(h);
    expect((await late.api.post(`/jobs/${job.id}/apply`)).status).toBe(409);
    const again = await chef.api.post(`/applications/${app.id}/confirm`, { confirmed: false });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'This application is not awaiting your confirmation',
      code: 'JOBS.NOT_AWAITING_CONFIRMATION',
    });
    // (a confirmed chef may still cancel before the start: chef-cancels.test.ts)
  });

  test('declining reopens the job so the restaurant can accept someone else', async () => {
    const { r, chef, app, job } = await setup();
    const other = await chefWithProfile(h);
    const { body: o } = await other.api.post(`/jobs/${job.id}/apply`);
    await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    const res = await chef.api.post(`/applications/${app.id}/confirm`, { confirmed: false });
    expect(res.body.application).toMatchObject({ status: 'accepted', worker_confirmed: false });
    expect(res.body.application.job_postings.status).toBe('open');
    await waitForEvent(h, 'jobs.application.declined.v1', (d) => d.application_id === app.id);
    await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened === true);
    expect((await r.api.patch(`/applications/${o.application.id}`, { status: 'accepted' })).status).toBe(200);
  });

  test('only the accepted chef can confirm: not a restaurant, not another chef, not before acceptance', async () => {
    const { r, chef, app } = await setup();
    const pending = await chef.api.post(`/applications/${app.id}/confirm`, { confirmed: true });
    expect(pending.status).toBe(409);
    await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    expect((await r.api.post(`/applications/${app.id}/confirm`, { confirmed: true })).status).toBe(403);
    const stranger = await user(h, 'chef');
    expect((await stranger.api.post(`/applications/${app.id}/confirm`, { confirmed: true })).status).toBe(
      404,
    );
    expect((await chef.api.post(`/applications/${app.id}/confirm`, { confirmed: 'yes' })).body.error).toBe(
      'confirmed must be true or false',
    );
  });
});

describe('the chef cancels an application', () => {
  test('a pending application can be cancelled', async () => {
    const { chef, app } = await setup();
    const res = await chef.api.del(`/applications/${app.id}`);
    expect(res.status).toBe(200);
    expect(res.body.application.status).toBe('cancelled');
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === app.id);
    expect(ev.was_accepted).toBe(false);
    const again = await chef.api.del(`/applications/${app.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Only pending, accepted or confirmed applications can be cancelled',
      code: 'JOBS.CANNOT_CANCEL',
    });
  });

  test('when a chef cancels an accepted application, the job reopens', async () => {
    const { r, chef, app, job } = await setup();
    await r.api.patch(`/applications/${app.id}`, { status: 'accepted' });
    const res = await chef.api.del(`/applications/${app.id}`);
    expect(res.body.application.status).toBe('cancelled');
    const ev = await waitForEvent(h, 'jobs.application.cancelled.v1', (d) => d.application_id === app.id);
    expect(ev.was_accepted).toBe(true);
    await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened === true);
    const next = await chefWithProfile(h);
    const { body } = await next.api.post(`/jobs/${job.id}/apply`);
    expect((await r.api.patch(`/applications/${body.application.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
  });

  test("nobody else can cancel a chef's application", async () => {
    const { r, app } = await setup();
    const stranger = await user(h, 'chef');
    expect((await stranger.api.del(`/applications/${app.id}`)).status).toBe(404);
    expect((await r.api.del(`/applications/${app.id}`)).status).toBe(403);
    await eventually(async () =>
      expect((await r.api.get(`/applications/${app.id}`)).body.application.status).toBe('pending'),
    );
    expect(published(h, 'jobs.application.cancelled.v1', (d) => d.application_id === app.id)).toHaveLength(0);
  });
});
