import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  laterShift,
  openJob,
  operator,
  publish,
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  waitForEvent,
  written,
  type User,
} from './harness';

// Issue 35 (ADR 0030), step 2: a posting of several chefs is one job with one charge; each seat is booked,
// worked and settled on its own. Shifts start 23-24 hours from now and last 4 hours at $20/h unless told:
// one seat is $80.00 of pay and $5.60 of fee ($85.60); a posting of three, $256.80. The test stands in for
// payments by publishing its events (openJob: payments.escrow.held.v1 with the whole total).
const h = useHarness();

const SEAT = { subtotal_cents: 8000, fee_cents: 560, total_cents: 8560 };
const pastStart = () => h.clock.advance(25 * HOUR);
const intoLateWindow = () => h.clock.advance(20 * HOUR);
/** The clock moved to a minute after this shift's end (checkout opens at the end). */
const afterEnd = (job: { end_time: string }) =>
  h.clock.advance(Date.parse(job.end_time) - Date.now() + 60_000);

async function jobOf(who: User, jobId: string) {
  const res = await who.api.get(`/jobs/${jobId}`);
  expect(res.status).toBe(200);
  return res.body.job;
}

/** A chef applies; the restaurant accepts them (their acceptance holds a seat until they answer). */
async function applyAndAccept(job: { id: string }, r: User, chef: User): Promise<string> {
  return bookChef(job, r, chef, false);
}

const checkout = (who: User, appId: string, worked = true) =>
  who.api.post(`/applications/${appId}/checkout`, {
    rating: worked ? 5 : null,
    workCompleted: worked,
    feedback: null,
  });

describe('posting several chefs', () => {
  test('a posting of 3 is charged 3 seats and shows 3 open seats; a headcount of 0 or 21 is refused', async () => {
    const r = await restaurantWithProfile(h);
    const posted = await r.api.post('/jobs', shiftForm({ headcount: 3 }));
    expect(posted.status).toBe(201);
    expect(posted.body.job).toMatchObject({
      headcount: 3,
      subtotal_cents: 3 * SEAT.subtotal_cents,
      fee_cents: 3 * SEAT.fee_cents,
      total_cents: 3 * SEAT.total_cents,
      status: 'pending_payment',
      seats: { total: 3, booked: 0, open: 0 },
    });
    const event = await waitForEvent(h, 'jobs.job.posted.v1', (d) => d.job_id === posted.body.job.id);
    expect(event).toMatchObject({ headcount: 3, subtotal_cents: 24000, fee_cents: 1680, total_cents: 25680 });

    const job = await openJob(h, r, { headcount: 3 });
    expect(await jobOf(r, job.id)).toMatchObject({
      status: 'open',
      headcount: 3,
      seats: { total: 3, booked: 0, open: 3 },
      seat_list: [1, 2, 3].map((n) => ({ seat_no: n, status: 'open', application_id: null, chef_id: null })),
    });
    // chefs see the seats left, never the seat list
    const chef = await chefWithProfile(h);
    const seen = await jobOf(chef, job.id);
    expect(seen.seats).toEqual({ total: 3, booked: 0, open: 3 });
    expect(seen.seat_list).toBeUndefined();

    for (const headcount of [0, 21, 2.5]) {
      const refused = await r.api.post('/jobs', shiftForm({ headcount }));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/Headcount must be a whole number from 1 to 20/);
    }
  });

  test('the job stays open and listed until every seat is booked; acceptances never outnumber free seats', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben, cam, dee] = await Promise.all([
      chefWithProfile(h, { name: 'Ana' }),
      chefWithProfile(h, { name: 'Ben' }),
      chefWithProfile(h, { name: 'Cam' }),
      chefWithProfile(h, { name: 'Dee' }),
    ]);
    const job = await openJob(h, r, { headcount: 3 });
    const deeApp = (await dee.api.post(`/jobs/${job.id}/apply`)).body.application.id as string;
    const anaApp = await bookChef(job, r, ana);
    expect(await jobOf(r, job.id)).toMatchObject({ status: 'open', seats: { total: 3, booked: 1, open: 2 } });
    const confirmed = await waitForEvent(
      h,
      'jobs.application.confirmed.v1',
      (d) => d.application_id === anaApp,
    );
    expect(confirmed.seat_no).toBe(1);
    // still on the chefs' open list, with the seats left; another chef's pending application stands
    const listed = (await cam.api.get('/jobs')).body.jobs.find((j: { id: string }) => j.id === job.id);
    expect(listed.seats).toEqual({ total: 3, booked: 1, open: 2 });
    expect((await jobOf(dee, job.id)).user_application.status).toBe('pending');
    // Ana holds her seat: the shift is hers to reach the restaurant on (its contact window), not Dee's yet
    expect((await jobOf(ana, job.id)).contact).toMatchObject({ phone_from: expect.any(String) });
    expect((await jobOf(dee, job.id)).contact).toBeUndefined();

    const benApp = await bookChef(job, r, ben);
    expect((await jobOf(r, job.id)).seats).toEqual({ total: 3, booked: 2, open: 1 });
    // the last free seat held by an acceptance awaiting Cam's answer: no second acceptance
    const camApp = await applyAndAccept(job, r, cam);
    const refused = await r.api.patch(`/applications/${deeApp}`, { status: 'accepted' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('JOBS.NO_FREE_SEAT');

    expect((await cam.api.post(`/applications/${camApp}/confirm`, { confirmed: true })).status).toBe(200);
    const full = await jobOf(r, job.id);
    expect(full).toMatchObject({ status: 'filled', seats: { total: 3, booked: 3, open: 0 } });
    expect(
      full.seat_list.map((s: any) => [s.seat_no, s.status, s.application_id, s.chef_id, s.chef_name]),
    ).toEqual([
      [1, 'filled', anaApp, ana.id, 'Ana'],
      [2, 'filled', benApp, ben.id, 'Ben'],
      [3, 'filled', camApp, cam.id, 'Cam'],
    ]);
    const seatOf = Object.fromEntries(full.applications.map((a: any) => [a.id, a.seat_no]));
    expect(seatOf).toEqual({ [anaApp]: 1, [benApp]: 2, [camApp]: 3, [deeApp]: null });
    // the last seat booked: the other application is turned down, and the job leaves the open list
    expect(full.applications.find((a: any) => a.id === deeApp).status).toBe('rejected');
    expect((await dee.api.get('/jobs')).body.jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
  });

  test("a chef's cancellation reopens only their seat, announced as urgent, and the next chef takes it", async () => {
    const r = await restaurantWithProfile(h);
    const chefs = await Promise.all([chefWithProfile(h), chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 3 });
    const apps: string[] = [];
    for (const chef of chefs) apps.push(await bookChef(job, r, chef));
    expect((await jobOf(r, job.id)).status).toBe('filled');

    expect((await chefs[1].api.del(`/applications/${apps[1]}`)).status).toBe(200);
    const cancelled = await waitForEvent(
      h,
      'jobs.application.cancelled.v1',
      (d) => d.application_id === apps[1],
    );
    expect(cancelled).toMatchObject({ was_confirmed: true, seat_no: 2 });
    const reopened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened);
    expect(reopened).toMatchObject({ seat_no: 2, announce_as_urgent: true });
    const after = await jobOf(r, job.id);
    expect(after).toMatchObject({ status: 'open', seats: { total: 3, booked: 2, open: 1 } });
    expect(after.seat_list.map((s: any) => [s.seat_no, s.status, s.chef_id])).toEqual([
      [1, 'filled', chefs[0].id],
      [2, 'open', null],
      [3, 'filled', chefs[2].id],
    ]);

    const next = await chefWithProfile(h);
    const nextApp = await bookChef(job, r, next);
    const filled = await jobOf(r, job.id);
    expect(filled.status).toBe('filled');
    expect(filled.seat_list[1]).toMatchObject({ seat_no: 2, status: 'filled', application_id: nextApp });
  });

  test('twelve chefs taking the last seat at once: exactly one books it, the others are told it was taken', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { headcount: 3 });
    for (const chef of await Promise.all([chefWithProfile(h), chefWithProfile(h)]))
      await bookChef(job, r, chef);
    const racers = await Promise.all(Array.from({ length: 12 }, () => chefWithProfile(h)));
    const offers: string[] = [];
    for (const chef of racers)
      offers.push((await r.api.post(`/jobs/${job.id}/offers`, { chef_id: chef.id })).body.offer.id as string);

    // accepting an offer confirms the chef at once: twelve confirmations of the one free seat
    const answers = await Promise.all(racers.map((chef, i) => chef.api.post(`/offers/${offers[i]}/accept`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const lost = answers.filter((a) => a.status !== 200);
    expect(lost).toHaveLength(11);
    for (const a of lost) {
      expect(a.status).toBe(409);
      expect(['JOBS.OFFER_TAKEN', 'JOBS.NO_FREE_SEAT']).toContain(a.body.code);
    }
    expect(await jobOf(r, job.id)).toMatchObject({
      status: 'filled',
      seats: { total: 3, booked: 3, open: 0 },
    });
    const seats = await h.database.rows<{ seat_no: number; application_id: string }>(
      sql`select seat_no, application_id from jobs.seats where job_id = ${job.id} and status = 'filled'`,
    );
    expect(seats.map((s) => Number(s.seat_no)).sort()).toEqual([1, 2, 3]);
    const confirmedApps = await h.database.rows(
      sql`select 1 from jobs.applications where job_id = ${job.id} and worker_confirmed = true and status = 'accepted'`,
    );
    expect(confirmedApps).toHaveLength(3);
  });

  test('twelve acceptances of the last free seat at once: exactly one holds it', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { headcount: 2 });
    await bookChef(job, r, await chefWithProfile(h));
    const racers = await Promise.all(Array.from({ length: 12 }, () => chefWithProfile(h)));
    const apps: string[] = [];
    for (const chef of racers)
      apps.push((await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id as string);

    const answers = await Promise.all(
      apps.map((id) => r.api.patch(`/applications/${id}`, { status: 'accepted' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'JOBS.NO_FREE_SEAT')).toHaveLength(11);
    const winner = racers[answers.findIndex((a) => a.status === 200)];
    const winnerApp = apps[answers.findIndex((a) => a.status === 200)];
    expect((await winner.api.post(`/applications/${winnerApp}/confirm`, { confirmed: true })).status).toBe(
      200,
    );
    expect((await jobOf(r, job.id)).seats).toEqual({ total: 2, booked: 2, open: 0 });
  });
});

describe('the start, the cancellation and the checkout of a posting of several', () => {
  test('at the start the unbooked seat expires (its share refunded) while the two booked seats go on', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben, cam, dee] = await Promise.all([
      chefWithProfile(h),
      chefWithProfile(h),
      chefWithProfile(h),
      chefWithProfile(h),
    ]);
    const job = await openJob(h, r, { headcount: 3 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    const camApp = await applyAndAccept(job, r, cam);
    const deeApp = (await dee.api.post(`/jobs/${job.id}/apply`)).body.application.id as string;

    pastStart();
    const expired = await waitForEvent(h, 'jobs.seat.expired.v1', (d) => d.job_id === job.id);
    expect(expired).toMatchObject({ headcount: 3, seats: [3], refund_due: true, restaurant_id: r.id });
    expect([...expired.lapsed_chef_ids].sort()).toEqual([cam.id, dee.id].sort());
    expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(0);
    const seen = await jobOf(r, job.id);
    expect(seen).toMatchObject({ status: 'filled', seats: { total: 3, booked: 2, open: 0 } });
    expect(seen.seat_list.map((s: any) => [s.seat_no, s.status])).toEqual([
      [1, 'filled'],
      [2, 'filled'],
      [3, 'expired'],
    ]);
    const byId = Object.fromEntries(seen.applications.map((a: any) => [a.id, a.status]));
    expect(byId).toMatchObject({ [camApp]: 'lapsed', [deeApp]: 'lapsed', [anaApp]: 'accepted' });
    // the booked chefs still hold the shift
    expect((await jobOf(ana, job.id)).user_application).toMatchObject({
      status: 'accepted',
      worker_confirmed: true,
    });

    // each seat checks out on its own: the job completes with its last seat
    afterEnd(job);
    expect((await checkout(r, anaApp)).status).toBe(200);
    expect((await checkout(ana, anaApp)).status).toBe(200);
    const first = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === anaApp);
    expect(first).toMatchObject({ outcome: 'release', seat_no: 1, ...SEAT });
    const half = await jobOf(r, job.id);
    expect(half.status).toBe('filled');
    expect(half.seat_list.map((s: any) => s.status)).toEqual(['completed', 'filled', 'expired']);
    expect(half.seat_list[0]).toMatchObject({
      restaurant_checkout_completed: true,
      chef_checkout_completed: true,
    });
    // each chef reads their own seat: Ana's checked out and paid her seat's share, Ben's still to answer
    expect(await jobOf(ana, job.id)).toMatchObject({
      chef_checkout_completed: true,
      restaurant_rating: 5,
      money: { reason: 'release', chef_pay_cents: SEAT.subtotal_cents, total_cents: SEAT.total_cents },
    });
    expect(await jobOf(ben, job.id)).toMatchObject({
      chef_checkout_completed: false,
      restaurant_rating: null,
      money: { reason: null, chef_pay_cents: SEAT.subtotal_cents, total_cents: SEAT.total_cents },
    });
    const benApplication = (await ben.api.get(`/applications/${benApp}`)).body.application;
    expect(benApplication).toMatchObject({ seat_no: 2, job_postings: { chef_checkout_completed: false } });
    // and so do their lists of applications (My Shifts)
    const listed = async (chef: User) =>
      (await chef.api.get('/applications')).body.applications[0].job_postings;
    expect(await listed(ana)).toMatchObject({
      chef_checkout_completed: true,
      money: { reason: 'release', chef_pay_cents: SEAT.subtotal_cents },
    });
    expect(await listed(ben)).toMatchObject({
      chef_checkout_completed: false,
      money: { reason: null, chef_pay_cents: SEAT.subtotal_cents },
    });

    expect((await checkout(ben, benApp)).status).toBe(200);
    expect((await checkout(r, benApp)).status).toBe(200);
    const second = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === benApp);
    expect(second).toMatchObject({ outcome: 'release', seat_no: 2, ...SEAT });
    expect(await jobOf(r, job.id)).toMatchObject({
      status: 'completed',
      seats: { total: 3, booked: 2, open: 0 },
    });

    // payments moves each seat's share on its own (the test stands in for it): the two paid, the expired refunded
    const payout = (appId: string, seatNo: number, chefId: string) =>
      publish(h, 'payments.payout.released.v1', {
        job_id: job.id,
        chef_id: chefId,
        restaurant_id: r.id,
        transfer_id: `tr_${seatNo}`,
        amount_cents: SEAT.subtotal_cents,
        reason: 'release',
        fee_cents: SEAT.fee_cents,
        seat_no: seatNo,
        application_id: appId,
      });
    await payout(anaApp, 1, ana.id);
    await eventually(async () =>
      expect((await jobOf(ana, job.id)).money).toMatchObject({ reason: 'release', state: 'done' }),
    );
    // the posting's escrow is not closed while a seat's share is held
    expect((await jobOf(r, job.id)).payment_status).toBe('held_in_escrow');
    await payout(benApp, 2, ben.id);
    await publish(h, 'payments.escrow.refunded.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      refund_id: 're_seat_3',
      amount_cents: SEAT.total_cents,
      reason: 'job_expired',
      seat_no: 3,
    });
    await eventually(async () => expect((await jobOf(r, job.id)).payment_status).toBe('settled'));
    expect((await jobOf(r, job.id)).money).toMatchObject({
      reason: 'release',
      state: 'done',
      chef_pay_cents: 2 * SEAT.subtotal_cents,
      fee_cents: 2 * SEAT.fee_cents,
      refund_cents: SEAT.total_cents,
      total_cents: 3 * SEAT.total_cents,
    });
    // The restaurant's list (dashboard, My Shifts) reads the same money over every seat, not seat 1's alone.
    const inList = (await r.api.get('/jobs?status=all')).body.jobs.find((j: any) => j.id === job.id);
    expect(inList.money).toEqual((await jobOf(r, job.id)).money);
    expect((await jobOf(ben, job.id)).money).toMatchObject({
      reason: 'release',
      state: 'done',
      chef_pay_cents: SEAT.subtotal_cents,
    });
  });

  test('nobody booked by the start: the whole posting expires, every seat named', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { headcount: 3 });
    pastStart();
    const expired = await waitForEvent(h, 'jobs.job.expired.v1', (d) => d.job_id === job.id);
    expect(expired).toMatchObject({ seats: [1, 2, 3], refund_due: true, previous_status: 'open' });
    expect(await written(h, 'jobs.seat.expired.v1', job.id)).toBe(0);
    expect(await jobOf(r, job.id)).toMatchObject({
      status: 'expired',
      seats: { total: 3, booked: 0, open: 0 },
    });
  });

  test("a late cancellation of the whole job pays each booked seat's chef and refunds the empty seat whole", async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    // 8 hours at $20/h: a seat is $160.00 of pay and $11.20 of fee ($171.20); the late pay is 4 hours ($80.00)
    const job = await openJob(h, r, { ...laterShift(0, 8), headcount: 3 });
    expect(job.total_cents).toBe(3 * 17120);
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);

    intoLateWindow();
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    const whole = { rule: 'late', late: true, chef_pay_cents: 16000, fee_cents: 1120, refund_cents: 34240 };
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject(whole);
    const res = await r.api.post(`/jobs/${job.id}/cancel`, { reason: 'Kitchen flooded' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(whole);

    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({ late: true, refund_due: true, chef_pay_cents: 16000, fee_cents: 1120 });
    expect(ev.seats).toEqual([
      {
        seat_no: 1,
        application_id: anaApp,
        chef_id: ana.id,
        chef_pay_cents: 8000,
        fee_cents: 560,
        refund_cents: 8560,
      },
      {
        seat_no: 2,
        application_id: benApp,
        chef_id: ben.id,
        chef_pay_cents: 8000,
        fee_cents: 560,
        refund_cents: 8560,
      },
      {
        seat_no: 3,
        application_id: null,
        chef_id: null,
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: 17120,
      },
    ]);
    // every cent of the charge is accounted for, seat by seat
    const moved = ev.seats.reduce(
      (t: number, s: any) => t + s.chef_pay_cents + s.fee_cents + s.refund_cents,
      0,
    );
    expect(moved).toBe(job.total_cents);
    expect([...ev.affected_chef_ids].sort()).toEqual([ana.id, ben.id].sort());
    expect(await jobOf(r, job.id)).toMatchObject({
      status: 'cancelled',
      seats: { total: 3, booked: 0, open: 0 },
      cancellation: { late: true, chef_pay_cents: 16000, fee_cents: 1120, refund_cents: 34240 },
    });
  });

  test('one seat disputed, the other released: the job waits for the decision, then completes', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 2 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    afterEnd(job);
    // Ana's seat: the two sides disagree
    expect((await checkout(r, anaApp, false)).status).toBe(200);
    expect((await checkout(ana, anaApp)).status).toBe(200);
    await eventually(async () => expect((await jobOf(r, job.id)).status).toBe('disputed'));
    // Ben's seat goes on and is released on its own
    expect((await checkout(r, benApp)).status).toBe(200);
    expect((await checkout(ben, benApp)).status).toBe(200);
    const released = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === benApp);
    expect(released).toMatchObject({ outcome: 'release', seat_no: 2, ...SEAT });
    const waiting = await jobOf(r, job.id);
    expect(waiting.status).toBe('disputed');
    expect(waiting.seat_list.map((s: any) => s.status)).toEqual(['disputed', 'completed']);

    // Ana writes her side; the operator decides her seat
    expect((await ana.api.post(`/jobs/${job.id}/dispute`, { statement: 'I worked all night.' })).status).toBe(
      201,
    );
    const o = await operator(h);
    // the case file is Ana's seat's: her chef, both answers on her seat, her seat's share held
    const file = (await o.api.get(`/ops/disputes/${job.id}`)).body.dispute;
    expect(file).toMatchObject({
      chef: { user_id: ana.id },
      checkouts: { restaurant: { work_completed: false }, chef: { work_completed: true } },
      job: { money: { reason: null, total_cents: SEAT.total_cents } },
    });
    const decided = await o.api.post(`/ops/disputes/${job.id}/resolve`, {
      chef_pay_cents: 4000,
      note: 'Half.',
    });
    expect(decided.status).toBe(200);
    const resolved = await waitForEvent(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === job.id);
    expect(resolved).toMatchObject({
      application_id: anaApp,
      seat_no: 1,
      chef_pay_cents: 4000,
      ...{ subtotal_cents: 8000, total_cents: 8560 },
    });
    expect(published(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === job.id)).toHaveLength(1);
    expect(await jobOf(r, job.id)).toMatchObject({ status: 'completed' });
  });

  test('two seats disputed: the operator decides each by its seat_no, never one they did not name', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 2 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    afterEnd(job);
    for (const [chef, appId] of [
      [ana, anaApp],
      [ben, benApp],
    ] as const) {
      expect((await checkout(r, appId, false)).status).toBe(200);
      expect((await checkout(chef, appId)).status).toBe(200);
    }
    await eventually(async () =>
      expect((await jobOf(r, job.id)).seat_list.map((s: any) => s.status)).toEqual(['disputed', 'disputed']),
    );
    const o = await operator(h);

    // The queue: one row per disputed seat, each with its own chef.
    const queue = (await o.api.get('/ops/disputes')).body.disputes.filter((d: any) => d.job.id === job.id);
    expect(queue.map((d: any) => [d.seat_no, d.chef.user_id])).toEqual([
      [1, ana.id],
      [2, ben.id],
    ]);

    // Statements: each chef's goes to their own seat; the restaurant must name one.
    expect((await ana.api.post(`/jobs/${job.id}/dispute`, { statement: 'Ana: I worked.' })).status).toBe(201);
    expect((await ben.api.post(`/jobs/${job.id}/dispute`, { statement: 'Ben: I worked.' })).status).toBe(201);
    const unnamed = await r.api.post(`/jobs/${job.id}/dispute`, { statement: 'Neither came.' });
    expect(unnamed.status).toBe(409);
    expect(unnamed.body).toMatchObject({ code: 'JOBS.SEAT_REQUIRED', disputed_seats: [1, 2] });
    const named = await r.api.post(`/jobs/${job.id}/dispute`, { statement: 'Ben left at 9.', seat_no: 2 });
    expect(named.status).toBe(201);
    // The restaurant's job page reads both seats' disputes, each with its seat and its statements; a chef reads
    // only their own seat's.
    const owned = await jobOf(r, job.id);
    expect(owned.dispute.seat_no).toBe(1);
    expect(owned.disputes.map((d: any) => [d.seat_no, d.statements.map((st: any) => st.text)])).toEqual([
      [1, ['Ana: I worked.']],
      [2, ['Ben: I worked.', 'Ben left at 9.']],
    ]);
    const bens = await jobOf(ben, job.id);
    expect(bens.dispute.seat_no).toBe(2);
    expect(bens.disputes).toBeUndefined();

    // The case file of each seat: its chef, its answers, its statements, its share of the money.
    const fileOf = async (seatNo: number) => {
      const res = await o.api.get(`/ops/disputes/${job.id}?seat_no=${seatNo}`);
      expect(res.status).toBe(200);
      return res.body.dispute;
    };
    const seat1 = await fileOf(1);
    expect(seat1).toMatchObject({
      seat_no: 1,
      chef: { user_id: ana.id, statements_count: 1 },
      restaurant: { statements_count: 0 },
      checkouts: { restaurant: { work_completed: false }, chef: { work_completed: true } },
      job: { money: { total_cents: SEAT.total_cents } },
    });
    expect(seat1.statements.map((st: any) => st.text)).toEqual(['Ana: I worked.']);
    const seat2 = await fileOf(2);
    expect(seat2).toMatchObject({
      seat_no: 2,
      chef: { user_id: ben.id },
      restaurant: { statements_count: 1 },
    });
    expect(seat2.statements.map((st: any) => st.text)).toEqual(['Ben: I worked.', 'Ben left at 9.']);
    expect((await o.api.get(`/ops/disputes/${job.id}?seat_no=3`)).status).toBe(404);
    expect((await o.api.get(`/ops/disputes/${job.id}?seat_no=x`)).status).toBe(400);

    // Deciding without a seat while two are open: 409 naming them, nothing decided.
    const ambiguous = await o.api.post(`/ops/disputes/${job.id}/resolve`, {
      chef_pay_cents: 0,
      note: 'None.',
    });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toMatchObject({ code: 'JOBS.SEAT_REQUIRED', disputed_seats: [1, 2] });
    expect(published(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === job.id)).toHaveLength(0);

    // Seat 2 first, by name: Ben's seat only.
    const second = await o.api.post(`/ops/disputes/${job.id}/resolve`, {
      chef_pay_cents: 8000,
      note: 'Ben worked it.',
      seat_no: 2,
    });
    expect(second.status).toBe(200);
    expect(second.body.dispute).toMatchObject({
      seat_no: 2,
      chef: { user_id: ben.id },
      resolution: { chef_pay_cents: 8000 },
    });
    const benDecided = await waitForEvent(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === job.id);
    expect(benDecided).toMatchObject({
      seat_no: 2,
      application_id: benApp,
      chef_id: ben.id,
      chef_pay_cents: 8000,
    });
    expect((await jobOf(r, job.id)).status).toBe('disputed');
    // deciding it again is 409; the queue keeps Ana's seat only
    const again = await o.api.post(`/ops/disputes/${job.id}/resolve`, {
      chef_pay_cents: 0,
      note: 'Again.',
      seat_no: 2,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('JOBS.DISPUTE_RESOLVED');
    const left = (await o.api.get('/ops/disputes')).body.disputes.filter((d: any) => d.job.id === job.id);
    expect(left.map((d: any) => [d.seat_no, d.chef.user_id])).toEqual([[1, ana.id]]);

    // Now the job's only undecided dispute needs no name: Ana's seat.
    const first = await o.api.post(`/ops/disputes/${job.id}/resolve`, {
      chef_pay_cents: 0,
      note: 'No-show.',
    });
    expect(first.status).toBe(200);
    expect(first.body.dispute).toMatchObject({ seat_no: 1, chef: { user_id: ana.id } });
    await eventually(() =>
      expect(
        published(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === job.id).map((d) => [
          d.seat_no,
          d.application_id,
          d.chef_pay_cents,
        ]),
      ).toEqual([
        [2, benApp, 8000],
        [1, anaApp, 0],
      ]),
    );
    expect(await jobOf(r, job.id)).toMatchObject({ status: 'completed' });
    // each chef reads their own seat's decision
    expect((await jobOf(ana, job.id)).dispute).toMatchObject({ resolution: { chef_pay_cents: 0 } });
    expect((await jobOf(ben, job.id)).dispute).toMatchObject({ resolution: { chef_pay_cents: 8000 } });
    expect(
      (await o.api.post(`/ops/disputes/${job.id}/resolve`, { chef_pay_cents: 0, note: 'x', seat_no: 3 }))
        .status,
    ).toBe(404);
  });

  test('the checkout deadline settles every booked seat on its own', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 3 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    afterEnd(job);
    // only the restaurant answers, for Ana's seat: she did not work; nobody answers for Ben's
    expect((await checkout(r, anaApp, false)).status).toBe(200);
    h.clock.advance(49 * HOUR); // past CHECKOUT_DEADLINE (48 hours after the end)
    const anaDeadline = await waitForEvent(
      h,
      'jobs.checkout.deadline_passed.v1',
      (d) => d.application_id === anaApp,
    );
    const benDeadline = await waitForEvent(
      h,
      'jobs.checkout.deadline_passed.v1',
      (d) => d.application_id === benApp,
    );
    expect(anaDeadline).toMatchObject({
      outcome: 'refund',
      seat_no: 1,
      restaurant_work_completed: false,
      ...SEAT,
    });
    expect(benDeadline).toMatchObject({
      outcome: 'release',
      seat_no: 2,
      restaurant_work_completed: null,
      ...SEAT,
    });
    await eventually(async () =>
      expect(await jobOf(r, job.id)).toMatchObject({
        status: 'completed',
        seats: { total: 3, booked: 2, open: 0 },
      }),
    );
    expect((await jobOf(r, job.id)).seat_list.map((s: any) => s.status)).toEqual([
      'completed',
      'completed',
      'expired',
    ]);
  });

  test("each seat's timesheet is its own: approved one by one, each with its seat's pay", async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 2 });
    const apps = [await bookChef(job, r, ana), await bookChef(job, r, ben)];
    const code = (await jobOf(r, job.id)).clock_code as string;
    const start = Date.parse(job.start_time);
    const at = (offset: number) => h.clock.advance(start + offset - h.clock.now().getTime());
    at(0);
    for (const [i, chef] of [ana, ben].entries())
      expect((await chef.api.post(`/applications/${apps[i]}/clock-in`, { code })).status).toBe(201);
    at(4 * HOUR);
    for (const [i, chef] of [ana, ben].entries())
      expect((await chef.api.post(`/applications/${apps[i]}/clock-out`, { break_minutes: 0 })).status).toBe(
        200,
      );

    expect((await r.api.post(`/applications/${apps[0]}/timesheet/approve`)).status).toBe(200);
    const first = await waitForEvent(h, 'jobs.timesheet.approved.v1', (d) => d.application_id === apps[0]);
    expect(first).toMatchObject({ seat_no: 1, chef_pay_cents: 8000, fee_cents: 560, total_cents: 8560 });
    const half = await jobOf(r, job.id);
    expect(half.status).toBe('filled');
    expect(half.seat_list.map((s: any) => s.status)).toEqual(['completed', 'filled']);

    expect((await r.api.post(`/applications/${apps[1]}/timesheet/approve`)).status).toBe(200);
    const second = await waitForEvent(h, 'jobs.timesheet.approved.v1', (d) => d.application_id === apps[1]);
    expect(second).toMatchObject({ seat_no: 2, chef_pay_cents: 8000, fee_cents: 560, total_cents: 8560 });
    expect((await jobOf(r, job.id)).status).toBe('completed');
  });
});
