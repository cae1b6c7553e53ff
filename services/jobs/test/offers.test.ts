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
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  waitForEvent,
  written,
} from './harness';

// Issue 35's direct offers: a restaurant offers its open shift to a chef; accepting books the seat at once (an
// application accepted and confirmed, the job filled, the same events as a chef confirming); declining or
// OFFER_EXPIRES_AFTER (2h here, the default) ends the offer. Offers are limited to the job's free seats.
// How an offer ends is stored and, where the restaurant is told, published: expired by the rules loop
// (jobs.offer.expired.v1, once), withdrawn by a chef's suspension (jobs.offer.withdrawn.v1), taken by the last
// seat's booking, withdrawn with its cancelled shift.

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

/** What the offer's row holds (not what a reader makes of it at this time): its stored state. */
async function stored(offerId: string): Promise<string> {
  const rows = await h.database.rows<{ status: string }>(
    sql`select status from jobs.offers where id = ${offerId}`,
  );
  return rows[0].status;
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

test('suspending a chef withdraws their pending offers with the suspension, and each restaurant is told', async () => {
  const north = await restaurantWithProfile(h, 'North Loop Kitchen');
  const casa = await restaurantWithProfile(h, 'Casa Lupita');
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const atNorth = await openJob(h, north);
  const atCasa = await openJob(h, casa);
  const answered = await openJob(h, north, laterShift(48));
  const toNorth = (await north.api.post(`/jobs/${atNorth.id}/offers`, { chef_id: ana.id })).body.offer;
  const toCasa = (await casa.api.post(`/jobs/${atCasa.id}/offers`, { chef_id: ana.id })).body.offer;
  const declined = (await north.api.post(`/jobs/${answered.id}/offers`, { chef_id: ana.id })).body.offer;
  expect((await ana.api.post(`/offers/${declined.id}/decline`)).status).toBe(200);

  // `suspend` waits for the suspension's read model: the offers were withdrawn in the same transaction.
  await suspend(ana.id);
  expect((await north.api.get(`/jobs/${atNorth.id}/offers`)).body.offers[0].status).toBe('withdrawn');
  expect((await casa.api.get(`/jobs/${atCasa.id}/offers`)).body.offers[0].status).toBe('withdrawn');
  expect(await stored(toNorth.id)).toBe('withdrawn');
  expect(await stored(toCasa.id)).toBe('withdrawn');
  expect((await north.api.get(`/jobs/${answered.id}/offers`)).body.offers[0].status).toBe('declined');
  const told = await waitForEvent(h, 'jobs.offer.withdrawn.v1', (d) => d.offer_id === toNorth.id);
  expect(told).toMatchObject({
    job_id: atNorth.id,
    restaurant_id: north.id,
    chef_id: ana.id,
    reason: 'chef_suspended',
    title: 'Line Cook',
  });
  await waitForEvent(h, 'jobs.offer.withdrawn.v1', (d) => d.offer_id === toCasa.id);
  expect(await written(h, 'jobs.offer.withdrawn.v1', atNorth.id)).toBe(1);
  expect(await written(h, 'jobs.offer.withdrawn.v1', atCasa.id)).toBe(1);
  expect(await written(h, 'jobs.offer.withdrawn.v1', answered.id)).toBe(0);
  const accepted = await ana.api.post(`/offers/${toNorth.id}/accept`);
  expect(accepted.status).toBe(409);
  expect(accepted.body.code).toBe('JOBS.OFFER_WITHDRAWN');

  // The shift is still open: the restaurant offers it to another chef; to the suspended one it is still a 409.
  expect((await north.api.get(`/jobs/${atNorth.id}`)).body.job.status).toBe('open');
  const again = await north.api.post(`/jobs/${atNorth.id}/offers`, { chef_id: ana.id });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('JOBS.CHEF_SUSPENDED');
  expect(
    (await north.api.post(`/jobs/${atNorth.id}/offers`, { chef_id: (await chefWithProfile(h)).id })).status,
  ).toBe(201);
});

test('an unanswered offer expires by the rules loop: stored expired and jobs.offer.expired.v1 once, with two instances', async () => {
  const other = await h.anotherInstance();
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const ben = await chefWithProfile(h);
  const job = await openJob(h, r, { headcount: 2 });
  const toAna = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;
  const toBen = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ben.id })).body.offer;
  // Both loops wait while the clock moves past the offers' end...
  await Promise.all([h.service.rules.stop(), other.rules.stop()]);
  try {
    h.clock.advance(2 * HOUR + 1000);
    // ...where every reader already reads them expired, before anything moved them.
    expect((await ana.api.get('/offers')).body.offers[0]).toMatchObject({ id: toAna.id, status: 'expired' });
    expect(await stored(toAna.id)).toBe('pending');
    expect(await written(h, 'jobs.offer.expired.v1', job.id)).toBe(0);

    // ...then both instances pass over the same due offers at once, twice each.
    await Promise.all([
      h.service.rules.pass(),
      other.rules.pass(),
      other.rules.pass(),
      h.service.rules.pass(),
    ]);
    expect(await stored(toAna.id)).toBe('expired');
    expect(await stored(toBen.id)).toBe('expired');
    expect(await written(h, 'jobs.offer.expired.v1', job.id)).toBe(2);
    await Promise.all([h.service.rules.pass(), other.rules.pass()]);
    expect(await written(h, 'jobs.offer.expired.v1', job.id)).toBe(2);
  } finally {
    h.service.rules.start();
  }
  const event = await waitForEvent(h, 'jobs.offer.expired.v1', (d) => d.offer_id === toAna.id);
  expect(event).toMatchObject({
    job_id: job.id,
    restaurant_id: r.id,
    chef_id: ana.id,
    title: 'Line Cook',
    start_time: job.start_time,
    expired_at: toAna.expires_at,
  });
  await eventually(async () =>
    expect(published(h, 'jobs.offer.expired.v1', (d) => d.job_id === job.id)).toHaveLength(2),
  );
  // Ended, Ana may be offered the shift again; the job was never touched.
  expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({ status: 'open', seats: { open: 2 } });
  expect((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).status).toBe(201);
});

test('a shift that expires at its start ends its offers there: expired once, with the start as their end', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h);
  const soon = new Date(Date.now() + HOUR);
  const job = await openJob(h, r, {
    startTime: soon.toISOString(),
    endTime: new Date(soon.getTime() + 4 * HOUR).toISOString(),
  });
  const offer = (await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id })).body.offer;
  h.clock.advance(HOUR + 1000);
  await eventually(async () => expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('expired'));
  await eventually(async () => expect(await written(h, 'jobs.offer.expired.v1', job.id)).toBe(1));
  expect(await stored(offer.id)).toBe('expired');
  const event = await waitForEvent(h, 'jobs.offer.expired.v1', (d) => d.offer_id === offer.id);
  expect(event.expired_at).toBe(job.start_time);
});

test('a posting of two: the first booking leaves the other offers live, the last one takes them; a cancelled shift withdraws its offers', async () => {
  const r = await restaurantWithProfile(h);
  const [ana, ben, cleo, dan] = await Promise.all([0, 1, 2, 3].map(() => chefWithProfile(h)));
  const job = await openJob(h, r, { headcount: 2 });
  const offerTo = async (jobId: string, chef: { id: string }) =>
    (await r.api.post(`/jobs/${jobId}/offers`, { chef_id: chef.id })).body.offer.id as string;
  const toAna = await offerTo(job.id, ana);
  const toBen = await offerTo(job.id, ben);
  const toCleo = await offerTo(job.id, cleo);

  expect((await ana.api.post(`/offers/${toAna}/accept`)).status).toBe(200);
  expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({ status: 'open', seats: { open: 1 } });
  expect(await stored(toBen)).toBe('pending');
  expect(await stored(toCleo)).toBe('pending');
  expect((await ben.api.post(`/offers/${toBen}/accept`)).status).toBe(200);
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
  expect(await stored(toCleo)).toBe('taken');
  const late = await cleo.api.post(`/offers/${toCleo}/accept`);
  expect(late.status).toBe(409);
  expect(late.body.code).toBe('JOBS.OFFER_TAKEN');

  const cancelled = await openJob(h, r, laterShift(48));
  const toDan = await offerTo(cancelled.id, dan);
  expect(
    (await r.api.post(`/jobs/${cancelled.id}/cancel`, { reason: 'Closed for a private event' })).status,
  ).toBe(200);
  expect(await stored(toDan)).toBe('withdrawn');
  expect((await dan.api.get('/offers')).body.offers[0]).toMatchObject({ id: toDan, status: 'withdrawn' });
  // The restaurant cancelled its own shift: no offer event of its own tells it back.
  expect(await written(h, 'jobs.offer.withdrawn.v1', cancelled.id)).toBe(0);
  expect(await written(h, 'jobs.offer.expired.v1', cancelled.id)).toBe(0);
});
