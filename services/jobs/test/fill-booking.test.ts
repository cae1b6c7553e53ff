import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  chefWithProfile,
  client,
  eventually,
  openJob,
  publish,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  bookChef,
  type User,
} from './harness';

// Issue 37: "Book now" on instant-book shifts, and boosts of an unfilled shift's rate charged first to the card
// on file. INSTANT_BOOK_MIN_SHIFTS is 2 here; LATE_CANCEL_WINDOW is 30h, so the suite's shifts (starting in
// about 24 hours) are already inside it: an edit is refused there, a boost is not. Shifts last 4 hours at
// $20/h unless told: one seat is $80.00 of pay and $5.60 of fee ($85.60); at $25/h, $100.00 + $7.00.
const h = useHarness({ env: { INSTANT_BOOK_MIN_SHIFTS: '2', LATE_CANCEL_WINDOW: '30h' } });

/** The events the service wrote about a job (its outbox), oldest first. */
async function outbox(type: string, jobId: string): Promise<any[]> {
  const rows = await h.database.rows<{ payload: unknown }>(
    sql`select payload from jobs.outbox where type = ${type} and payload->>'job_id' = ${jobId} order by seq`,
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

async function jobOf(who: User, jobId: string) {
  const res = await who.api.get(`/jobs/${jobId}`);
  expect(res.status).toBe(200);
  return res.body.job;
}

/**
 * A chef's past (fixture): `completed` shifts worked, and no-shows and late cancellations in the last 90 days,
 * as jobs' reliability records keep them (each about a past posting of `r`).
 */
async function withRecord(
  chef: User,
  r: User,
  record: { completed?: number; no_shows?: number; late_cancellations?: number },
) {
  const kinds = [
    ...Array(record.completed ?? 0).fill('completed_shifts'),
    ...Array(record.no_shows ?? 0).fill('no_shows'),
    ...Array(record.late_cancellations ?? 0).fill('late_cancellations'),
  ];
  for (const kind of kinds) {
    const posted = await r.api.post('/jobs', shiftForm());
    expect(posted.status).toBe(201);
    await h.database.rows(
      sql`insert into jobs.reliability_records (user_id, user_type, kind, job_id, occurred_at)
          values (${chef.id}, 'chef', ${kind}, ${posted.body.job.id}, now() - interval '10 days')`,
    );
  }
}

/** The chef rated: `average` over `count` ratings, as identity announces a move of the average (ADR 43). */
async function rate(chef: User & { profileId: string }, average: number, count: number) {
  await publish(h, 'identity.rating.changed.v1', {
    user_id: chef.id,
    profile_id: chef.profileId,
    user_type: 'chef',
    average_rating: average,
    total_ratings: count,
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ average_rating: string }>(
      sql`select average_rating from jobs.chef_profiles where user_id = ${chef.id}`,
    );
    expect(Number(rows[0].average_rating)).toBe(average);
  });
}

/** A chef who meets the bar: two completed shifts, a clean record, paid out. */
async function reliableChef(r: User, opts: { language?: 'en' | 'es'; payouts?: boolean } = {}) {
  const chef = await chefWithProfile(h, opts);
  await withRecord(chef, r, { completed: 2 });
  return chef;
}

describe('book now', () => {
  test('a chef at the bar books an instant-book shift at once: confirmed, seat booked, booked_by instant_book', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { instant_book: true, headcount: 2 });
    expect(job.instant_book).toBe(true);
    const chef = await reliableChef(r);

    const page = await jobOf(chef, job.id);
    expect(page).toMatchObject({ instant_book: true, can_book_now: true, book_now_missing: [] });
    // the chef's own open list says so too; the shared one never does
    const own = await chef.api.get('/jobs?status=open');
    expect(own.body.jobs.find((j: any) => j.id === job.id)).toMatchObject({
      can_book_now: true,
      book_now_missing: [],
    });
    const shared = await chef.api.get('/jobs?status=open&shared=1');
    const sharedJob = shared.body.jobs.find((j: any) => j.id === job.id);
    expect(sharedJob.instant_book).toBe(true);
    expect(sharedJob).not.toHaveProperty('can_book_now');
    expect(sharedJob).not.toHaveProperty('book_now_missing');

    const booked = await chef.api.post(`/jobs/${job.id}/book`);
    expect(booked.status).toBe(201);
    expect(booked.body.application).toMatchObject({
      job_id: job.id,
      chef_id: chef.id,
      status: 'accepted',
      worker_confirmed: true,
      seat_no: 1,
    });
    const [confirmed] = await outbox('jobs.application.confirmed.v1', job.id);
    expect(confirmed).toMatchObject({ chef_id: chef.id, seat_no: 1, booked_by: 'instant_book' });
    // the restaurant sees 1 of 2 booked; the chef can no longer "Book now" (booked already)
    expect((await jobOf(r, job.id)).seats).toEqual({ total: 2, booked: 1, open: 1 });
    expect((await jobOf(chef, job.id)).can_book_now).toBe(false);
    expect((await chef.api.post(`/jobs/${job.id}/book`)).body.code).toBe('JOBS.ALREADY_APPLIED');
  });

  test("a chef's pending application is the one booked", async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { instant_book: true });
    const chef = await reliableChef(r);
    const applied = await chef.api.post(`/jobs/${job.id}/apply`);
    expect(applied.status).toBe(201);
    const booked = await chef.api.post(`/jobs/${job.id}/book`);
    expect(booked.status).toBe(201);
    expect(booked.body.application.id).toBe(applied.body.application.id);
    expect((await jobOf(r, job.id)).status).toBe('filled');
  });

  test('below the bar: 403 naming each missing condition in the chef’s words, nothing changed', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { instant_book: true });

    const newcomer = await chefWithProfile(h);
    const page = await jobOf(newcomer, job.id);
    expect(page).toMatchObject({
      can_book_now: false,
      book_now_missing: ['min_shifts'],
      book_now_min_shifts: 2,
    });
    const refused = await newcomer.api.post(`/jobs/${job.id}/book`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'JOBS.BOOK_NOW_NOT_ALLOWED', missing: ['min_shifts'] });
    expect(refused.body.error).toContain('2 completed shifts needed');

    // every condition at once, in Spanish
    const shaky = await chefWithProfile(h, { language: 'es' });
    await withRecord(shaky, r, { completed: 1, no_shows: 1, late_cancellations: 2 });
    await rate(shaky, 4.2, 5);
    const es = await shaky.api.post(`/jobs/${job.id}/book`);
    expect(es.status).toBe(403);
    expect(es.body.missing).toEqual(['min_shifts', 'no_show', 'late_cancellations', 'rating']);
    expect(es.body.error).toContain('Se necesitan 2 turnos completados');
    expect(es.body.error).toContain('Ninguna ausencia en los últimos 90 días');
    expect(es.body.error).toContain('Una calificación promedio de 4.5 o más');
    expect((await jobOf(shaky, job.id)).book_now_missing).toEqual([
      'min_shifts',
      'no_show',
      'late_cancellations',
      'rating',
    ]);

    // a good rating and one late cancellation are within the bar
    const fine = await chefWithProfile(h);
    await withRecord(fine, r, { completed: 2, late_cancellations: 1 });
    await rate(fine, 4.8, 12);
    expect((await jobOf(fine, job.id)).can_book_now).toBe(true);

    expect(await outbox('jobs.application.confirmed.v1', job.id)).toHaveLength(0);
    expect((await jobOf(r, job.id)).applications).toEqual([]);
  });

  test('refusals: not instant-book, cannot be paid, unverified phone, overlapping shift, a restaurant', async () => {
    const r = await restaurantWithProfile(h);
    const plain = await openJob(h, r);
    const chef = await reliableChef(r);
    const off = await chef.api.post(`/jobs/${plain.id}/book`);
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('JOBS.INSTANT_BOOK_OFF');
    expect((await jobOf(chef, plain.id)).can_book_now).toBe(false);

    const job = await openJob(h, r, { instant_book: true });
    const unpaid = await reliableChef(r, { payouts: false });
    const stripe = await unpaid.api.post(`/jobs/${job.id}/book`);
    expect(stripe.status).toBe(400);
    expect(stripe.body.code).toBe('JOBS.CHEF_NEEDS_STRIPE');

    const unverified = client(h, await h.token({ id: chef.id, type: 'chef', phoneVerified: false }));
    const phone = await unverified.post(`/jobs/${job.id}/book`);
    expect(phone.status).toBe(403);
    expect(phone.body.code).toBe('AUTH.PHONE_UNVERIFIED');

    expect((await r.api.post(`/jobs/${job.id}/book`)).status).toBe(403);

    // the chef holds another shift at the same time
    const other = await openJob(h, r);
    await bookChef(other, r, chef);
    const overlap = await chef.api.post(`/jobs/${job.id}/book`);
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('JOBS.OVERLAPPING_SHIFT');

    expect((await jobOf(r, job.id)).applications).toEqual([]);
    expect((await chef.api.post(`/jobs/${randomUUID()}/book`)).status).toBe(404);
  });

  test('a started shift is refused', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { instant_book: true });
    const chef = await reliableChef(r);
    h.clock.advance(Date.parse(job.start_time) - Date.now() + 60_000);
    const started = await chef.api.post(`/jobs/${job.id}/book`);
    expect(started.status).toBe(409);
    expect(started.body.code).toBe('JOBS.SHIFT_STARTED');
  });

  test('two chefs booking the last seat at once: one wins, the other is told 409', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { instant_book: true });
    const [a, b] = [await reliableChef(r), await reliableChef(r)];
    const answers = await Promise.all([a, b].map((c) => c.api.post(`/jobs/${job.id}/book`)));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const loser = answers.find((x) => x.status === 409)!;
    expect(['JOBS.JOB_NOT_OPEN', 'JOBS.NO_FREE_SEAT']).toContain(loser.body.code);
    expect((await jobOf(r, job.id)).seats).toEqual({ total: 1, booked: 1, open: 0 });
    expect(await outbox('jobs.application.confirmed.v1', job.id)).toHaveLength(1);
  });
});

describe('boosts', () => {
  test('the quote is what is charged; the new rate shows only once payments collected it, with boosted_from_rate', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { headcount: 2 });
    const chef = await chefWithProfile(h);
    await bookChef(job, r, chef);
    // inside LATE_CANCEL_WINDOW: an edit is refused, a boost is not
    expect((await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 25 })).body.code).toBe('JOBS.EDIT_TOO_LATE');

    const quote = await r.api.get(`/jobs/${job.id}/boost-quote?hourly_rate=25`);
    expect(quote.status).toBe(200);
    // two seats from $85.60 to $107.00: $42.80 more, of which $2.80 is fee; $214.00 in all
    expect(quote.body).toEqual({
      charge_cents: 4280,
      fee_cents: 280,
      new_total_cents: 21400,
      reason_text:
        "You'll be charged $42.80 now to your card on file (fee $2.80); new total $214.00. The new rate shows once it is charged.",
    });

    const boosted = await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 25 });
    expect(boosted.status).toBe(202);
    expect(boosted.body.quote).toEqual(quote.body);
    expect(boosted.body.job).toMatchObject({
      hourly_rate: 20,
      boosted_from_rate: null,
      pending_edit: { status: 'charging', charge_cents: 4280, kind: 'boost' },
    });
    const [requested] = await outbox('jobs.job.edit_requested.v1', job.id);
    expect(requested).toMatchObject({
      charge_cents: 4280,
      before: { hourly_rate_cents: 2000, headcount: 2 },
      after: { hourly_rate_cents: 2500, headcount: 2 },
    });
    // one at a time
    expect((await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 30 })).body.code).toBe(
      'JOBS.EDIT_PENDING',
    );
    // chefs still see the old rate
    expect((await jobOf(chef, job.id)).hourly_rate).toBe(20);

    await publish(h, 'payments.edit_charge.collected.v1', {
      job_id: job.id,
      edit_id: requested.edit_id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_boost_1',
      amount_cents: 4280,
    });
    await eventually(async () => {
      expect(await jobOf(r, job.id)).toMatchObject({
        hourly_rate: 25,
        boosted_from_rate: 20,
        total_cents: 21400,
        pending_edit: null,
      });
    });
    const seen = await jobOf(chef, job.id);
    expect(seen).toMatchObject({ hourly_rate: 25, boosted_from_rate: 20 });
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    // the booked chef gets the raise without being asked
    expect(edited).toMatchObject({ charge_cents: 4280, chefs_to_answer: [], answers_due_by: null });
    expect(seen.edit_to_answer).toBeNull();
    const [event] = await outbox('jobs.job.boosted.v1', job.id);
    expect(event).toMatchObject({
      job_id: job.id,
      edit_id: requested.edit_id,
      hourly_rate_cents: 2500,
      previous_rate_cents: 2000,
      boosted_from_rate_cents: 2000,
      chef_pay_cents: 10000,
    });
    // the chefs told of the boost are those in range, never the chef already booked on it
    expect(event.alerts.length).toBeGreaterThan(0);
    expect(event.alerts.every((a: { reason: string }) => a.reason === 'nearby')).toBe(true);
    expect(event.alerts.map((a: { chef_id: string }) => a.chef_id)).not.toContain(chef.id);

    // a second boost keeps the rate before the first
    const again = await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 27 });
    expect(again.status).toBe(202);
    const [, second] = await outbox('jobs.job.edit_requested.v1', job.id);
    await publish(h, 'payments.edit_charge.collected.v1', {
      job_id: job.id,
      edit_id: second.edit_id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_boost_2',
      amount_cents: again.body.quote.charge_cents,
    });
    await eventually(async () => {
      expect(await jobOf(r, job.id)).toMatchObject({ hourly_rate: 27, boosted_from_rate: 20 });
    });
    const events = await outbox('jobs.job.boosted.v1', job.id);
    expect(events[1]).toMatchObject({ previous_rate_cents: 2500, boosted_from_rate_cents: 2000 });
  });

  test('a declined card leaves the rate and the owner sees why', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const boosted = await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 24 });
    expect(boosted.status).toBe(202);
    const editId = boosted.body.job.pending_edit.edit_id;
    await publish(h, 'payments.edit_charge.failed.v1', {
      job_id: job.id,
      edit_id: editId,
      restaurant_id: r.id,
      payment_intent_id: null,
      amount_cents: boosted.body.quote.charge_cents,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      requires_authentication: false,
    });
    await eventually(async () => {
      expect((await jobOf(r, job.id)).pending_edit).toMatchObject({
        edit_id: editId,
        status: 'declined',
        code: 'insufficient_funds',
        kind: 'boost',
      });
    });
    expect(await jobOf(r, job.id)).toMatchObject({ hourly_rate: 20, boosted_from_rate: null });
    expect(await outbox('jobs.job.boosted.v1', job.id)).toHaveLength(0);
  });

  test('refusals: not higher (400), under the card minimum (400), filled (409), not the owner (404), a chef (403)', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    for (const rate of [20, 19]) {
      const lower = await r.api.get(`/jobs/${job.id}/boost-quote?hourly_rate=${rate}`);
      expect(lower.status).toBe(400);
      expect(lower.body.code).toBe('JOBS.BOOST_NOT_HIGHER');
      expect((await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: rate })).status).toBe(400);
    }
    // 4 hours at +$0.05 is $0.21 with its fee: under the $0.50 a card can be charged
    const tiny = await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 20.05 });
    expect(tiny.status).toBe(400);
    expect(tiny.body.code).toBe('JOBS.EDIT_UNDER_MINIMUM');
    expect((await r.api.get(`/jobs/${job.id}/boost-quote`)).status).toBe(400);

    const stranger = await restaurantWithProfile(h);
    expect((await stranger.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 25 })).status).toBe(404);
    expect((await stranger.api.get(`/jobs/${job.id}/boost-quote?hourly_rate=25`)).status).toBe(404);
    const chef = await chefWithProfile(h);
    expect((await chef.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 25 })).status).toBe(403);

    await bookChef(job, r, chef);
    const filled = await r.api.post(`/jobs/${job.id}/boost`, { hourly_rate: 25 });
    expect(filled.status).toBe(409);
    expect(filled.body.code).toBe('JOBS.NOT_BOOSTABLE');
    expect((await r.api.get(`/jobs/${job.id}/boost-quote?hourly_rate=25`)).body.code).toBe(
      'JOBS.NOT_BOOSTABLE',
    );
    expect(await outbox('jobs.job.edit_requested.v1', job.id)).toHaveLength(0);
    expect((await jobOf(r, job.id)).hourly_rate).toBe(20);
  });
});
