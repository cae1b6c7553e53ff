import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import type { JobsServiceHandle } from '../src/app';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  laterShift,
  openJob,
  restaurantWithProfile,
  useHarness,
  written,
  type User,
} from './harness';

// Issue 37's reconfirmation and standby. A chef booked before RECONFIRM_OPENS (12h here) before the start is
// asked to reconfirm then, and loses the seat at RECONFIRM_BY (6h here) unanswered: a late cancellation on
// their record, the shift urgent, and the seat offered to its standby list one chef at a time for
// STANDBY_OFFER_MINUTES (60 here, passed by moving the service's clock) before everyone is told.
const h = useHarness({
  env: { RECONFIRM_OPENS: '12h', RECONFIRM_BY: '6h', STANDBY_OFFER_MINUTES: '60' },
});

const MINUTE = 60_000;

/** Move the service's clock to `ms` before the shift's start (plus a minute: the moment has passed). */
function clockTo(job: { start_time: string }, before: number) {
  h.clock.advance(Date.parse(job.start_time) - before + MINUTE - h.clock.now().getTime());
}

async function outbox(type: string, jobId: string): Promise<any[]> {
  const rows = await h.database.rows<{ payload: any }>(
    sql`select payload from jobs.outbox where type = ${type} and payload->>'job_id' = ${jobId} order by seq`,
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

async function application(chef: User, id: string) {
  const got = await chef.api.get(`/applications/${id}`);
  expect(got.status).toBe(200);
  return got.body.application;
}

test('a booked chef is asked once at RECONFIRM_OPENS, reconfirms once, and keeps the seat', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const other = await chefWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, ana);

  // Booked a day ahead: a reconfirmation will be due, but not yet (and nobody is asked yet).
  expect(await application(ana, appId)).toMatchObject({ reconfirm_by: null, reconfirmed_at: null });
  const early = await ana.api.post(`/applications/${appId}/reconfirm`);
  expect(early.status).toBe(409);
  expect(early.body.code).toBe('JOBS.RECONFIRM_NOT_DUE');

  clockTo(job, 12 * HOUR);
  const by = new Date(Date.parse(job.start_time) - 6 * HOUR).toISOString();
  await eventually(async () => expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(1));
  expect(await application(ana, appId)).toMatchObject({ reconfirm_by: by, reconfirmed_at: null });
  expect((await outbox('jobs.reconfirmation.requested.v1', job.id))[0]).toMatchObject({
    application_id: appId,
    chef_id: ana.id,
    reconfirm_by: by,
  });

  // Someone else's application is not theirs to reconfirm.
  expect((await other.api.post(`/applications/${appId}/reconfirm`)).status).toBe(404);
  const done = await ana.api.post(`/applications/${appId}/reconfirm`);
  expect(done.status).toBe(200);
  expect(done.body.application.reconfirm_by).toBeNull();
  expect(done.body.application.reconfirmed_at).not.toBeNull();
  const again = await ana.api.post(`/applications/${appId}/reconfirm`);
  expect(again.status).toBe(200);
  expect(again.body.application.reconfirmed_at).toBe(done.body.application.reconfirmed_at);
  expect(await written(h, 'jobs.reconfirmation.received.v1', job.id)).toBe(1);

  // Past RECONFIRM_BY the reconfirmed chef keeps the seat; nobody is asked twice.
  clockTo(job, 6 * HOUR);
  await h.service.rules.pass();
  expect((await application(ana, appId)).status).toBe('accepted');
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
  expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(1);
  expect(await written(h, 'jobs.application.cancelled.v1', job.id)).toBe(0);
});

test('a missed reconfirmation releases the seat late, makes the shift urgent and offers it to standby in turn', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const cleo = await chefWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, ana);

  // Two chefs wait on the filled shift, in the order they joined; joining again answers the same place.
  const joined = await ben.api.post(`/jobs/${job.id}/standby`);
  expect(joined.status).toBe(201);
  expect(joined.body).toEqual({ job_id: job.id, position: 1, standby_count: 1 });
  expect((await cleo.api.post(`/jobs/${job.id}/standby`)).body).toMatchObject({
    position: 2,
    standby_count: 2,
  });
  const twice = await ben.api.post(`/jobs/${job.id}/standby`);
  expect(twice.status).toBe(200);
  expect(twice.body.position).toBe(1);
  expect((await cleo.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
    status: 'filled',
    standby_count: 2,
    standby_position: 2,
  });
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.standby_count).toBe(2);

  clockTo(job, 12 * HOUR);
  await eventually(async () => expect((await application(ana, appId)).reconfirm_by).not.toBeNull());
  clockTo(job, 6 * HOUR);
  await eventually(async () => expect((await application(ana, appId)).status).toBe('cancelled'));

  const [cancelled] = await outbox('jobs.application.cancelled.v1', job.id);
  expect(cancelled).toMatchObject({
    chef_id: ana.id,
    cancelled_by: 'chef',
    late: true,
    was_confirmed: true,
    reason: 'missed_reconfirmation',
  });
  const records = await outbox('jobs.reliability.recorded.v1', job.id);
  expect(records.map((f) => [f.user_id, f.kind])).toEqual([[ana.id, 'late_cancellations']]);
  const tooLate = await ana.api.post(`/applications/${appId}/reconfirm`);
  expect(tooLate.status).toBe(409);
  expect(tooLate.body.code).toBe('JOBS.RECONFIRM_RELEASED');

  // The shift is urgent, and its seat is Ben's to take for an hour: nobody else is told yet.
  const page = (await r.api.get(`/jobs/${job.id}`)).body.job;
  expect(page).toMatchObject({ status: 'open', emergency_level: 'urgent', standby_count: 1 });
  const bens = (await ben.api.get('/offers')).body.offers;
  expect(bens).toHaveLength(1);
  expect(bens[0]).toMatchObject({ job_id: job.id, kind: 'standby', status: 'pending' });
  expect(Date.parse(bens[0].expires_at) - h.clock.now().getTime()).toBeGreaterThan(55 * MINUTE);
  expect((await cleo.api.get(`/jobs/${job.id}`)).body.job.standby_position).toBe(1);
  expect((await outbox('jobs.offer.made.v1', job.id)).map((e) => [e.chef_id, e.kind])).toEqual([
    [ben.id, 'standby'],
  ]);
  expect(await written(h, 'jobs.job.opened.v1', job.id)).toBe(1); // only when it first opened
  // The seat is held for the standby chef: the restaurant cannot offer it to someone else meanwhile.
  const dana = await chefWithProfile(h);
  const direct = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: dana.id });
  expect(direct.status).toBe(409);
  expect(direct.body.code).toBe('JOBS.NO_FREE_SEAT');

  // Ben lets the hour pass: the seat passes to Cleo, once.
  h.clock.advance(61 * MINUTE);
  await eventually(async () => {
    const cleos = (await cleo.api.get('/offers')).body.offers;
    expect(cleos.map((o: any) => [o.kind, o.status])).toEqual([['standby', 'pending']]);
  });
  expect((await ben.api.get('/offers')).body.offers[0].status).toBe('expired');
  await h.service.rules.pass();
  expect(await written(h, 'jobs.offer.made.v1', job.id)).toBe(2);

  // Cleo declines: nobody is left, so every chef is told at once, as urgent.
  const cleoOffer = (await cleo.api.get('/offers')).body.offers[0];
  expect((await cleo.api.post(`/offers/${cleoOffer.id}/decline`)).status).toBe(200);
  const opened = await outbox('jobs.job.opened.v1', job.id);
  expect(opened).toHaveLength(2);
  expect(opened[1]).toMatchObject({
    reopened: true,
    announce_as_urgent: true,
    emergency_level: 'urgent',
    seat_no: 1,
  });
  expect(Array.isArray(opened[1].alerts)).toBe(true);
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.standby_count).toBe(0);
});

test('a chef who cancels opens the seat to standby first, and the standby chef takes it as an offer', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const job = await openJob(h, r);
  // Ben applied too, and was turned down when Ana took the seat: he may still wait on standby.
  const benApp = (await ben.api.post(`/jobs/${job.id}/apply`)).body.application.id;
  const appId = await bookChef(job, r, ana);
  expect((await ben.api.get(`/applications/${benApp}`)).body.application.status).toBe('rejected');
  expect((await ben.api.post(`/jobs/${job.id}/standby`)).status).toBe(201);

  expect((await ana.api.del(`/applications/${appId}`)).status).toBe(200);
  const offer = (await ben.api.get('/offers')).body.offers[0];
  expect(offer).toMatchObject({ kind: 'standby', status: 'pending' });
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.emergency_level).toBe('urgent');

  const taken = await ben.api.post(`/offers/${offer.id}/accept`);
  expect(taken.status).toBe(200);
  expect(taken.body.offer.status).toBe('accepted');
  expect(taken.body.offer.application_id).toBe(benApp);
  expect((await ben.api.get(`/applications/${benApp}`)).body.application).toMatchObject({
    status: 'accepted',
    worker_confirmed: true,
  });
  const page = (await r.api.get(`/jobs/${job.id}`)).body.job;
  expect(page).toMatchObject({ status: 'filled', standby_count: 0 });
  const confirmed = await outbox('jobs.application.confirmed.v1', job.id);
  expect(confirmed.map((e) => [e.chef_id, e.booked_by])).toEqual([
    [ana.id, 'confirmed'],
    [ben.id, 'standby'],
  ]);
  expect(await written(h, 'jobs.job.opened.v1', job.id)).toBe(1);
});

test('a shift booked inside the window needs no reconfirmation', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const start = new Date(h.clock.now().getTime() + 10 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const job = await openJob(h, r, {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
  });
  const appId = await bookChef(job, r, ana);
  const refused = await ana.api.post(`/applications/${appId}/reconfirm`);
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('JOBS.RECONFIRM_NOT_DUE');
  clockTo(job, 6 * HOUR);
  await h.service.rules.pass();
  expect(await application(ana, appId)).toMatchObject({ status: 'accepted', reconfirm_by: null });
  expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(0);
  expect(await written(h, 'jobs.application.cancelled.v1', job.id)).toBe(0);
});

test('standby refusals change nothing; leaving is answered the same twice', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const unpaid = await chefWithProfile(h, { payouts: false });
  const busy = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const turnedDown = await chefWithProfile(h);
  const job = await openJob(h, r);
  const theirs = (await turnedDown.api.post(`/jobs/${job.id}/apply`)).body.application.id;
  expect((await r.api.patch(`/applications/${theirs}`, { status: 'rejected' })).status).toBe(200);
  await bookChef(job, r, ana);

  const own = await ana.api.post(`/jobs/${job.id}/standby`);
  expect(own.status).toBe(409);
  expect(own.body.code).toBe('JOBS.STANDBY_OWN_SHIFT');
  const stripe = await unpaid.api.post(`/jobs/${job.id}/standby`);
  expect(stripe.status).toBe(400);
  expect(stripe.body.code).toBe('JOBS.CHEF_NEEDS_STRIPE');
  // Booked elsewhere at the same time: they could not take the seat either.
  const clash = await openJob(h, r);
  await bookChef(clash, r, busy);
  const overlap = await busy.api.post(`/jobs/${job.id}/standby`);
  expect(overlap.status).toBe(409);
  expect(overlap.body.code).toBe('JOBS.OVERLAPPING_SHIFT');
  // One the restaurant turned down may not wait for its seat.
  const rejected = await turnedDown.api.post(`/jobs/${job.id}/standby`);
  expect(rejected.status).toBe(409);
  expect(rejected.body.code).toBe('JOBS.APPLICATION_CLOSED');
  expect((await r.api.post(`/jobs/${job.id}/standby`)).status).toBe(403);
  expect((await ben.api.post(`/jobs/${randomUUID()}/standby`)).status).toBe(404);
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.standby_count).toBe(0);

  expect((await ben.api.post(`/jobs/${job.id}/standby`)).status).toBe(201);
  const left = await ben.api.del(`/jobs/${job.id}/standby`);
  expect(left.status).toBe(200);
  expect(left.body).toEqual({ job_id: job.id, position: null, standby_count: 0 });
  expect((await ben.api.del(`/jobs/${job.id}/standby`)).body).toEqual(left.body);
  expect(await written(h, 'jobs.standby.joined.v1', job.id)).toBe(1);
  expect(await written(h, 'jobs.standby.left.v1', job.id)).toBe(1);

  // A cancelled shift closes its list and takes nobody more.
  const later = await openJob(h, r, laterShift(24));
  expect((await ben.api.post(`/jobs/${later.id}/standby`)).status).toBe(201);
  expect((await r.api.post(`/jobs/${later.id}/cancel`)).status).toBe(200);
  expect((await outbox('jobs.standby.left.v1', later.id)).map((e) => e.reason)).toEqual(['closed']);
  const closed = await ben.api.post(`/jobs/${later.id}/standby`);
  expect(closed.status).toBe(409);
  expect(closed.body.code).toBe('JOBS.JOB_NOT_OPEN');

  // A started shift takes nobody.
  const soon = await openJob(h, r, laterShift(48));
  clockTo(soon, 0);
  const started = await ben.api.post(`/jobs/${soon.id}/standby`);
  expect(started.status).toBe(409);
  expect(['JOBS.SHIFT_STARTED', 'JOBS.JOB_NOT_OPEN']).toContain(started.body.code);
});

test('two instances ask and release each chef exactly once', async () => {
  const other: JobsServiceHandle = await h.anotherInstance();
  const r = await restaurantWithProfile(h);
  const booked = [];
  for (let i = 0; i < 3; i++) {
    const chef = await chefWithProfile(h);
    const waiting = await chefWithProfile(h);
    const job = await openJob(h, r, laterShift(i * 2, 1));
    const appId = await bookChef(job, r, chef);
    expect((await waiting.api.post(`/jobs/${job.id}/standby`)).status).toBe(201);
    booked.push({ job, appId, chef, waiting });
  }
  await Promise.all([h.service.rules.stop(), other.rules.stop()]);
  const last = booked[booked.length - 1].job;
  clockTo(last, 12 * HOUR); // every chef's window has opened, none has closed
  await Promise.all([h.service.rules.pass(), other.rules.pass(), other.rules.pass(), h.service.rules.pass()]);
  for (const { job } of booked) expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(1);
  clockTo(last, 6 * HOUR); // ... then every RECONFIRM_BY has passed, before any start

  await Promise.all([h.service.rules.pass(), other.rules.pass(), other.rules.pass(), h.service.rules.pass()]);
  for (const { job, waiting } of booked) {
    expect(await written(h, 'jobs.application.cancelled.v1', job.id)).toBe(1);
    expect((await outbox('jobs.offer.made.v1', job.id)).map((e) => [e.chef_id, e.kind])).toEqual([
      [waiting.id, 'standby'],
    ]);
  }
  h.service.rules.start();
  other.rules.start();
});

test('an edit that moves the start moves the reconfirmation with it', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const job = await openJob(h, r, laterShift(48));
  const appId = await bookChef(job, r, ana);
  const stored = async () => {
    const rows = await h.database.rows<{ reconfirm_by: string | Date | null }>(
      sql`select reconfirm_by from jobs.applications where id = ${appId}`,
    );
    return rows[0].reconfirm_by === null ? null : new Date(rows[0].reconfirm_by).toISOString();
  };
  expect(await stored()).toBe(new Date(Date.parse(job.start_time) - 6 * HOUR).toISOString());

  const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();
  const moved = { startTime: later(job.start_time, 2), endTime: later(job.end_time, 2) };
  expect((await r.api.patch(`/jobs/${job.id}`, moved)).status).toBe(200);
  expect(await stored()).toBe(new Date(Date.parse(moved.startTime) - 6 * HOUR).toISOString());

  // Asked at the new time, not the old one.
  clockTo(job, 12 * HOUR);
  await h.service.rules.pass();
  expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(0);
  clockTo({ start_time: moved.startTime }, 12 * HOUR);
  await eventually(async () => expect(await written(h, 'jobs.reconfirmation.requested.v1', job.id)).toBe(1));
});
