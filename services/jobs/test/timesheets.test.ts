import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  MINNEAPOLIS,
  openJob,
  operator,
  restaurantWithProfile,
  useHarness,
  user,
  publish,
  waitForEvent,
  written,
  type Harness,
  type User,
} from './harness';

// The time clock and the timesheet (issue 34). Shifts are 4 hours at $20/h (shift pay $80.00, fee $5.60,
// total $85.60) unless told; the restaurant's pin is downtown Minneapolis. The durations are the defaults
// (clock-in from 30 minutes before the start, approval 48h after clock-out, 24h to answer an adjustment or a
// no-show, 1h to send home, no-show 1h after the start, 4 extra hours paid) except SENT_HOME_PAY_HOURS, shortened
// to 2 so a sent-home shift pays less than the whole shift, and AUTO_CLOCK_OUT_AFTER, 5h instead of 4h: a chef
// can clock out past the 4 paid extra hours before the rules clock her out (a move of the clock wakes them).
const h = useHarness({ env: { SENT_HOME_PAY_HOURS: '2', AUTO_CLOCK_OUT_AFTER: '5h' } });
const MIN = 60_000;
const AT_PIN = { latitude: MINNEAPOLIS.latitude, longitude: MINNEAPOLIS.longitude, accuracy_m: 20 };

/** Move the service's clock to the shift's start + `offset` ms. */
function at(hx: Harness, job: { start_time: string }, offset: number) {
  hx.clock.advance(Date.parse(job.start_time) + offset - hx.clock.now().getTime());
}

async function seat(opts: { pinned?: boolean; breakMinutes?: number; hours?: number } = {}) {
  h.clock.reset(); // a shift is posted from now: an earlier seat of the test may have moved the clock
  const r = await restaurantWithProfile(h, 'Blue Door', {
    ...MINNEAPOLIS,
    location_pinned: opts.pinned !== false,
  });
  const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const start = new Date(Date.now() + 24 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const job = await openJob(h, r, {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + (opts.hours ?? 4) * HOUR).toISOString(),
    ...(opts.breakMinutes === undefined ? {} : { breakMinutes: opts.breakMinutes }),
  });
  const appId = await bookChef(job, r, chef);
  const code = (await r.api.get(`/jobs/${job.id}`)).body.job.clock_code as string;
  return { r, chef, job, appId, code };
}

type Seat = Awaited<ReturnType<typeof seat>>;
const clockIn = (s: Seat, body: object) => s.chef.api.post(`/applications/${s.appId}/clock-in`, body);
const clockOut = (s: Seat, body: object = {}) => s.chef.api.post(`/applications/${s.appId}/clock-out`, body);
const timesheet = async (u: User, s: Seat) =>
  (await u.api.get(`/applications/${s.appId}/timesheet`)).body.timesheet;

/** The restaurant sets the hours to the start .. the start + `hours`, no break. */
async function adjust(s: Seat, hours: number, reason: string) {
  const start = Date.parse(s.job.start_time);
  const r = await s.r.api.post(`/applications/${s.appId}/timesheet/adjust`, {
    clock_in_at: new Date(start).toISOString(),
    clock_out_at: new Date(start + hours * HOUR).toISOString(),
    break_minutes: 0,
    reason,
  });
  expect(r.status).toBe(200);
  return r;
}

/** Clocked in at the start + `inAt`, out at the start + `outAt`, with this break. */
async function worked(s: Seat, inAt: number, outAt: number, breakMinutes = 0) {
  at(h, s.job, inAt);
  expect((await clockIn(s, { code: s.code })).status).toBe(201);
  at(h, s.job, outAt);
  const out = await clockOut(s, { break_minutes: breakMinutes });
  expect(out.status).toBe(200);
  return out.body.timesheet;
}

describe('the clock code and the break on the job', () => {
  test('the owner sees a 4-digit code once a chef confirms; the chef never does; the break lowers the charge', async () => {
    const s = await seat({ breakMinutes: 30 });
    expect(s.code).toMatch(/^\d{4}$/);
    const owner = (await s.r.api.get(`/jobs/${s.job.id}`)).body.job;
    expect(owner).toMatchObject({
      break_minutes: 30,
      subtotal_cents: 7000,
      fee_cents: 490,
      total_cents: 7490,
    });
    const chefView = (await s.chef.api.get(`/jobs/${s.job.id}`)).body.job;
    expect(chefView.clock_code ?? null).toBeNull();
    const posted = await waitForEvent(h, 'jobs.job.posted.v1', (d) => d.job_id === s.job.id);
    expect(posted).toMatchObject({ break_minutes: 30, total_cents: 7490 });
  });
});

describe('clock-in', () => {
  test('opens 30 minutes before the start and closes at the end', async () => {
    const s = await seat();
    at(h, s.job, -31 * MIN);
    const early = await clockIn(s, AT_PIN);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('JOBS.CLOCK_NOT_OPEN');
    at(h, s.job, 4 * HOUR);
    expect((await clockIn(s, AT_PIN)).body.code).toBe('JOBS.CLOCK_NOT_OPEN');
    at(h, s.job, -29 * MIN);
    const ok = await clockIn(s, AT_PIN);
    expect(ok.status).toBe(201);
    expect(ok.body.timesheet).toMatchObject({ status: 'clocked_in', late: false });
    expect(ok.body.timesheet.events[0]).toMatchObject({
      type: 'clock_in',
      method: 'location',
      distance_m: 0,
    });
    // clocked in before the start, the chef can no longer withdraw: the day has begun
    const withdraw = await s.chef.api.del(`/applications/${s.appId}`);
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.code).toBe('JOBS.SHIFT_STARTED');
  });

  test('outside the geofence: 422 with the distance in the chef’s language; nothing changes', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const far = { latitude: MINNEAPOLIS.latitude + 0.01, longitude: MINNEAPOLIS.longitude, accuracy_m: 20 };
    const en = await clockIn(s, far);
    expect(en.status).toBe(422);
    expect(en.body.code).toBe('JOBS.OUTSIDE_GEOFENCE');
    expect(en.body.error).toBe(
      'You are 3650 feet from the restaurant. Clock in within 820 feet of it, or ask the restaurant for the clock code.',
    );
    const es = await h.token({ id: s.chef.id, type: 'chef', language: 'es' });
    const esReply = await fetch(`${h.url}/applications/${s.appId}/clock-in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${es}`, 'content-type': 'application/json' },
      body: JSON.stringify(far),
    });
    expect(((await esReply.json()) as { error: string }).error).toMatch(/^Estás a 3650 pies del restaurante/);
    expect((await timesheet(s.chef, s)).status).toBe('not_started');
  });

  test('a vague position (5 km) and a restaurant with no pin are refused; the code works there', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const vague = await clockIn(s, { ...AT_PIN, accuracy_m: 5000 });
    expect(vague.status).toBe(422);
    expect(vague.body.code).toBe('JOBS.LOCATION_TOO_VAGUE');
    h.clock.reset();
    const u = await seat({ pinned: false });
    at(h, u.job, 0);
    const nopin = await clockIn(u, AT_PIN);
    expect(nopin.status).toBe(422);
    expect(nopin.body.code).toBe('JOBS.NO_LOCATION_PIN');
    expect((await clockIn(u, { code: u.code })).status).toBe(201);
  });

  test('wrong codes are counted, the fifth locks the code (429, the right one too), twice is 409', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const wrong = s.code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const r = await clockIn(s, { code: wrong });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('JOBS.BAD_CLOCK_CODE');
    }
    expect((await clockIn(s, { code: wrong })).body.code).toBe('JOBS.BAD_CLOCK_CODE');
    const locked = await clockIn(s, { code: s.code });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('JOBS.CLOCK_CODE_LOCKED');
    at(h, s.job, 16 * MIN);
    expect((await clockIn(s, { code: s.code })).status).toBe(201);
    const twice = await clockIn(s, { code: s.code });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('JOBS.ALREADY_CLOCKED_IN');
    const ts = await timesheet(s.chef, s);
    expect(ts.late).toBe(true);
    expect(await written(h, 'jobs.timesheet.clocked_in.v1', s.job.id)).toBe(1);
  });

  test('two clock-ins at once give one timesheet', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const replies = await Promise.all([clockIn(s, { code: s.code }), clockIn(s, { code: s.code })]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs.timesheet_events where application_id = ${s.appId} and type = 'clock_in'`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  test('a foreign application is 404, the other side’s action 403', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const stranger = await user(h, 'chef');
    expect((await stranger.api.post(`/applications/${s.appId}/clock-in`, { code: s.code })).status).toBe(404);
    const otherR = await user(h, 'restaurant');
    expect((await otherR.api.get(`/applications/${s.appId}/timesheet`)).status).toBe(404);
    expect((await s.r.api.post(`/applications/${s.appId}/clock-in`, { code: s.code })).status).toBe(403);
  });

  test('a position 50 km away a minute later is refused', async () => {
    const s = await seat();
    at(h, s.job, 0);
    expect((await clockIn(s, AT_PIN)).status).toBe(201);
    at(h, s.job, MIN);
    const jumped = await clockOut(s, {
      latitude: MINNEAPOLIS.latitude + 0.45,
      longitude: MINNEAPOLIS.longitude,
      accuracy_m: 20,
    });
    expect(jumped.status).toBe(422);
    expect(jumped.body.code).toBe('JOBS.POSITION_JUMPED');
    expect((await timesheet(s.chef, s)).status).toBe('clocked_in');
  });

  test('running late is announced before the clock-in', async () => {
    const s = await seat();
    at(h, s.job, -20 * MIN);
    const late = await s.chef.api.post(`/applications/${s.appId}/running-late`, { minutes: 15 });
    expect(late.status).toBe(201);
    const e = await waitForEvent(h, 'jobs.timesheet.running_late.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({ minutes: 15, restaurant_id: s.r.id });
  });
});

describe('clock-out and the money', () => {
  test('without a clock-in: 409; with a break, the worked minutes and the partial refund', async () => {
    const s = await seat();
    at(h, s.job, 0);
    const none = await clockOut(s);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('JOBS.NOT_CLOCKED_IN');
    h.clock.reset();
    const ts = await worked(s, -20 * MIN, 3 * HOUR, 30);
    // from the start (not the early clock-in), 3h less 30 min = 150 minutes: $50.00 + $3.50; $32.10 refunded
    expect(ts).toMatchObject({ status: 'submitted', worked_minutes: 150, break_minutes: 30 });
    expect(ts.pay).toMatchObject({
      chef_pay_cents: 5000,
      fee_cents: 350,
      charged_cents: 8560,
      refund_cents: 3210,
    });
  });

  test('a code given at clock-out must be right; a position there is recorded with its distance', async () => {
    const s = await seat();
    at(h, s.job, -5 * MIN);
    await clockIn(s, { code: s.code });
    at(h, s.job, 4 * HOUR);
    const wrong = await clockOut(s, { code: s.code === '0000' ? '1111' : '0000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('JOBS.BAD_CLOCK_CODE');
    expect((await timesheet(s.chef, s)).status).toBe('clocked_in');
    const ok = await clockOut(s, { ...AT_PIN, latitude: AT_PIN.latitude + 0.001 });
    expect(ok.status).toBe(200);
    expect(ok.body.timesheet.events[1]).toMatchObject({
      type: 'clock_out',
      method: 'location',
      distance_m: 111,
    });
  });

  test('staying late is paid, up to MAX_EXTRA_HOURS past the end; the extra counts as charged once collected', async () => {
    const s = await seat();
    const ts = await worked(s, -5 * MIN, 8 * HOUR + 30 * MIN);
    expect(ts.worked_minutes).toBe(8 * 60);
    expect(ts.pay).toMatchObject({
      chef_pay_cents: 16000,
      extra_charge_cents: 17120 - 8560,
      charged_cents: 8560,
    });
    expect((await s.r.api.post(`/applications/${s.appId}/timesheet/approve`)).status).toBe(200);
    const collected = {
      job_id: s.job.id,
      application_id: s.appId,
      restaurant_id: s.r.id,
      chef_id: s.chef.id,
      payment_intent_id: 'pi_extra',
      amount_cents: 8560,
      chef_pay_cents: 8000,
      fee_cents: 560,
      paid_in_app: false,
    };
    await publish(h, 'payments.extra_charge.collected.v1', collected);
    await publish(h, 'payments.extra_charge.collected.v1', collected); // told twice: counted once
    await eventually(async () => expect((await timesheet(s.r, s)).pay.charged_cents).toBe(17120));
    expect((await timesheet(s.chef, s)).pay).toMatchObject({ total_cents: 17120, extra_charge_cents: 8560 });
  });

  test('the timesheet says when each rule acts, and what sending home now would move', async () => {
    const s = await seat();
    const start = Date.parse(s.job.start_time);
    const iso = (ms: number) => new Date(ms).toISOString();
    const before = await timesheet(s.r, s);
    expect(before.deadlines).toEqual({
      clock_opens_at: iso(start - 30 * MIN),
      clock_closes_at: s.job.end_time,
      no_show_from: iso(start + HOUR),
      send_home_until: null,
      auto_clock_out_at: iso(start + 9 * HOUR),
      approve_by: null,
      answer_by: null,
    });
    expect(before.send_home_pay).toBeNull();
    at(h, s.job, 10 * MIN);
    expect((await clockIn(s, { code: s.code })).status).toBe(201);
    at(h, s.job, 40 * MIN);
    const clocked = await timesheet(s.r, s);
    expect(clocked.deadlines.send_home_until).toBe(iso(Date.parse(clocked.clock_in_at) + HOUR));
    // SENT_HOME_PAY_HOURS is 2 here: 2 hours at $20 and its fee, the rest of the $85.60 back
    expect(clocked.send_home_pay).toMatchObject({ chef_pay_cents: 4000, fee_cents: 280, refund_cents: 4280 });
    const sent = await s.r.api.post(`/applications/${s.appId}/send-home`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.timesheet.pay).toMatchObject({
      chef_pay_cents: 4000,
      fee_cents: 280,
      refund_cents: 4280,
    });
  });
});

describe('approval and adjustment', () => {
  test('the restaurant approves as submitted: approved.v1 and the shift completed', async () => {
    const s = await seat();
    await worked(s, -5 * MIN, 4 * HOUR);
    const ok = await s.r.api.post(`/applications/${s.appId}/timesheet/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.timesheet.status).toBe('approved');
    const e = await waitForEvent(h, 'jobs.timesheet.approved.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({
      status: 'approved',
      approved_by: 'restaurant',
      worked_minutes: 240,
      chef_pay_cents: 8000,
    });
    expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job.status).toBe('completed');
    const late = await s.r.api.post(`/applications/${s.appId}/timesheet/adjust`, {
      clock_in_at: s.job.start_time,
      clock_out_at: s.job.end_time,
      break_minutes: 0,
      reason: 'after the fact',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('JOBS.TIMESHEET_NOT_SUBMITTED');
  });

  test('quote, adjust within bounds (400 without), accept', async () => {
    const s = await seat();
    await worked(s, -5 * MIN, 4 * HOUR);
    const start = Date.parse(s.job.start_time);
    const q = await s.r.api.get(
      `/applications/${s.appId}/timesheet/quote?clock_in_at=${new Date(start).toISOString()}&clock_out_at=${new Date(start + 3 * HOUR).toISOString()}&break_minutes=0`,
    );
    expect(q.status).toBe(200);
    expect(q.body.pay).toMatchObject({ chef_pay_cents: 6000, refund_cents: 2140 });
    const out = await s.r.api.post(`/applications/${s.appId}/timesheet/adjust`, {
      clock_in_at: new Date(start - 31 * MIN).toISOString(),
      clock_out_at: new Date(start + 3 * HOUR).toISOString(),
      break_minutes: 0,
      reason: 'Left early',
    });
    expect(out.status).toBe(400);
    expect(out.body.code).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    const adj = await s.r.api.post(`/applications/${s.appId}/timesheet/adjust`, {
      clock_in_at: new Date(start).toISOString(),
      clock_out_at: new Date(start + 3 * HOUR).toISOString(),
      break_minutes: 0,
      reason: 'Left early',
    });
    expect(adj.status).toBe(200);
    expect(adj.body.timesheet).toMatchObject({ status: 'adjusted', worked_minutes: 180 });
    const accepted = await s.chef.api.post(`/applications/${s.appId}/timesheet/accept`);
    expect(accepted.body.timesheet.status).toBe('approved');
    const e = await waitForEvent(h, 'jobs.timesheet.approved.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({ approved_by: 'chef', chef_pay_cents: 6000, refund_cents: 2140 });
  });

  test('silence accepts an adjustment; a submitted timesheet nobody answers is auto-approved', async () => {
    const s = await seat();
    await worked(s, -5 * MIN, 4 * HOUR);
    await adjust(s, 3, 'Left early');
    const t = await seat();
    await worked(t, -5 * MIN, 4 * HOUR);
    at(h, s.job, 4 * HOUR + 49 * HOUR);
    await h.service.rules.pass();
    await eventually(async () => {
      expect((await timesheet(s.chef, s)).status).toBe('approved');
      expect((await timesheet(t.chef, t)).status).toBe('auto_approved');
    });
    expect(
      await waitForEvent(h, 'jobs.timesheet.approved.v1', (d) => d.application_id === t.appId),
    ).toMatchObject({
      status: 'auto_approved',
      approved_by: 'system',
    });
  });

  test('a chef who never clocks out is clocked out at the scheduled end, AUTO_CLOCK_OUT_AFTER after it', async () => {
    const s = await seat();
    at(h, s.job, 0);
    await clockIn(s, { code: s.code });
    at(h, s.job, 4 * HOUR + 5 * HOUR - MIN);
    await h.service.rules.pass();
    expect((await timesheet(s.r, s)).status).toBe('clocked_in'); // a minute before: still clocked in
    at(h, s.job, 4 * HOUR + 5 * HOUR + MIN);
    await h.service.rules.pass();
    await eventually(async () => {
      const ts = await timesheet(s.r, s);
      expect(ts).toMatchObject({ status: 'submitted', auto_clocked_out: true, clock_out_at: s.job.end_time });
    });
  });

  test('a dispute goes to the operator, who decides the minutes', async () => {
    const s = await seat();
    await worked(s, -5 * MIN, 4 * HOUR);
    await adjust(s, 2, 'Left at 2');
    const d = await s.chef.api.post(`/applications/${s.appId}/timesheet/dispute`, {
      statement: 'I stayed all 4 hours',
    });
    expect(d.status).toBe(200);
    expect(d.body.timesheet.status).toBe('disputed');
    const o = await operator(h);
    const queue = await o.api.get('/ops/disputes');
    expect(queue.body.disputes.some((x: any) => x.job.id === s.job.id)).toBe(true);
    const bad = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, { worked_minutes: 9 * 60, note: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('JOBS.WORKED_MINUTES_OUT_OF_RANGE');
    const ok = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
      worked_minutes: 210,
      note: 'Camera says 3.5h',
    });
    expect(ok.status).toBe(200);
    expect((await timesheet(s.chef, s)).status).toBe('resolved');
    const e = await waitForEvent(h, 'jobs.timesheet.resolved.v1', (x) => x.application_id === s.appId);
    expect(e).toMatchObject({
      worked_minutes: 210,
      chef_pay_cents: 7000,
      fee_cents: 490,
      refund_cents: 1070,
      operator_id: o.id,
    });
    expect(await written(h, 'jobs.dispute.resolved.v1', s.job.id)).toBe(0);
  });
});

describe('sent home and no-show', () => {
  test('sent home in the window pays the floor at once; after it 409', async () => {
    const s = await seat();
    at(h, s.job, 0);
    await clockIn(s, { code: s.code });
    at(h, s.job, 30 * MIN);
    const ok = await s.r.api.post(`/applications/${s.appId}/send-home`, { reason: 'Slow night' });
    expect(ok.status).toBe(200);
    expect(ok.body.timesheet).toMatchObject({ status: 'sent_home' });
    expect(ok.body.timesheet.pay).toMatchObject({ chef_pay_cents: 4000, refund_cents: 4280 });
    const t = await seat();
    at(h, t.job, 0);
    await clockIn(t, { code: t.code });
    at(h, t.job, 61 * MIN);
    const late = await t.r.api.post(`/applications/${t.appId}/send-home`, {});
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('JOBS.SENT_HOME_WINDOW_PASSED');
  });

  test('no-show: too early 409; marked; uncontested it is final with the full refund', async () => {
    const s = await seat();
    at(h, s.job, 59 * MIN);
    const early = await s.r.api.post(`/applications/${s.appId}/no-show`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('JOBS.NO_SHOW_TOO_EARLY');
    at(h, s.job, HOUR);
    expect((await s.r.api.post(`/applications/${s.appId}/no-show`)).body.timesheet.status).toBe('no_show');
    at(h, s.job, HOUR + 24 * HOUR + MIN);
    await h.service.rules.pass();
    const e = await waitForEvent(
      h,
      'jobs.timesheet.no_show_confirmed.v1',
      (d) => d.application_id === s.appId,
    );
    expect(e).toMatchObject({ worked_minutes: 0, chef_pay_cents: 0, refund_cents: 8560 });
    await waitForEvent(
      h,
      'jobs.reliability.recorded.v1',
      (d) => d.job_id === s.job.id && d.kind === 'no_shows',
    );
  });

  test('a contested no-show is decided by the operator in minutes', async () => {
    const s = await seat();
    at(h, s.job, HOUR);
    await s.r.api.post(`/applications/${s.appId}/no-show`);
    const c = await s.chef.api.post(`/applications/${s.appId}/timesheet/dispute`, {
      statement: 'I was there',
    });
    expect(c.body.timesheet.status).toBe('disputed');
    const o = await operator(h);
    const ok = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
      worked_minutes: 240,
      note: 'Was there',
    });
    expect(ok.status).toBe(200);
    const e = await waitForEvent(h, 'jobs.timesheet.resolved.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({ worked_minutes: 240, chef_pay_cents: 8000, refund_cents: 0 });
  });
});

describe('the operator’s case file of an hours dispute', () => {
  test('both timesheets, the clock events with where they were made, both statements for translation', async () => {
    const s = await seat();
    at(h, s.job, -5 * MIN);
    expect((await clockIn(s, AT_PIN)).status).toBe(201);
    at(h, s.job, 4 * HOUR);
    expect((await clockOut(s, { break_minutes: 0 })).status).toBe(200);
    await adjust(s, 2, 'Left at 2');
    await s.chef.api.post(`/applications/${s.appId}/timesheet/dispute`, {
      statement: 'I stayed all 4 hours',
    });
    const o = await operator(h);
    const file = (await o.api.get(`/ops/disputes/${s.job.id}`)).body.dispute;
    expect(file.kind).toBe('hours');
    expect(file.hours).toMatchObject({
      about: 'adjustment',
      chef: { worked_minutes: 240, chef_pay_cents: 8000 },
      restaurant: { worked_minutes: 120, chef_pay_cents: 4000 },
      max_worked_minutes: 480,
      max_chef_pay_cents: 16000,
    });
    expect(file.hours.timesheet.events[0]).toMatchObject({
      type: 'clock_in',
      method: 'location',
      latitude: MINNEAPOLIS.latitude,
      distance_m: 0,
    });
    expect(file.statements.map((x: any) => [x.author_side, x.text])).toEqual([
      ['restaurant', 'Left at 2'],
      ['chef', 'I stayed all 4 hours'],
    ]);
    expect(await written(h, 'jobs.dispute.statement_added.v1', s.job.id)).toBe(2);
    const mine = (await s.r.api.get(`/jobs/${s.job.id}`)).body.job;
    expect(mine).toMatchObject({ status: 'disputed', dispute: { status: 'open' } });
  });

  test('the operator may decide the chef’s pay in cents instead, within the bounds', async () => {
    const s = await seat();
    at(h, s.job, HOUR);
    await s.r.api.post(`/applications/${s.appId}/no-show`);
    await s.chef.api.post(`/applications/${s.appId}/timesheet/dispute`, { statement: 'I was there' });
    const o = await operator(h);
    const over = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, { chef_pay_cents: 16001, note: 'x' });
    expect(over.status).toBe(400);
    const ok = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
      chef_pay_cents: 2000,
      note: 'One hour',
    });
    expect(ok.status).toBe(200);
    const e = await waitForEvent(h, 'jobs.timesheet.resolved.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({ worked_minutes: 60, chef_pay_cents: 2000, fee_cents: 140, refund_cents: 6420 });
    const again = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
      worked_minutes: 10,
      note: 'again',
    });
    expect(again.status).toBe(409);
  });
});

describe('the lifecycle’s refusals', () => {
  test('accept without an adjustment, a no-show after a clock-in, a dispute after the window: 409', async () => {
    const s = await seat();
    at(h, s.job, -5 * MIN);
    await clockIn(s, { code: s.code });
    at(h, s.job, 2 * HOUR);
    const ns = await s.r.api.post(`/applications/${s.appId}/no-show`);
    expect(ns.status).toBe(409);
    expect(ns.body.code).toBe('JOBS.ALREADY_CLOCKED_IN');
    await clockOut(s);
    const accept = await s.chef.api.post(`/applications/${s.appId}/timesheet/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.code).toBe('JOBS.NO_ADJUSTMENT');
    await adjust(s, 1, 'Short');
    at(h, s.job, 2 * HOUR + 24 * HOUR + MIN);
    const late = await s.chef.api.post(`/applications/${s.appId}/timesheet/dispute`, { statement: 'No' });
    expect(late.status).toBe(409);
    // the window passed (or silence already accepted it, were the rules loop quicker)
    expect(['JOBS.DISPUTE_WINDOW_PASSED', 'JOBS.NO_ADJUSTMENT']).toContain(late.body.code);
  });

  test('sent home counts on the restaurant’s record as a late cancellation', async () => {
    const s = await seat();
    at(h, s.job, 0);
    await clockIn(s, { code: s.code });
    at(h, s.job, 10 * MIN);
    expect((await s.r.api.post(`/applications/${s.appId}/send-home`)).status).toBe(200);
    const fact = await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === s.job.id);
    expect(fact).toMatchObject({ user_id: s.r.id, user_type: 'restaurant', kind: 'late_cancellations' });
    const e = await waitForEvent(h, 'jobs.timesheet.sent_home.v1', (d) => d.application_id === s.appId);
    expect(e).toMatchObject({ chef_pay_cents: 4000, fee_cents: 280, refund_cents: 4280, reason: null });
  });
});

describe('checkout on a shift with clock events', () => {
  test('opens at clock-out; the restaurant’s “completed” approves it; the checkout moves no money', async () => {
    const s = await seat();
    at(h, s.job, -5 * MIN);
    await clockIn(s, { code: s.code });
    at(h, s.job, HOUR);
    const early = await s.chef.api.post(`/applications/${s.appId}/checkout`, {
      rating: 5,
      workCompleted: true,
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('JOBS.CHECKOUT_NOT_OPEN');
    at(h, s.job, 3 * HOUR);
    await clockOut(s);
    const opens = (await s.chef.api.get(`/jobs/${s.job.id}`)).body.job.checkout_opens_at;
    expect(Date.parse(opens)).toBeLessThan(Date.parse(s.job.end_time));
    const chef = await s.chef.api.post(`/applications/${s.appId}/checkout`, {
      rating: 5,
      workCompleted: true,
    });
    expect(chef.status).toBe(200);
    const r = await s.r.api.post(`/applications/${s.appId}/checkout`, { rating: 4, workCompleted: true });
    expect(r.status).toBe(200);
    expect((await timesheet(s.r, s)).status).toBe('approved');
    expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job.status).toBe('completed');
    expect(await written(h, 'jobs.timesheet.approved.v1', s.job.id)).toBe(1);
    expect(await written(h, 'jobs.checkout.completed.v1', s.job.id)).toBe(0);
    expect(await written(h, 'jobs.checkout.recorded.v1', s.job.id)).toBe(2);
  });

  test('past the checkout deadline, a clocked shift is settled by its timesheet, not by the deadline', async () => {
    const s = await seat();
    await worked(s, -5 * MIN, 4 * HOUR);
    at(h, s.job, 4 * HOUR + 49 * HOUR);
    await h.service.rules.pass();
    await eventually(async () => expect((await timesheet(s.r, s)).status).toBe('auto_approved'));
    expect(await written(h, 'jobs.checkout.deadline_passed.v1', s.job.id)).toBe(0);
  });
});
