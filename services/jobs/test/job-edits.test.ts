import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  publish,
  restaurantWithProfile,
  useHarness,
  user,
  type User,
} from './harness';

// Issue 35 (ADR 0031): a restaurant edits a posted shift with its cost shown first (GET /jobs/{id}/edit-quote,
// PATCH /jobs/{id}); a lower total is refunded at once, a higher one waits for payments to charge the card on
// file; booked chefs answer a change of their times or pay. Shifts start 23-24 hours from now and last 4 hours
// at $20/h unless told: one seat is $80.00 of pay and $5.60 of fee ($85.60); at $18/h, $77.04; at $25/h,
// $107.00. LATE_CANCEL_WINDOW is 6h here, so the shifts can be edited until 6 hours before they start.
const h = useHarness({ env: { LATE_CANCEL_WINDOW: '6h', EDIT_ANSWER_WINDOW: '12h' } });

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

async function editsOf(jobId: string) {
  return h.database.rows<{ status: string; charge_cents: number; refund_cents: number; code: string | null }>(
    sql`select status, charge_cents, refund_cents, code from jobs.job_edits where job_id = ${jobId} order by created_at`,
  );
}

/** The job's own terms and money (what an edit changes). */
const terms = (job: any) => ({
  start_time: job.start_time,
  end_time: job.end_time,
  hourly_rate: job.hourly_rate,
  break_minutes: job.break_minutes,
  headcount: job.headcount,
  subtotal_cents: job.subtotal_cents,
  fee_cents: job.fee_cents,
  total_cents: job.total_cents,
});

const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

describe('an edit that lowers or keeps the total', () => {
  test('the quote and the PATCH agree; the refund is in jobs.job.edited.v1 and the job carries the new terms', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { headcount: 2 });
    expect(job.total_cents).toBe(17120);

    const quote = await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=18`);
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      old_total_cents: 17120,
      new_total_cents: 15408,
      charge_cents: 0,
      refund_cents: 1712,
      reason_text: '$17.12 back to your card',
      chefs_to_answer: 0,
    });
    // no change at all: the quote of no change
    expect((await r.api.get(`/jobs/${job.id}/edit-quote`)).body).toMatchObject({
      charge_cents: 0,
      refund_cents: 0,
      reason_text: 'No change in cost',
    });

    const saved = await r.api.patch(`/jobs/${job.id}`, {
      hourlyRate: 18,
      description: 'Brunch service',
      requiredSkills: ['Line Cook'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.quote).toEqual(quote.body);
    expect(saved.body.answers_due_by).toBeNull();
    expect(saved.body.job).toMatchObject({
      hourly_rate: 18,
      headcount: 2,
      subtotal_cents: 14400,
      fee_cents: 1008,
      total_cents: 15408,
      description: 'Brunch service',
      required_skills: ['Line Cook'],
      status: 'open',
      pending_edit: null,
    });
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    expect(edited).toMatchObject({
      job_id: job.id,
      restaurant_id: r.id,
      title: 'Line Cook',
      before: { hourly_rate_cents: 2000, headcount: 2, break_minutes: 0, start_time: job.start_time },
      after: { hourly_rate_cents: 1800, headcount: 2, break_minutes: 0, start_time: job.start_time },
      charge_cents: 0,
      refund_cents: 1712,
      added_seats: [],
      removed_seats: [],
      chefs_to_answer: [],
      answers_due_by: null,
      words_changed: true,
    });
    expect(await editsOf(job.id)).toEqual([
      { status: 'applied', charge_cents: 0, refund_cents: 1712, code: null },
    ]);
    // chefs browsing see the new pay
    const chef = await chefWithProfile(h);
    expect((await jobOf(chef, job.id)).hourly_rate).toBe(18);
  });

  test('removing an unbooked seat refunds its share; the highest-numbered unbooked seat goes', async () => {
    const r = await restaurantWithProfile(h);
    const ana = await chefWithProfile(h, { name: 'Ana' });
    const job = await openJob(h, r, { headcount: 3 });
    await bookChef(job, r, ana);
    const saved = await r.api.patch(`/jobs/${job.id}`, { headcount: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.quote).toMatchObject({
      old_total_cents: 25680,
      new_total_cents: 17120,
      refund_cents: 8560,
    });
    expect(saved.body.job).toMatchObject({
      headcount: 2,
      total_cents: 17120,
      seats: { total: 2, booked: 1, open: 1 },
    });
    expect(saved.body.job.seat_list.map((s: any) => s.seat_no)).toEqual([1, 2]);
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    expect(edited).toMatchObject({ removed_seats: [3], added_seats: [], refund_cents: 8560 });

    // down to the booked seat: the job is filled
    const filled = await r.api.patch(`/jobs/${job.id}`, { headcount: 1 });
    expect(filled.status).toBe(200);
    expect(filled.body.job).toMatchObject({ status: 'filled', headcount: 1, total_cents: 8560 });
  });

  test('seats go from the last one: with a lower seat the free one, the removal is refused and nothing changes', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben, cam] = await Promise.all([chefWithProfile(h), chefWithProfile(h), chefWithProfile(h)]);
    const job = await openJob(h, r, { headcount: 3 });
    const anaApp = await bookChef(job, r, ana);
    await bookChef(job, r, ben);
    await bookChef(job, r, cam);
    // Ana (seat 1) cancels: her seat is the free one, below two booked seats
    expect((await ana.api.del(`/applications/${anaApp}`)).status).toBe(200);
    const quote = await r.api.get(`/jobs/${job.id}/edit-quote?headcount=2`);
    expect(quote.status).toBe(409);
    expect(quote.body).toMatchObject({ code: 'JOBS.SEATS_BOOKED', booked: 2 });
    const saved = await r.api.patch(`/jobs/${job.id}`, { headcount: 2 });
    expect(saved.status).toBe(409);
    expect(saved.body.code).toBe('JOBS.SEATS_BOOKED');
    expect(await jobOf(r, job.id)).toMatchObject({ headcount: 3, seats: { total: 3, booked: 2, open: 1 } });
    expect(await outbox('jobs.job.edited.v1', job.id)).toEqual([]);
    // a seat added takes the next number: seat 4, charged first
    const more = await r.api.patch(`/jobs/${job.id}`, { headcount: 4 });
    expect(more.status).toBe(202);
  });

  test('in Spanish, the quote says it in Spanish', async () => {
    const r = await user(h, 'restaurant', 'es');
    const job = await openJob(h, r);
    expect((await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=18`)).body.reason_text).toBe(
      '$8.56 de vuelta a tu tarjeta',
    );
    expect((await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=25`)).body.reason_text).toBe(
      '$21.40 más, cobrados a tu tarjeta registrada',
    );
  });
});

describe('an edit that raises the total', () => {
  test('202 charging until payments collects it; then it applies once; a failed charge declines the next', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const quote = (await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=25&headcount=2`)).body;
    expect(quote).toEqual({
      old_total_cents: 8560,
      new_total_cents: 21400,
      charge_cents: 12840,
      refund_cents: 0,
      reason_text: '$128.40 more, charged to your card on file',
      chefs_to_answer: 0,
    });

    const saved = await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 25, headcount: 2 });
    expect(saved.status).toBe(202);
    expect(saved.body.quote).toEqual(quote);
    expect(saved.body.answers_due_by).toBeNull();
    // nothing changed yet
    expect(terms(saved.body.job)).toEqual(terms(job));
    expect(saved.body.job.pending_edit).toMatchObject({
      status: 'charging',
      charge_cents: 12840,
      code: null,
    });
    const editId = saved.body.job.pending_edit.edit_id;
    const [requested] = await outbox('jobs.job.edit_requested.v1', job.id);
    expect(requested).toMatchObject({
      edit_id: editId,
      restaurant_id: r.id,
      before: { hourly_rate_cents: 2000, headcount: 1 },
      after: { hourly_rate_cents: 2500, headcount: 2 },
      charge_cents: 12840,
    });
    // the owner's list shows it too
    const listed = (await r.api.get('/jobs')).body.jobs.find((j: any) => j.id === job.id);
    expect(listed.pending_edit).toMatchObject({ edit_id: editId, status: 'charging' });

    // a second edit waits for the first
    const second = await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 19 });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('JOBS.EDIT_PENDING');
    expect((await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=19`)).body.code).toBe('JOBS.EDIT_PENDING');

    const collected = {
      job_id: job.id,
      edit_id: editId,
      restaurant_id: r.id,
      payment_intent_id: 'pi_edit_1',
      amount_cents: 12840,
    };
    await publish(h, 'payments.edit_charge.collected.v1', collected);
    await eventually(async () => {
      expect(await jobOf(r, job.id)).toMatchObject({
        hourly_rate: 25,
        headcount: 2,
        total_cents: 21400,
        pending_edit: null,
        seats: { total: 2, open: 2 },
      });
    });
    // delivered again: nothing more
    await publish(h, 'payments.edit_charge.collected.v1', collected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const edited = await outbox('jobs.job.edited.v1', job.id);
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({
      edit_id: editId,
      charge_cents: 12840,
      refund_cents: 0,
      added_seats: [2],
    });

    // the next rise is declined by the card: the job keeps its terms and says why
    const next = await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 30 });
    expect(next.status).toBe(202);
    const nextId = next.body.job.pending_edit.edit_id;
    const failed = {
      job_id: job.id,
      edit_id: nextId,
      restaurant_id: r.id,
      payment_intent_id: null,
      amount_cents: next.body.quote.charge_cents,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      requires_authentication: false,
    };
    await publish(h, 'payments.edit_charge.failed.v1', failed);
    await eventually(async () => {
      expect((await jobOf(r, job.id)).pending_edit).toMatchObject({
        edit_id: nextId,
        status: 'declined',
        code: 'insufficient_funds',
      });
    });
    await publish(h, 'payments.edit_charge.failed.v1', failed);
    expect((await jobOf(r, job.id)).hourly_rate).toBe(25);
    expect((await editsOf(job.id)).map((e) => e.status)).toEqual(['applied', 'declined']);
    // a late collected event for a declined edit changes nothing
    await publish(h, 'payments.edit_charge.collected.v1', { ...collected, edit_id: nextId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await jobOf(r, job.id)).hourly_rate).toBe(25);
    // and the owner may edit again
    expect((await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 24 })).status).toBe(200);
    expect((await jobOf(r, job.id)).pending_edit).toBeNull();
  });

  test('a collected charge for a job cancelled meanwhile is dropped: payments refunds it', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const saved = await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 25 });
    expect(saved.status).toBe(202);
    const editId = saved.body.job.pending_edit.edit_id;
    expect((await r.api.patch(`/jobs/${job.id}`, { status: 'cancelled' })).status).toBe(200);
    await publish(h, 'payments.edit_charge.collected.v1', {
      job_id: job.id,
      edit_id: editId,
      restaurant_id: r.id,
      payment_intent_id: 'pi_edit_2',
      amount_cents: 2140,
    });
    await eventually(async () => {
      const [dropped] = await outbox('jobs.job.edit_dropped.v1', job.id);
      expect(dropped).toMatchObject({ edit_id: editId, charge_cents: 2140, reason: 'job_closed' });
    });
    expect((await editsOf(job.id)).map((e) => e.status)).toEqual(['dropped']);
    expect(await outbox('jobs.job.edited.v1', job.id)).toHaveLength(0);
    expect((await jobOf(r, job.id)).hourly_rate).toBe(20);
  });
});

describe('refusals: nothing changes', () => {
  async function refused(
    r: User,
    jobId: string,
    body: Record<string, unknown>,
    status: number,
    code: string,
  ) {
    const before = terms(await jobOf(r, jobId));
    const query = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, String(v)]) as [string, string][],
    ).toString();
    const quoted = await r.api.get(`/jobs/${jobId}/edit-quote?${query}`);
    expect({ status: quoted.status, code: quoted.body.code }).toEqual({ status, code });
    const res = await r.api.patch(`/jobs/${jobId}`, body);
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(typeof res.body.error).toBe('string');
    expect(terms(await jobOf(r, jobId))).toEqual(before);
    return res.body;
  }

  test('the posting rules apply to the new times and pay', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const past = new Date(Date.now() - 2 * HOUR).toISOString();
    await refused(r, job.id, { startTime: past }, 400, 'JOBS.START_IN_PAST');
    await refused(r, job.id, { endTime: later(job.start_time, -1) }, 400, 'JOBS.END_BEFORE_START');
    await refused(
      r,
      job.id,
      { startTime: later(job.start_time, 24 * 8), endTime: later(job.end_time, 24 * 8) },
      400,
      'JOBS.BEYOND_POSTING_WINDOW',
    );
    await refused(r, job.id, { endTime: later(job.start_time, 1 / 60) }, 400, 'JOBS.CHARGE_UNDER_MINIMUM');
    expect(await editsOf(job.id)).toEqual([]);
  });

  test('EDIT_UNDER_MINIMUM, SEATS_BOOKED, PAY_CUT_BOOKED, EDIT_TOO_LATE, NOT_EDITABLE', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
    // one seat: 4 hours at $20.05 is 21 cents more than at $20, under what a card can be charged
    const single = await openJob(h, r);
    const tiny = await refused(r, single.id, { hourlyRate: 20.05 }, 400, 'JOBS.EDIT_UNDER_MINIMUM');
    expect(tiny).toMatchObject({ difference_cents: 21, card_minimum_cents: 50 });

    const job = await openJob(h, r, { headcount: 3 });

    // one confirmed, one accepted and awaiting their answer: both hold a seat
    await bookChef(job, r, ana);
    await bookChef(job, r, ben, false);
    const seats = await refused(r, job.id, { headcount: 1 }, 409, 'JOBS.SEATS_BOOKED');
    expect(seats).toMatchObject({ booked: 2 });
    expect((await r.api.patch(`/jobs/${job.id}`, { headcount: 2 })).status).toBe(200);

    const cut = await refused(r, job.id, { hourlyRate: 19 }, 400, 'JOBS.PAY_CUT_BOOKED');
    expect(cut).toMatchObject({ old_pay_cents: 8000, new_pay_cents: 7600 });
    // a shorter shift is a pay cut too
    await refused(r, job.id, { endTime: later(job.end_time, -1) }, 400, 'JOBS.PAY_CUT_BOOKED');

    h.clock.advance(Date.parse(job.start_time) - Date.now() - 5 * HOUR);
    const late = await refused(r, job.id, { hourlyRate: 22 }, 409, 'JOBS.EDIT_TOO_LATE');
    expect(late.late_from).toBe(later(job.start_time, -6));
    h.clock.reset();

    expect((await r.api.post(`/jobs/${job.id}/cancel`)).status).toBe(200);
    await refused(r, job.id, { hourlyRate: 22 }, 409, 'JOBS.NOT_EDITABLE');
    expect((await editsOf(job.id)).map((e) => e.status)).toEqual(['applied']);
  });

  test('a body that says nothing to change, or an unknown status, is a 400', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    expect((await r.api.patch(`/jobs/${job.id}`, {})).status).toBe(400);
    expect((await r.api.patch(`/jobs/${job.id}`, { status: 'open' })).status).toBe(400);
    expect((await r.api.patch(`/jobs/${job.id}`, { headcount: 21 })).status).toBe(400);
    expect((await r.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=abc`)).status).toBe(400);
  });
});

describe('booked chefs answer a change of their times or pay', () => {
  test('asked, one keeps the shift, the other leaves with no record and the seat reopens', async () => {
    const r = await restaurantWithProfile(h);
    const [ana, ben] = await Promise.all([
      chefWithProfile(h, { name: 'Ana' }),
      chefWithProfile(h, { name: 'Ben' }),
    ]);
    const job = await openJob(h, r, { headcount: 2 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    expect((await jobOf(r, job.id)).status).toBe('filled');

    // an hour later, same length: no money moves, but both chefs are asked
    const moved = { startTime: later(job.start_time, 1), endTime: later(job.end_time, 1) };
    const quote = await r.api.get(`/jobs/${job.id}/edit-quote?${new URLSearchParams(moved)}`);
    expect(quote.body).toMatchObject({ charge_cents: 0, refund_cents: 0, chefs_to_answer: 2 });
    const saved = await r.api.patch(`/jobs/${job.id}`, moved);
    expect(saved.status).toBe(200);
    const due = new Date(Date.now() + 12 * HOUR).getTime();
    expect(Math.abs(Date.parse(saved.body.answers_due_by) - due)).toBeLessThan(60_000);
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    expect(edited.chefs_to_answer).toEqual(
      expect.arrayContaining([
        { application_id: anaApp, chef_id: ana.id, seat_no: 1 },
        { application_id: benApp, chef_id: ben.id, seat_no: 2 },
      ]),
    );

    const asked = (await jobOf(ana, job.id)).edit_to_answer;
    expect(asked).toEqual({
      edit_id: edited.edit_id,
      application_id: anaApp,
      before: {
        start_time: job.start_time,
        end_time: job.end_time,
        hourly_rate: 20,
        break_minutes: 0,
        pay_cents: 8000,
      },
      after: {
        start_time: moved.startTime,
        end_time: moved.endTime,
        hourly_rate: 20,
        break_minutes: 0,
        pay_cents: 8000,
      },
      answer_by: saved.body.answers_due_by,
    });
    expect(
      (await ana.api.get(`/applications/${anaApp}`)).body.application.job_postings.edit_to_answer,
    ).toEqual(asked);
    const listed = (await ana.api.get('/applications')).body.applications.find((a: any) => a.id === anaApp);
    expect(listed.job_postings.edit_to_answer).toEqual(asked);
    // the owner never sees it, nor the other chef's application
    expect((await jobOf(r, job.id)).edit_to_answer).toBeUndefined();
    const notHers = await ana.api.post(`/applications/${benApp}/edit-answer`, { accept: false });
    expect(notHers.status).toBe(404);
    expect((await r.api.post(`/applications/${anaApp}/edit-answer`, { accept: true })).status).toBe(403);
    expect((await ana.api.post(`/applications/${anaApp}/edit-answer`, {})).status).toBe(400);

    // Ana keeps it
    const kept = await ana.api.post(`/applications/${anaApp}/edit-answer`, { accept: true });
    expect(kept.status).toBe(200);
    expect(kept.body.application).toMatchObject({ id: anaApp, status: 'accepted', worker_confirmed: true });
    expect(kept.body.application.job_postings.edit_to_answer).toBeNull();
    const again = await ana.api.post(`/applications/${anaApp}/edit-answer`, { accept: false });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('JOBS.NO_EDIT_TO_ANSWER');

    // Ben leaves: no record, never late, his seat reopens
    const left = await ben.api.post(`/applications/${benApp}/edit-answer`, { accept: false });
    expect(left.status).toBe(200);
    expect(left.body.application).toMatchObject({ id: benApp, status: 'cancelled' });
    expect(await jobOf(r, job.id)).toMatchObject({ status: 'open', seats: { total: 2, booked: 1, open: 1 } });
    const answers = await outbox('jobs.application.edit_answered.v1', job.id);
    expect(answers).toEqual([
      expect.objectContaining({
        application_id: anaApp,
        chef_id: ana.id,
        seat_no: 1,
        accept: true,
        edit_id: edited.edit_id,
      }),
      expect.objectContaining({
        application_id: benApp,
        chef_id: ben.id,
        seat_no: 2,
        accept: false,
        edit_id: edited.edit_id,
      }),
    ]);
    const [cancelled] = await outbox('jobs.application.cancelled.v1', job.id);
    expect(cancelled).toMatchObject({
      application_id: benApp,
      reason: 'edit_declined',
      late: false,
      was_confirmed: true,
      seat_no: 2,
      cancelled_by: 'chef',
    });
    const opened = await outbox('jobs.job.opened.v1', job.id);
    expect(opened[opened.length - 1]).toMatchObject({ reopened: true, seat_no: 2 });
    const records = await h.database.rows(
      sql`select 1 from jobs.reliability_records where job_id = ${job.id}`,
    );
    expect(records).toHaveLength(0);
  });

  test('past answer_by nobody answers: the booking stands at the new terms', async () => {
    const r = await restaurantWithProfile(h);
    const ana = await chefWithProfile(h);
    const job = await openJob(h, r);
    const anaApp = await bookChef(job, r, ana);
    const saved = await r.api.patch(`/jobs/${job.id}`, { hourlyRate: 25 });
    expect(saved.status).toBe(202);
    await publish(h, 'payments.edit_charge.collected.v1', {
      job_id: job.id,
      edit_id: saved.body.job.pending_edit.edit_id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_edit_3',
      amount_cents: 2140,
    });
    await eventually(async () => {
      expect((await jobOf(ana, job.id)).edit_to_answer).toMatchObject({
        application_id: anaApp,
        before: { hourly_rate: 20, pay_cents: 8000 },
        after: { hourly_rate: 25, pay_cents: 10000 },
      });
    });
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    expect(edited).toMatchObject({
      charge_cents: 2140,
      chefs_to_answer: [{ application_id: anaApp, seat_no: 1 }],
    });
    h.clock.advance(13 * HOUR);
    expect((await jobOf(ana, job.id)).edit_to_answer).toBeNull();
    const late = await ana.api.post(`/applications/${anaApp}/edit-answer`, { accept: false });
    expect(late.body.code).toBe('JOBS.NO_EDIT_TO_ANSWER');
    expect((await jobOf(r, job.id)).status).toBe('filled');
  });
});

describe('adding seats to a booked shift', () => {
  test('a filled job that gains a seat opens again once the seat is paid for', async () => {
    const r = await restaurantWithProfile(h);
    const ana = await chefWithProfile(h);
    const job = await openJob(h, r);
    await bookChef(job, r, ana);
    const saved = await r.api.patch(`/jobs/${job.id}`, { headcount: 2 });
    expect(saved.status).toBe(202);
    expect(saved.body.quote).toMatchObject({ charge_cents: 8560, chefs_to_answer: 0 });
    expect(saved.body.job.status).toBe('filled');
    await publish(h, 'payments.edit_charge.collected.v1', {
      job_id: job.id,
      edit_id: saved.body.job.pending_edit.edit_id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_edit_4',
      amount_cents: 8560,
    });
    await eventually(async () => {
      expect(await jobOf(r, job.id)).toMatchObject({
        status: 'open',
        headcount: 2,
        total_cents: 17120,
        seats: { total: 2, booked: 1, open: 1 },
      });
    });
    const [edited] = await outbox('jobs.job.edited.v1', job.id);
    expect(edited).toMatchObject({ added_seats: [2], charge_cents: 8560, chefs_to_answer: [] });
    const opened = await outbox('jobs.job.opened.v1', job.id);
    expect(opened[opened.length - 1]).toMatchObject({ reopened: true, seat_no: 2 });
    expect((await jobOf(ana, job.id)).edit_to_answer).toBeNull();
  });
});

describe('PATCH as cancellation, and who may edit', () => {
  test('PATCH {status: cancelled} cancels by the rules, as PUT does', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const res = await r.api.patch(`/jobs/${job.id}`, { status: 'cancelled', reason: 'Closed for a leak' });
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({
      status: 'cancelled',
      cancellation: {
        cancelled_by: 'restaurant',
        late: false,
        refund_cents: 8560,
        reason: 'Closed for a leak',
      },
    });
    expect(await outbox('jobs.job.cancelled.v1', job.id)).toHaveLength(1);
  });

  test('another restaurant gets 404, a chef 403', async () => {
    const r = await restaurantWithProfile(h);
    const other = await restaurantWithProfile(h, 'Other');
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    for (const res of [
      await other.api.patch(`/jobs/${job.id}`, { hourlyRate: 18 }),
      await other.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=18`),
      await other.api.patch(`/jobs/${job.id}`, { status: 'cancelled' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('JOBS.JOB_NOT_FOUND');
    }
    expect((await chef.api.patch(`/jobs/${job.id}`, { hourlyRate: 18 })).status).toBe(403);
    expect((await chef.api.get(`/jobs/${job.id}/edit-quote?hourlyRate=18`)).status).toBe(403);
    expect(terms(await jobOf(r, job.id))).toEqual(terms(job));
    expect(await editsOf(job.id)).toEqual([]);
  });
});
