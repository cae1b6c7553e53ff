import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { occurrenceTimes, todayIn } from '../src/domain/series';
import {
  bookChef,
  chefWithProfile,
  client,
  eventually,
  HOUR,
  openJob,
  publish,
  published,
  restaurantWithProfile,
  useHarness,
  written,
} from './harness';

// Issue 35 (ADR 0031): Book again (`POST /jobs/{id}/repeat`) and weekly series (`/jobs/series`). Dates are the
// restaurant's calendar (Minneapolis: America/Chicago). A date starting within SERIES_CHARGE_LEAD (7 days) is
// posted at once, a job of its own charged to the card on file (`charge_card_on_file` in jobs.job.posted.v1);
// later ones wait as scheduled occurrences that the rules loop posts once their charge_at has come, each once
// (`series:{id}:{date}:charge`). A declined card leaves the occurrence payment_needed (its event once).

const h = useHarness();
const ZONE = 'America/Chicago';
const DAY = 24 * HOUR;

/** A date of the restaurant's calendar, `days` after today by the service's clock. */
function dateIn(days: number): string {
  const day = new Date(`${todayIn(ZONE, h.clock.now())}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const weekdayOf = (date: string) => WEEKDAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()];

async function jobsOfSeries(seriesId: string): Promise<number> {
  const rows = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.jobs where series_id = ${seriesId}`,
  );
  return Number(rows[0].n);
}

async function seriesCount(restaurantId: string): Promise<number> {
  const rows = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.job_series where restaurant_id = ${restaurantId}`,
  );
  return Number(rows[0].n);
}

async function postedEventsOf(seriesId: string): Promise<Array<{ job_id: string; key: string }>> {
  const rows = await h.database.rows<{ job_id: string; key: string }>(
    sql`select payload->>'job_id' as job_id, payload->'charge_card_on_file'->>'idempotency_key' as key
        from jobs.outbox where type = 'jobs.job.posted.v1' and payload->>'series_id' = ${seriesId}`,
  );
  return rows;
}

/** A weekly evening series (18:00-23:00, $20/h) on these dates' weekdays, until the last. */
async function createSeries(r: { api: ReturnType<typeof client> }, dates: string[], more = {}) {
  const res = await r.api.post('/jobs/series', {
    title: 'Line Cook',
    startTime: '18:00',
    endTime: '23:00',
    hourlyRate: 20,
    weekdays: [...new Set(dates.map(weekdayOf))],
    from: dates[0],
    until: dates[dates.length - 1],
    ...more,
  });
  return res;
}

test('the restaurant calendar: a date and a time of day are an instant of its zone; an earlier end is the next day', () => {
  expect(occurrenceTimes('2026-07-04', { start_time: '17:00', end_time: '22:30' }, ZONE)).toEqual({
    start: new Date('2026-07-04T22:00:00Z'),
    end: new Date('2026-07-05T03:30:00Z'),
  });
  expect(occurrenceTimes('2026-12-04', { start_time: '22:00', end_time: '02:00' }, ZONE)).toEqual({
    start: new Date('2026-12-05T04:00:00Z'),
    end: new Date('2026-12-05T08:00:00Z'),
  });
  // a time of day the spring change skips reads with the offset before it; the autumn's repeated hour is the first
  expect(occurrenceTimes('2026-03-08', { start_time: '02:30', end_time: '09:00' }, ZONE).start).toEqual(
    new Date('2026-03-08T08:30:00Z'),
  );
  expect(occurrenceTimes('2026-11-01', { start_time: '01:30', end_time: '09:00' }, ZONE).start).toEqual(
    new Date('2026-11-01T06:30:00Z'),
  );
  // across the autumn change (Nov 1 2026, 2:00 CDT -> 1:00 CST): a night shift of 9 hours on the clock face
  expect(occurrenceTimes('2026-10-31', { start_time: '20:00', end_time: '04:00' }, ZONE)).toEqual({
    start: new Date('2026-11-01T01:00:00Z'),
    end: new Date('2026-11-01T10:00:00Z'),
  });
});

test('repeat on three dates: two within the lead are posted now and charged to the card on file, one waits', async () => {
  const r = await restaurantWithProfile(h, 'Loop Diner');
  const job = await openJob(h, r, { breakMinutes: 30, description: 'Grill station', headcount: 2 });
  const dates = [dateIn(2), dateIn(4), dateIn(20)];
  const res = await r.api.post(`/jobs/${job.id}/repeat`, { dates });
  expect(res.status).toBe(201);
  const { jobs, series } = res.body;
  expect(jobs).toHaveLength(2);
  expect(series).not.toBeNull();
  const seriesId = series.id as string;

  // Copies keep the job's times of day, pay, break, headcount and words; each is its own job awaiting payment.
  const clockOf = (iso: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
  for (const [i, copy] of jobs.entries()) {
    expect(copy).toMatchObject({
      title: job.title,
      hourly_rate: job.hourly_rate,
      break_minutes: 30,
      headcount: 2,
      description: 'Grill station',
      total_cents: job.total_cents,
      status: 'pending_payment',
      series_id: seriesId,
    });
    expect(clockOf(copy.start_time)).toBe(clockOf(job.start_time));
    expect(clockOf(copy.end_time)).toBe(clockOf(job.end_time));
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(copy.start_time))).toBe(
      dates[i],
    );
  }
  expect(res.body.total_cents).toBe(2 * job.total_cents);
  expect(res.body.later_total_cents).toBe(job.total_cents);
  expect(series.occurrences.map((o: any) => [o.date, o.status])).toEqual([
    [dates[0], 'posted'],
    [dates[1], 'posted'],
    [dates[2], 'scheduled'],
  ]);
  const later = series.occurrences[2];
  expect(Date.parse(later.start_time) - Date.parse(later.charge_at)).toBe(7 * DAY);
  expect(series.total_cents).toBe(3 * job.total_cents);

  // jobs.job.posted.v1 of each, with the charge's key from the repeat and the date
  const events = await postedEventsOf(seriesId);
  expect(events.map((e) => e.key).sort()).toEqual([
    `repeat:${seriesId}:${dates[0]}:charge`,
    `repeat:${seriesId}:${dates[1]}:charge`,
  ]);
  const event = await eventually(() => {
    const found = published(h, 'jobs.job.posted.v1', (d) => d.job_id === jobs[0].id);
    expect(found).toHaveLength(1);
    return found[0];
  });
  expect(event).toMatchObject({
    series_id: seriesId,
    occurrence_date: dates[0],
    total_cents: job.total_cents,
    headcount: 2,
    break_minutes: 30,
    charge_card_on_file: { idempotency_key: `repeat:${seriesId}:${dates[0]}:charge` },
  });
  // A single post is paid in the app as always.
  expect(published(h, 'jobs.job.posted.v1', (d) => d.job_id === job.id)[0]).toMatchObject({
    charge_card_on_file: null,
    series_id: null,
  });

  // payments holds the escrow: the copy opens as any posting, and carries its series.
  await publish(h, 'payments.escrow.held.v1', {
    job_id: jobs[0].id,
    restaurant_id: r.id,
    payment_intent_id: 'pi_repeat',
    amount_cents: job.total_cents,
  });
  await eventually(async () => {
    const seen = await r.api.get(`/jobs/${jobs[0].id}`);
    expect(seen.body.job).toMatchObject({ status: 'open', series_id: seriesId });
  });
  expect((await r.api.get(`/jobs/${job.id}`)).body.job.series_id).toBeNull();

  // The later date is posted by the rules loop once it comes within the lead, with the series key.
  h.clock.advance(14 * DAY);
  await h.service.rules.pass();
  await eventually(async () => expect(await postedEventsOf(seriesId)).toHaveLength(3));
  expect((await postedEventsOf(seriesId)).map((e) => e.key)).toContain(
    `series:${seriesId}:${dates[2]}:charge`,
  );
});

test('every date posted now: no series in the answer, nothing later', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const res = await r.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(3)] });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ series: null, later_total_cents: 0, total_cents: job.total_cents });
  expect(res.body.jobs).toHaveLength(1);
});

test('bad dates (today, past, beyond the series window) are refused, named, and nothing is created', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const before = await written(h, 'jobs.job.posted.v1', job.id);
  const bad = [dateIn(-3), dateIn(0), dateIn(12 * 7 + 1)];
  const res = await r.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(2), ...bad] });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('JOBS.BAD_DATES');
  expect(res.body.dates).toEqual(bad.sort());
  for (const date of bad) expect(res.body.error).toContain(date);
  expect(res.body.error).not.toContain(dateIn(2));
  expect(await seriesCount(r.id)).toBe(0);
  expect(await written(h, 'jobs.job.posted.v1', job.id)).toBe(before);

  // The last date of the window is allowed.
  const edge = await r.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(12 * 7)] });
  expect(edge.status).toBe(201);
  expect(edge.body.jobs).toHaveLength(0);
  expect(edge.body.series.occurrences).toHaveLength(1);

  // Malformed bodies: 400 with a code, nothing created.
  for (const body of [{ dates: [] }, { dates: ['12/04/2026'] }, { dates: [dateIn(2), dateIn(2)] }, {}]) {
    const refused = await r.api.post(`/jobs/${job.id}/repeat`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toEqual(expect.any(String));
  }
  expect(await seriesCount(r.id)).toBe(1);
});

test('a series: occurrences scheduled, the due ones posted by the rules loop once each, even run twice', async () => {
  const r = await restaurantWithProfile(h);
  const dates = Array.from({ length: 14 }, (_, i) => dateIn(i + 1));
  const created = await createSeries(r, dates, {
    headcount: 2,
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  });
  expect(created.status).toBe(201);
  const series = created.body.series;
  expect(series).toMatchObject({ title: 'Line Cook', until: dates[13], headcount: 2, status: 'active' });
  expect(series.occurrences.map((o: any) => o.date)).toEqual(dates);
  const occurrenceTotal = series.occurrences[0].total_cents;
  expect(occurrenceTotal).toBe(2 * 10_700); // 5 h at $20 + 7%, two seats
  expect(series.total_cents).toBe(14 * occurrenceTotal);

  // The occurrences within the lead are posted by the loop; two more passes change nothing.
  const due = series.occurrences.filter((o: any) => Date.parse(o.charge_at) <= h.clock.now().getTime());
  expect(due.length).toBeGreaterThanOrEqual(6);
  // Another instance races this one's loop for them.
  const other = await h.anotherInstance();
  await Promise.all([h.service.rules.pass(), other.rules.pass(), h.service.rules.pass()]);
  await eventually(async () => expect(await postedEventsOf(series.id)).toHaveLength(due.length));
  await h.service.rules.pass();
  const events = await postedEventsOf(series.id);
  expect(events).toHaveLength(due.length);
  expect(new Set(events.map((e) => e.job_id)).size).toBe(due.length);
  expect(events.map((e) => e.key).sort()).toEqual(
    due.map((o: any) => `series:${series.id}:${o.date}:charge`).sort(),
  );
  expect(await jobsOfSeries(series.id)).toBe(due.length);

  const seen = await r.api.get(`/jobs/series/${series.id}`);
  const first = seen.body.series.occurrences[0];
  expect(first.status).toBe('posted');
  const firstJob = await r.api.get(`/jobs/${first.job_id}`);
  expect(firstJob.body.job).toMatchObject({
    series_id: series.id,
    status: 'pending_payment',
    headcount: 2,
    total_cents: occurrenceTotal,
  });
  expect(firstJob.body.job.start_time).toBe(first.start_time);
  expect(
    seen.body.series.occurrences.filter((o: any) => o.status === 'scheduled').map((o: any) => o.date),
  ).toEqual(dates.slice(due.length));

  // Three days on, the occurrences whose charge_at has come meanwhile are posted too, each once.
  h.clock.advance(3 * DAY);
  const dueLater = series.occurrences.filter((o: any) => Date.parse(o.charge_at) <= h.clock.now().getTime());
  await eventually(async () => expect(await postedEventsOf(series.id)).toHaveLength(dueLater.length));
  await h.service.rules.pass();
  expect(await jobsOfSeries(series.id)).toBe(dueLater.length);
  expect(new Set((await postedEventsOf(series.id)).map((e) => e.key)).size).toBe(dueLater.length);

  // Occurrences left scheduled past their start (the loop was down) are skipped, never posted.
  h.clock.advance(30 * DAY);
  await h.service.rules.pass();
  await eventually(async () => {
    const after = (await r.api.get(`/jobs/series/${series.id}`)).body.series;
    expect(after.occurrences.map((o: any) => o.status)).not.toContain('scheduled');
  });
  const after = (await r.api.get(`/jobs/series/${series.id}`)).body.series;
  expect(after.occurrences.filter((o: any) => o.status === 'posted')).toHaveLength(dueLater.length);
  expect(after.occurrences.filter((o: any) => o.status === 'skipped')).toHaveLength(14 - dueLater.length);
  expect(after.total_cents).toBe(dueLater.length * occurrenceTotal);
  expect(await jobsOfSeries(series.id)).toBe(dueLater.length);
});

test('a series from a template of its own; the template’s fields unless the request names them', async () => {
  const r = await restaurantWithProfile(h);
  const template = await r.api.post('/shift-templates', {
    name: 'Brunch',
    title: 'Prep Cook',
    startTime: '08:00',
    endTime: '14:00',
    hourlyRate: 22,
    headcount: 3,
    breakMinutes: 30,
    description: 'Eggs station',
  });
  expect(template.status).toBe(201);
  const until = dateIn(30);
  const res = await r.api.post('/jobs/series', {
    templateId: template.body.template.id,
    weekdays: ['sat', 'sun'],
    until,
    hourlyRate: 25,
  });
  expect(res.status).toBe(201);
  expect(res.body.series).toMatchObject({
    title: 'Prep Cook',
    headcount: 3,
    weekdays: ['sat', 'sun'],
    until,
  });
  const o = res.body.series.occurrences[0];
  expect(['sat', 'sun']).toContain(weekdayOf(o.date));
  // 6 h less 30 min at $25 = $137.50, +7% = $147.13 a seat, three seats
  expect(o.total_cents).toBe(3 * 14_713);

  const other = await restaurantWithProfile(h);
  const stranger = await other.api.post('/jobs/series', {
    templateId: template.body.template.id,
    weekdays: ['sat'],
    until,
  });
  expect(stranger).toMatchObject({ status: 404, body: { code: 'JOBS.TEMPLATE_NOT_FOUND' } });
});

test('series refusals: too long, empty, bad fields; nothing created', async () => {
  const r = await restaurantWithProfile(h);
  const tooLong = await createSeries(r, [dateIn(1), dateIn(12 * 7 + 1)]);
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.code).toBe('JOBS.SERIES_TOO_LONG');
  const day = dateIn(5);
  const otherDay = WEEKDAY_NAMES[(WEEKDAY_NAMES.indexOf(weekdayOf(day)) + 1) % 7];
  const empty = await createSeries(r, [day], { weekdays: [otherDay], from: day, until: day });
  expect(empty).toMatchObject({ status: 400, body: { code: 'JOBS.SERIES_EMPTY' } });
  const backwards = await createSeries(r, [day], { from: dateIn(9), until: day });
  expect(backwards.body.code).toBe('JOBS.SERIES_EMPTY');
  for (const bad of [{ weekdays: [] }, { weekdays: ['funday'] }, { until: 'soon' }, { title: undefined }]) {
    const res = await createSeries(r, [dateIn(1), dateIn(8)], bad);
    expect(res.status).toBe(400);
    expect(res.body.code).toEqual(expect.any(String));
  }
  expect(await seriesCount(r.id)).toBe(0);
});

test('a declined card: the occurrence reads payment_needed, its event once; paid in the app it reads posted', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const res = await r.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(2), dateIn(30)] });
  const copy = res.body.jobs[0];
  const seriesId = res.body.series.id;
  const failed = {
    job_id: copy.id,
    restaurant_id: r.id,
    payment_intent_id: null,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  };
  await publish(h, 'payments.escrow.failed.v1', failed);
  await eventually(async () =>
    expect(await written(h, 'jobs.occurrence.payment_needed.v1', copy.id)).toBe(1),
  );
  await publish(h, 'payments.escrow.failed.v1', failed);
  await eventually(async () => expect(await written(h, 'jobs.job.payment_failed.v1', copy.id)).toBe(1));
  const series = (await r.api.get(`/jobs/series/${seriesId}`)).body.series;
  expect(series.occurrences.map((o: any) => o.status)).toEqual(['payment_needed', 'scheduled']);
  const rows = await h.database.rows<{ payload: any }>(
    sql`select payload from jobs.outbox where type = 'jobs.occurrence.payment_needed.v1' and payload->>'job_id' = ${copy.id}`,
  );
  expect(rows[0].payload).toMatchObject({
    series_id: seriesId,
    restaurant_id: r.id,
    occurrence_date: dateIn(2),
    total_cents: copy.total_cents,
    code: 'card_declined',
  });
  expect((await r.api.get(`/jobs/${copy.id}`)).body.job.status).toBe('payment_failed');
  expect(await written(h, 'jobs.occurrence.payment_needed.v1', copy.id)).toBe(1);

  await publish(h, 'payments.escrow.held.v1', {
    job_id: copy.id,
    restaurant_id: r.id,
    payment_intent_id: 'pi_retry',
    amount_cents: copy.total_cents,
  });
  await eventually(async () => {
    const after = (await r.api.get(`/jobs/series/${seriesId}`)).body.series;
    expect(after.occurrences[0].status).toBe('posted');
  });
  expect((await r.api.get(`/jobs/${copy.id}`)).body.job.status).toBe('open');
});

test('patch changes the scheduled occurrences only; stop skips them and posted ones stay jobs', async () => {
  const r = await restaurantWithProfile(h);
  const dates = [dateIn(1), dateIn(15), dateIn(22)];
  const created = await createSeries(r, dates, { weekdays: [weekdayOf(dates[0])], until: dateIn(30) });
  expect(created.status).toBe(201);
  const id = created.body.series.id;
  await eventually(async () => {
    const s = (await r.api.get(`/jobs/series/${id}`)).body.series;
    expect(s.occurrences[0].status).toBe('posted');
  });
  const before = (await r.api.get(`/jobs/series/${id}`)).body.series;
  const postedJob = before.occurrences[0].job_id;
  const postedTotal = before.occurrences[0].total_cents;
  expect(before.occurrences.map((o: any) => o.status)).toEqual([
    'posted',
    'scheduled',
    'scheduled',
    'scheduled',
    'scheduled',
  ]);

  const patched = await r.api.patch(`/jobs/series/${id}`, {
    hourlyRate: 30,
    startTime: '17:00',
    weekdays: [weekdayOf(dateIn(10)), weekdayOf(dates[0])],
  });
  expect(patched.status).toBe(200);
  const s = patched.body.series;
  expect(s.weekdays).toEqual(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].filter((d) =>
      [weekdayOf(dates[0]), weekdayOf(dateIn(10))].some((w) => w === d),
    ),
  );
  const posted = s.occurrences.find((o: any) => o.job_id === postedJob);
  expect(posted).toMatchObject({ status: 'posted' });
  // The new weekday's date inside the lead (in 3 days) is due at once: the loop may have posted it already.
  const changed = s.occurrences.filter((o: any) => o.job_id !== postedJob);
  expect(changed.map((o: any) => o.date).sort()).toEqual([8, 15, 22, 29, 3, 10, 17, 24].map(dateIn).sort());
  expect(s.occurrences.find((o: any) => o.job_id === postedJob).total_cents).toBe(postedTotal);
  for (const o of changed) {
    expect(o.status).toEqual(
      o.date === dateIn(3) ? expect.stringMatching(/^(scheduled|posted)$/) : 'scheduled',
    );
    // 6 h at $30 + 7% = $192.60 each; the posted job keeps its own terms
    expect(o.total_cents).toBe(19_260);
    const hour = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' });
    expect(hour.format(new Date(o.start_time))).toBe('17');
  }
  const soon = await eventually(async () => {
    const found = (await r.api.get(`/jobs/series/${id}`)).body.series.occurrences.find(
      (o: any) => o.date === dateIn(3),
    );
    expect(found.status).toBe('posted');
    return found;
  });
  expect((await r.api.get(`/jobs/${soon.job_id}`)).body.job.total_cents).toBe(19_260);
  expect((await r.api.get(`/jobs/${postedJob}`)).body.job.total_cents).toBe(postedTotal);

  const tooLong = await r.api.patch(`/jobs/series/${id}`, { until: dateIn(12 * 7 + 3) });
  expect(tooLong).toMatchObject({ status: 400, body: { code: 'JOBS.SERIES_TOO_LONG' } });
  const nothing = await r.api.patch(`/jobs/series/${id}`, {});
  expect(nothing.status).toBe(400);

  // Stop: scheduled ones skipped, the posted one stays a job; nothing more is posted.
  const stopped = await r.api.del(`/jobs/series/${id}`);
  expect(stopped.status).toBe(200);
  expect(stopped.body.series.status).toBe('stopped');
  expect(stopped.body.series.occurrences.map((o: any) => o.status)).toEqual(
    stopped.body.series.occurrences.map((o: any) => (o.job_id ? 'posted' : 'skipped')),
  );
  expect(stopped.body.series.total_cents).toBe(postedTotal + 19_260);
  expect((await r.api.get(`/jobs/${postedJob}`)).body.job.status).toBe('pending_payment');
  const again = await r.api.patch(`/jobs/series/${id}`, { hourlyRate: 25 });
  expect(again).toMatchObject({ status: 409, body: { code: 'JOBS.SERIES_STOPPED' } });
  expect((await r.api.del(`/jobs/series/${id}`)).status).toBe(200);
  h.clock.advance(20 * DAY);
  await h.service.rules.pass();
  expect(await jobsOfSeries(id)).toBe(2);
});

test('auth: the owner only; restaurants only; a verified phone to post; the list is the caller’s, newest first', async () => {
  const r = await restaurantWithProfile(h);
  const other = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const job = await openJob(h, r);
  const first = await createSeries(r, [dateIn(10), dateIn(20)]);
  const second = await createSeries(r, [dateIn(11), dateIn(21)]);
  const mine = await r.api.get('/jobs/series');
  expect(mine.status).toBe(200);
  expect(mine.body.series.map((s: any) => s.id)).toEqual([second.body.series.id, first.body.series.id]);
  expect((await other.api.get('/jobs/series')).body.series).toEqual([]);

  const id = first.body.series.id;
  for (const res of [
    await other.api.get(`/jobs/series/${id}`),
    await other.api.patch(`/jobs/series/${id}`, { hourlyRate: 30 }),
    await other.api.del(`/jobs/series/${id}`),
    await r.api.get(`/jobs/series/${randomUUID()}`),
    await r.api.get('/jobs/series/not-an-id'),
  ])
    expect(res).toMatchObject({ status: 404, body: { code: 'JOBS.SERIES_NOT_FOUND' } });
  const stolen = await other.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(2)] });
  expect(stolen).toMatchObject({ status: 404, body: { code: 'JOBS.JOB_NOT_FOUND' } });

  expect((await chef.api.get('/jobs/series')).status).toBe(403);
  expect((await chef.api.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(2)] })).status).toBe(403);
  expect((await createSeries(chef, [dateIn(1), dateIn(8)])).status).toBe(403);

  const unverified = client(h, await h.token({ id: r.id, type: 'restaurant', phoneVerified: false }));
  const noPhone = await unverified.post(`/jobs/${job.id}/repeat`, { dates: [dateIn(2)] });
  expect(noPhone).toMatchObject({ status: 403, body: { code: 'AUTH.PHONE_UNVERIFIED' } });
  expect((await createSeries({ api: unverified }, [dateIn(1), dateIn(8)])).status).toBe(403);
  expect((await r.api.get(`/jobs/series/${id}`)).body.series.status).toBe('active');
  expect(await seriesCount(other.id)).toBe(0);
  expect(await seriesCount(r.id)).toBe(2);
});

test('an occurrence that opens is offered first to the chef who worked the previous one', async () => {
  const r = await restaurantWithProfile(h);
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const first = dateIn(1);
  const created = await createSeries(r, [first], { weekdays: [weekdayOf(first)], until: dateIn(8) });
  expect(created.status).toBe(201);
  const id = created.body.series.id;
  const [, next] = created.body.series.occurrences;
  const firstJob = await eventually(async () => {
    const o = (await r.api.get(`/jobs/series/${id}`)).body.series.occurrences[0];
    expect(o.job_id).toEqual(expect.any(String));
    return o.job_id as string;
  });
  const held = async (jobId: string) => {
    await publish(h, 'payments.escrow.held.v1', {
      job_id: jobId,
      restaurant_id: r.id,
      payment_intent_id: `pi_${jobId.slice(0, 8)}`,
      amount_cents: 10_700,
    });
    await eventually(async () => expect((await r.api.get(`/jobs/${jobId}`)).body.job.status).toBe('open'));
  };
  await held(firstJob);
  // The first occurrence had no previous one: nobody is offered it.
  expect(await written(h, 'jobs.offer.made.v1', firstJob)).toBe(0);
  await bookChef({ id: firstJob }, r, ana);

  // A week on (at the next one's charge_at), the next occurrence is posted; once paid, Ana is offered it first.
  h.clock.advance(Date.parse(next.charge_at) - h.clock.now().getTime() + 60_000);
  await h.service.rules.pass();
  const nextJob = await eventually(async () => {
    const o = (await r.api.get(`/jobs/series/${id}`)).body.series.occurrences[1];
    expect(o.job_id).toEqual(expect.any(String));
    return o.job_id as string;
  });
  await held(nextJob);
  const offer = await eventually(async () => {
    const rows = await h.database.rows<{ payload: any }>(
      sql`select payload from jobs.outbox where type = 'jobs.offer.made.v1' and payload->>'job_id' = ${nextJob}`,
    );
    expect(rows).toHaveLength(1);
    return rows[0].payload;
  });
  expect(offer).toMatchObject({ chef_id: ana.id, restaurant_id: r.id });
  expect((await ana.api.get('/offers')).body.offers.map((o: any) => o.job_id)).toContain(nextJob);
  // a duplicate of the escrow's event offers nothing more
  await publish(h, 'payments.escrow.held.v1', {
    job_id: nextJob,
    restaurant_id: r.id,
    payment_intent_id: 'pi_again',
    amount_cents: 10_700,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await written(h, 'jobs.offer.made.v1', nextJob)).toBe(1);
});
