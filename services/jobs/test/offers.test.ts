import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  laterShift,
  openJob,
  publish,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  waitForEvent,
  written,
} from './harness';

// Issue 35's direct offers: a restaurant offers its open shift to a chef; accepting books the seat at once (an
// application accepted and confirmed, the job filled, the same events as a chef confirming); declining or
// OFFER_EXPIRES_AFTER (2h here, the default) ends the offer. Offers are limited to the job's free seats.

const h = useHarness();

async function suspend(userId: string) {
  const at = new Date().toISOString();
  await publish(h, 'identity.user.suspended.v1', {
    user_id: userId,
    user_type: 'chef',
    reason: 'fake profile',
    operator_id: randomUUID(),
    suspended_at: at,
  });
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from jobs.suspended_users where user_id = ${userId}`);
    expect(rows).toHaveLength(1);
  });
}

test('a chef accepts an offer: the seat is theirs, confirmed, the job filled and announced as when a chef confirms', async () => {
  const r = await restaurantWithProfile(h, 'Loop Diner');
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const applicant = await chefWithProfile(h, { name: 'Ben Applicant' });
  const job = await openJob(h, r);
  const applied = await applicant.api.post(`/jobs/${job.id}/apply`);
  expect(applied.status).toBe(201);

  // Offered by the chef profile id, as /favorites/chef/{id} takes it.
  const made = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.profileId });
  expect(made.status).toBe(201);
  const offer = made.body.offer;
  expect(offer).toMatchObject({ job_id: job.id, chef_id: ana.id, status: 'pending', application_id: null });
  expect(offer.shift).toMatchObject({ title: 'Line Cook', restaurant_name: 'Loop Diner', hours: 4 });
  expect(offer.shift.chef_pay_cents).toBe(8000); // 4 h at $20: the escrow's shift pay
  expect(Date.parse(offer.expires_at) - Date.parse(offer.created_at)).toBe(2 * HOUR);
  const madeEvent = await waitForEvent(h, 'jobs.offer.made.v1', (d) => d.offer_id === offer.id);
  expect(madeEvent).toMatchObject({ chef_id: ana.id, restaurant_name: 'Loop Diner', chef_pay_cents: 8000 });

  const listed = await ana.api.get('/offers');
  expect(listed.body.offers.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
    [offer.id, 'pending'],
  ]);

  const accepted = await ana.api.post(`/offers/${offer.id}/accept`);
  expect(accepted.status).toBe(200);
  expect(accepted.body.offer.status).toBe('accepted');
  const appId = accepted.body.offer.application_id as string;

  const mine = await ana.api.get(`/applications/${appId}`);
  expect(mine.body.application).toMatchObject({ status: 'accepted', worker_confirmed: true, job_id: job.id });
  const seen = await r.api.get(`/jobs/${job.id}`);
  expect(seen.body.job.status).toBe('filled');
  const others = await applicant.api.get(`/applications/${applied.body.application.id}`);
  expect(others.body.application.status).toBe('rejected');

  expect(await written(h, 'jobs.application.confirmed.v1', job.id)).toBe(1);
  expect(await written(h, 'jobs.application.rejected.v1', job.id)).toBe(1);
  expect(await written(h, 'jobs.application.accepted.v1', job.id)).toBe(0);
  const answered = await waitForEvent(h, 'jobs.offer.answered.v1', (d) => d.offer_id === offer.id);
  expect(answered).toMatchObject({ answer: 'accepted', application_id: appId });

  // The restaurant reads it on its job page; answering twice is refused.
  const page = await r.api.get(`/jobs/${job.id}/offers`);
  expect(page.body.offers.map((o: { status: string }) => o.status)).toEqual(['accepted']);
  const again = await ana.api.post(`/offers/${offer.id}/decline`);
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('JOBS.OFFER_ANSWERED');
});

test('a declined offer frees the chef: the restaurant reads declined and may offer again', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const job = await openJob(h, r);
  const offer = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;

  const declined = await ana.api.post(`/offers/${offer.id}/decline`);
  expect(declined.status).toBe(200);
  expect(declined.body.offer.status).toBe('declined');
  expect((await r.api.get(`/jobs/${job.id}/offers`)).body.offers[0].status).toBe('declined');
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
  const late = await ana.api.post(`/offers/${offer.id}/accept`);
  expect(late.status).toBe(409);
  expect(late.body.code).toBe('JOBS.OFFER_ANSWERED');

  expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).status).toBe(201);
});

test('an offer ends after OFFER_EXPIRES_AFTER (or at the start): it reads expired and cannot be accepted', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const job = await openJob(h, r);
  const offer = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;

  h.clock.advance(2 * HOUR + 1000);
  expect((await ana.api.get('/offers')).body.offers[0]).toMatchObject({ id: offer.id, status: 'expired' });
  expect((await r.api.get(`/jobs/${job.id}/offers`)).body.offers[0].status).toBe('expired');
  const accepted = await ana.api.post(`/offers/${offer.id}/accept`);
  expect(accepted.status).toBe(409);
  expect(accepted.body.code).toBe('JOBS.OFFER_EXPIRED');
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
  // Ended, it no longer counts as the chef's live offer.
  expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).status).toBe(201);

  // A shift starting within the hour: the offer ends at its start.
  h.clock.reset();
  const soon = new Date(Date.now() + HOUR);
  const early = await openJob(h, r, {
    startTime: soon.toISOString(),
    endTime: new Date(soon.getTime() + 4 * HOUR).toISOString(),
  });
  const short = (await r.api.post(`/jobs/${early.id}/offers`, { chef_id: ana.id })).body.offer;
  expect(short.expires_at).toBe(early.start_time);
});

test('an offer that ended before another chef booked the seat still reads expired, not taken', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const job = await openJob(h, r);
  const toBen = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ben.id })).body.offer;
  h.clock.advance(HOUR);
  const toAna = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;

  // Ben's offer ended (2 h), Ana's has an hour left: she books the seat.
  h.clock.advance(HOUR + 1000);
  expect((await ana.api.post(`/offers/${toAna.id}/accept`)).status).toBe(200);
  expect((await ben.api.get('/offers')).body.offers[0]).toMatchObject({ id: toBen.id, status: 'expired' });
  const page = (await r.api.get(`/jobs/${job.id}/offers`)).body.offers as Array<{
    id: string;
    status: string;
  }>;
  expect(page.map((o) => [o.id, o.status])).toEqual([
    [toAna.id, 'accepted'],
    [toBen.id, 'expired'],
  ]);
});

test('a suspended chef, a full job, a second live offer and an unpaid job are 409s with their codes', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const job = await openJob(h, r);

  await suspend(ben.id);
  const refused = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ben.profileId });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('JOBS.CHEF_SUSPENDED');
  await publish(h, 'identity.user.reinstated.v1', {
    user_id: ben.id,
    user_type: 'chef',
    operator_id: randomUUID(),
    reinstated_at: new Date().toISOString(),
  });
  await eventually(async () => {
    expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ben.profileId })).status).toBe(201);
  });

  expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).status).toBe(201);
  const twice = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.profileId });
  expect(twice.status).toBe(409);
  expect(twice.body.code).toBe('JOBS.OFFER_EXISTS');

  const full = await openJob(h, r, {
    startTime: job.end_time,
    endTime: new Date(Date.parse(job.end_time) + 4 * HOUR).toISOString(),
  });
  await bookChef(full, r, await chefWithProfile(h));
  const noSeat = await r.api.post(`/jobs/${full.id}/offers`, { chef_id: ana.id });
  expect(noSeat.status).toBe(409);
  expect(noSeat.body.code).toBe('JOBS.NO_FREE_SEAT');

  const unpaid = (await r.api.post('/jobs', shiftForm(laterShift(48)))).body.job;
  const notOpen = await r.api.post(`/jobs/${unpaid.id}/offers`, { chef_id: ana.id });
  expect(notOpen.status).toBe(409);
  expect(notOpen.body.code).toBe('JOBS.JOB_NOT_OPEN');
  expect(await written(h, 'jobs.offer.made.v1', unpaid.id)).toBe(0);
});

test('only the owning restaurant offers, only the offered chef answers; bad ids are 4xx', async () => {
  const r = await restaurantWithProfile(h);
  const other = await restaurantWithProfile(h, 'Other Place');
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const job = await openJob(h, r);

  const stranger = await other.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id });
  expect(stranger.status).toBe(404);
  expect((await other.api.get(`/jobs/${job.id}/offers`)).status).toBe(404);
  expect((await ana.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).status).toBe(403);
  expect((await r.api.post(`/jobs/not-a-uuid/offers`, { chef_id: ana.id })).status).toBe(404);
  expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: 'nope' })).status).toBe(400);
  const nobody = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: randomUUID() });
  expect(nobody.status).toBe(404);
  expect(nobody.body.code).toBe('JOBS.CHEF_NOT_FOUND');

  const offer = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;
  expect((await ben.api.post(`/offers/${offer.id}/accept`)).status).toBe(404);
  expect((await ben.api.get('/offers')).body.offers).toEqual([]);
  expect((await r.api.post(`/offers/${offer.id}/accept`)).status).toBe(403);
  expect((await ana.api.post(`/offers/${randomUUID()}/accept`)).status).toBe(404);
  expect((await ana.api.post('/offers/0/decline')).status).toBe(404);
});

test('two chefs accepting offers for the last seat at once: exactly one books it, the other reads taken', async () => {
  const r = await restaurantWithProfile(h);
  const chefs = await Promise.all([chefWithProfile(h), chefWithProfile(h), chefWithProfile(h)]);
  const job = await openJob(h, r);
  const offers: string[] = [];
  for (const chef of chefs)
    offers.push((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: chef.id })).body.offer.id as string);

  const answers = await Promise.all(chefs.map((chef, i) => chef.api.post(`/offers/${offers[i]}/accept`)));
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status === 409);
  expect(won).toHaveLength(1);
  expect(lost.map((a) => a.body.code)).toEqual(['JOBS.OFFER_TAKEN', 'JOBS.OFFER_TAKEN']);
  const page = (await r.api.get(`/jobs/${job.id}/offers`)).body.offers as Array<{ status: string }>;
  expect(page.map((o) => o.status).sort()).toEqual(['accepted', 'taken', 'taken']);
  const booked = await h.database.rows(
    sql`select 1 from jobs.applications where job_id = ${job.id} and worker_confirmed = true`,
  );
  expect(booked).toHaveLength(1);
});

test('a chef booked elsewhere at that time cannot accept: 409 JOBS.OVERLAPPING_SHIFT, nothing booked', async () => {
  const r = await restaurantWithProfile(h);
  const elsewhere = await restaurantWithProfile(h, 'Elsewhere');
  const ana = await chefWithProfile(h);
  const held = await openJob(h, elsewhere);
  await bookChef(held, elsewhere, ana);
  const job = await openJob(h, r);
  const offer = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;

  const accepted = await ana.api.post(`/offers/${offer.id}/accept`);
  expect(accepted.status).toBe(409);
  expect(accepted.body.code).toBe('JOBS.OVERLAPPING_SHIFT');
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
  expect((await ana.api.get('/offers')).body.offers[0].status).toBe('pending');
});
