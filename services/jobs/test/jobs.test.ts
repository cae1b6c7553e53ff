import { randomUUID } from 'node:crypto';
import { computeJobPay } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import {
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  publish,
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  user,
  waitForEvent,
} from './harness';

const h = useHarness();

describe('posting a shift', () => {
  test('a restaurant posts a shift: it waits for payment with its pay computed as hours x rate plus a 7% fee', async () => {
    const r = await restaurantWithProfile(h);
    const form = shiftForm({ hourlyRate: 22.5, endTime: undefined });
    form.endTime = new Date(new Date(form.startTime).getTime() + 5.5 * HOUR).toISOString();
    const res = await r.api.post('/jobs', form);
    expect(res.status).toBe(201);
    const job = res.body.job;
    const pay = computeJobPay(form.startTime, form.endTime, 22.5);
    expect(job).toMatchObject({
      restaurant_id: r.id,
      title: 'Line Cook',
      status: 'pending_payment',
      payment_status: 'pending',
      hourly_rate: 22.5,
      hours: 5.5,
      subtotal_cents: 12375,
      fee_cents: 866,
      total_cents: 13241,
      emergency_level: 'normal',
      notify_favorites: [],
      restaurant_checkout_completed: false,
      chef_checkout_completed: false,
    });
    expect(job.subtotal_cents).toBe(pay.subtotalCents);
    expect(job.total_cents).toBe(pay.totalCents);
    expect(job.restaurant_profiles).toMatchObject({
      user_id: r.id,
      name: 'Hell’s Kitchen',
      address: '1 Main St',
      cuisine_types: ['American'],
    });
    const posted = await waitForEvent(h, 'jobs.job.posted.v1', (d) => d.job_id === job.id);
    expect(posted).toMatchObject({
      subtotal_cents: 12375,
      fee_cents: 866,
      total_cents: 13241,
      hourly_rate_cents: 2250,
    });
  });

  test.each([
    [{ title: 'Astronaut' }, 'Please select a position'],
    [{ hourlyRate: 14.99 }, 'Hourly rate must be between $15 and $75'],
    [{ hourlyRate: 75.01 }, 'Hourly rate must be between $15 and $75'],
    [
      {
        startTime: new Date(Date.now() - 2 * HOUR).toISOString(),
        endTime: new Date(Date.now() + HOUR).toISOString(),
      },
      'Start time must be in the future',
    ],
    [
      {
        startTime: new Date(Date.now() + 8 * 24 * HOUR).toISOString(),
        endTime: new Date(Date.now() + 8 * 24 * HOUR + HOUR).toISOString(),
      },
      'Shifts can be posted up to 7 days ahead',
    ],
    [
      {
        endTime: new Date(Date.now() + 2 * HOUR).toISOString(),
        startTime: new Date(Date.now() + 3 * HOUR).toISOString(),
      },
      'End time must be after start time',
    ],
    // issue 35: 20 seconds (this harness's MIN_SHIFT_DURATION is 1s) would be charged $0: no card can pay it
    [
      { endTime: new Date(Date.parse(shiftForm().startTime) + 20_000).toISOString() },
      'This shift would be charged $0.00, less than the $0.50 a card can be charged: make it longer or raise the hourly rate.',
    ],
    [{ emergencyLevel: 'panic' }, 'Priority must be normal or urgent'],
    [{ startTime: 'tomorrow' }, 'Times must be valid dates'],
    [{ notifyFavorites: [randomUUID()] }, 'notifyFavorites can only list chefs from your roster'],
  ])('a post with %j is refused with a readable reason and creates nothing', async (overrides, text) => {
    const r = await user(h, 'restaurant');
    const res = await r.api.post('/jobs', shiftForm(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(text);
    expect(res.body.code).toEqual(expect.any(String));
    const list = await r.api.get('/jobs');
    expect(list.body.jobs).toHaveLength(0);
  });

  test('a chef cannot post a shift', async () => {
    const chef = await user(h, 'chef');
    const res = await chef.api.post('/jobs', shiftForm());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('AUTH.WRONG_ROLE');
  });

  test('without a token the service answers 401', async () => {
    const res = await fetch(`${h.url}/jobs`);
    expect(res.status).toBe(401);
  });

  test('a job waiting for payment is visible only to its owner', async () => {
    const r = await user(h, 'restaurant');
    const other = await user(h, 'restaurant');
    const chef = await user(h, 'chef');
    const { body } = await r.api.post('/jobs', shiftForm());
    expect((await r.api.get(`/jobs/${body.job.id}`)).status).toBe(200);
    expect((await chef.api.get(`/jobs/${body.job.id}`)).body).toEqual({
      error: 'Job not found',
      code: 'JOBS.JOB_NOT_FOUND',
    });
    expect((await other.api.get(`/jobs/${body.job.id}`)).status).toBe(404);
    expect((await chef.api.get('/jobs')).body.jobs.map((j: any) => j.id)).not.toContain(body.job.id);
    expect((await chef.api.post(`/jobs/${body.job.id}/apply`)).status).toBe(404);
  });

  test('an unknown or malformed job id is "Job not found"', async () => {
    const chef = await user(h, 'chef');
    expect((await chef.api.get(`/jobs/${randomUUID()}`)).body.error).toBe('Job not found');
    expect((await chef.api.get('/jobs/not-a-uuid')).status).toBe(404);
  });
});

describe('payment turns a posted job into an open one', () => {
  test('when payments holds the escrow the job opens to chefs and the favorites to notify are named', async () => {
    const r = await restaurantWithProfile(h);
    const fav = await chefWithProfile(h);
    expect((await r.api.post(`/favorites/chef/${fav.profileId}`)).status).toBe(201);
    const job = await openJob(h, r, { notifyFavorites: [fav.profileId], emergencyLevel: 'urgent' });
    const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id);
    expect(opened).toMatchObject({
      reopened: false,
      notify_chef_ids: [fav.id],
      emergency_level: 'urgent',
      restaurant_id: r.id,
    });
    const chef = await user(h, 'chef');
    const seen = await chef.api.get(`/jobs/${job.id}`);
    expect(seen.body.job).toMatchObject({
      status: 'open',
      payment_status: 'held_in_escrow',
      user_applied: false,
    });
    expect(seen.body.job.applications).toBeUndefined();
    expect((await chef.api.get('/jobs?status=open')).body.jobs.map((j: any) => j.id)).toContain(job.id);
  });

  test('a duplicate escrow-held event changes nothing and announces the job once', async () => {
    const r = await user(h, 'restaurant');
    const job = await openJob(h, r);
    await publish(h, 'payments.escrow.held.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_dup',
      amount_cents: job.total_cents,
    });
    await publish(h, 'payments.escrow.failed.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_dup',
      code: 'card_declined',
      decline_code: null,
      message: 'declined',
    });
    // a later event of the same queue proves the earlier ones were handled
    const marker = await user(h, 'restaurant');
    await openJob(h, marker);
    expect(published(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id)).toHaveLength(1);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
  });

  test('when the card fails the job becomes payment_failed, and a later successful payment still opens it', async () => {
    const r = await user(h, 'restaurant');
    const { body } = await r.api.post('/jobs', shiftForm());
    await publish(h, 'payments.escrow.failed.v1', {
      job_id: body.job.id,
      restaurant_id: r.id,
      payment_intent_id: null,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${body.job.id}`)).body.job).toMatchObject({
        status: 'payment_failed',
        payment_status: 'failed',
      }),
    );
    await waitForEvent(h, 'jobs.job.payment_failed.v1', (d) => d.job_id === body.job.id);
    await publish(h, 'payments.escrow.held.v1', {
      job_id: body.job.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_2',
      amount_cents: body.job.total_cents,
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${body.job.id}`)).body.job).toMatchObject({
        status: 'open',
        payment_status: 'held_in_escrow',
      }),
    );
  });
});

describe('cancelling a job', () => {
  test('the owner cancels an open job: escrow was held, so a refund is due, and applicants are told', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    await chef.api.post(`/jobs/${job.id}/apply`);
    const res = await r.api.put(`/jobs/${job.id}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.job.status).toBe('cancelled');
    expect(res.body.job.applications[0].status).toBe('cancelled');
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({ previous_status: 'open', refund_due: true, affected_chef_ids: [chef.id] });
    await publish(h, 'payments.escrow.refunded.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      refund_id: 're_1',
      amount_cents: job.total_cents,
      reason: 'job_cancelled',
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${job.id}`)).body.job.payment_status).toBe('refunded'),
    );
  });

  test('cancelling a job that was never paid owes no refund', async () => {
    const r = await user(h, 'restaurant');
    const { body } = await r.api.post('/jobs', shiftForm());
    expect((await r.api.put(`/jobs/${body.job.id}`, { status: 'cancelled' })).status).toBe(200);
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === body.job.id);
    expect(ev.refund_due).toBe(false);
  });

  test('if escrow is held after the owner cancelled, the money is asked back at once', async () => {
    const r = await user(h, 'restaurant');
    const { body } = await r.api.post('/jobs', shiftForm());
    await r.api.put(`/jobs/${body.job.id}`, { status: 'cancelled' });
    await publish(h, 'payments.escrow.held.v1', {
      job_id: body.job.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_late',
      amount_cents: body.job.total_cents,
    });
    const ev = await waitForEvent(
      h,
      'jobs.job.cancelled.v1',
      (d) => d.job_id === body.job.id && d.refund_due === true,
    );
    expect(ev.previous_status).toBe('cancelled');
    expect((await r.api.get(`/jobs/${body.job.id}`)).body.job.status).toBe('cancelled');
  });

  test('a cancelled job cannot be cancelled again, another restaurant cannot cancel it, and only cancelling is allowed', async () => {
    const r = await user(h, 'restaurant');
    const other = await user(h, 'restaurant');
    const job = await openJob(h, r);
    expect((await r.api.put(`/jobs/${job.id}`, { status: 'open' })).body.error).toBe(
      'Only cancelling a job is supported (status: cancelled)',
    );
    expect((await other.api.put(`/jobs/${job.id}`, { status: 'cancelled' })).status).toBe(404);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
    await r.api.put(`/jobs/${job.id}`, { status: 'cancelled' });
    const again = await r.api.put(`/jobs/${job.id}`, { status: 'cancelled' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'A cancelled job cannot be cancelled',
      code: 'JOBS.CANNOT_CANCEL_JOB',
    });
  });
});

describe('listing jobs', () => {
  test('a restaurant sees only its own jobs, newest first, with limit and status filters', async () => {
    const r = await user(h, 'restaurant');
    const other = await user(h, 'restaurant');
    const a = await openJob(h, r);
    const { body: b } = await r.api.post('/jobs', shiftForm({ title: 'Dishwasher' }));
    await openJob(h, other);
    const all = await r.api.get('/jobs?status=all&limit=5');
    expect(all.body.jobs.map((j: any) => j.id)).toEqual([b.job.id, a.id]);
    expect(all.body.jobs[1].pending_applications_count).toBe(0);
    expect((await r.api.get('/jobs?status=open')).body.jobs.map((j: any) => j.id)).toEqual([a.id]);
    expect((await r.api.get('/jobs?status=all&limit=1')).body.jobs).toHaveLength(1);
  });

  test('chefs filter open jobs by priority, rate, skills and dates, and see whether they applied', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h);
    const day = 24 * HOUR;
    const base = new Date(Date.now() + 2 * day);
    base.setUTCHours(12, 0, 0, 0);
    const urgent = await openJob(h, r, {
      emergencyLevel: 'urgent',
      hourlyRate: 40,
      title: 'Bartender',
      startTime: base.toISOString(),
      endTime: new Date(base.getTime() + 3 * HOUR).toISOString(),
    });
    const later = new Date(base.getTime() + 2 * day);
    const cheap = await openJob(h, r, {
      hourlyRate: 16,
      title: 'Dishwasher',
      startTime: later.toISOString(),
      endTime: new Date(later.getTime() + 3 * HOUR).toISOString(),
    });
    await chef.api.post(`/jobs/${cheap.id}/apply`);
    const ids = async (q: string) =>
      (await chef.api.get(`/jobs?${q}`)).body.jobs
        .map((j: any) => j.id)
        .filter((id: string) => id === urgent.id || id === cheap.id);
    expect(await ids('emergencyLevel=urgent')).toEqual([urgent.id]);
    expect(await ids('minRate=30')).toEqual([urgent.id]);
    expect(await ids('maxRate=20')).toEqual([cheap.id]);
    expect(await ids(`skills=${encodeURIComponent(JSON.stringify(['Dishwasher']))}`)).toEqual([cheap.id]);
    expect(await ids('skills=Bartender,Server')).toEqual([urgent.id]);
    expect(await ids(`startDate=${later.toISOString().slice(0, 10)}`)).toEqual([cheap.id]);
    expect(await ids(`endDate=${base.toISOString().slice(0, 10)}`)).toEqual([urgent.id]);
    const list = (await chef.api.get('/jobs')).body.jobs;
    expect(list.find((j: any) => j.id === cheap.id).user_applied).toBe(true);
    expect(list.find((j: any) => j.id === urgent.id).user_applied).toBe(false);
    expect((await chef.api.get('/jobs?minRate=abc')).status).toBe(400);
    expect((await chef.api.get('/jobs?status=weird')).body.error).toBe('Unknown status');
  });

  test('polling an unchanged list gets 304 Not Modified; a change anywhere in it gives a new ETag', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    const first = await r.api.get('/jobs?status=all&limit=5');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await r.api.get('/jobs?status=all&limit=5', { 'if-none-match': etag })).status).toBe(304);
    // another query is another list
    expect((await r.api.get('/jobs?status=open', { 'if-none-match': etag })).status).toBe(200);
    // another user with the same query is another list
    const other = await user(h, 'restaurant');
    expect((await other.api.get('/jobs?status=all&limit=5', { 'if-none-match': etag })).status).toBe(200);

    const chefFirst = await chef.api.get('/jobs');
    const chefTag = chefFirst.headers.get('etag')!;
    expect((await chef.api.get('/jobs', { 'if-none-match': chefTag })).status).toBe(304);
    await chef.api.post(`/jobs/${job.id}/apply`);
    const chefAfter = await chef.api.get('/jobs', { 'if-none-match': chefTag });
    expect(chefAfter.status).toBe(200);
    expect(chefAfter.body.jobs.find((j: any) => j.id === job.id).user_applied).toBe(true);
    const after = await r.api.get('/jobs?status=all&limit=5', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.jobs[0].pending_applications_count).toBe(1);
  });

  test("a profile change of a restaurant with nothing open leaves the chefs' open list unchanged", async () => {
    const quiet = await restaurantWithProfile(h, 'Closed For Now');
    const chef = await user(h, 'chef');
    const tag = (await chef.api.get('/jobs')).headers.get('etag')!;
    await publish(h, 'identity.restaurant_profile.updated.v1', {
      profile_id: quiet.profileId,
      user_id: quiet.id,
      name: 'Closed For Now',
      description: '',
      address: '3 Main St',
      city: 'Detroit',
      state: 'MI',
      latitude: 42.3314,
      longitude: -83.0458,
      logo_url: null,
      cuisine_types: ['Thai'],
      average_rating: 4.9,
      total_ratings: 7,
      language_preference: 'en',
    });
    await eventually(async () => {
      const rows = await h.database.rows<{ total_ratings: number }>(
        sql`select total_ratings from jobs.restaurant_profiles where user_id = ${quiet.id}`,
      );
      expect(Number(rows[0].total_ratings)).toBe(7);
    });
    expect((await chef.api.get('/jobs', { 'if-none-match': tag })).status).toBe(304);
  });

  test('a restaurant renaming itself shows on its jobs (read model of identity), without calling identity', async () => {
    const r = await restaurantWithProfile(h, 'Old Name');
    const job = await openJob(h, r);
    const chef = await user(h, 'chef');
    const before = await chef.api.get('/jobs');
    expect(before.body.jobs.find((j: any) => j.id === job.id).restaurant_profiles.name).toBe('Old Name');
    const tag = before.headers.get('etag')!;
    await publish(h, 'identity.restaurant_profile.updated.v1', {
      profile_id: r.profileId,
      user_id: r.id,
      name: 'New Name',
      description: '',
      address: '2 Main St',
      city: 'Detroit',
      state: 'MI',
      latitude: 42.3314,
      longitude: -83.0458,
      logo_url: 'https://x/logo.png',
      cuisine_types: ['Thai'],
      average_rating: 4.5,
      total_ratings: 2,
      language_preference: 'en',
    });
    await eventually(async () => {
      const res = await chef.api.get('/jobs', { 'if-none-match': tag });
      expect(res.status).toBe(200);
      expect(res.body.jobs.find((j: any) => j.id === job.id).restaurant_profiles).toMatchObject({
        name: 'New Name',
        logo_url: 'https://x/logo.png',
        cuisine_types: ['Thai'],
      });
    });
  });
});
