import { eventually } from '@brigade/kit/testing';
import { saveCard, DECLINING_CARD } from './support/cards';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  nowOf,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type Stack,
  textsSentTo,
  until,
} from './support/stack';

// Issue 35 (ADR 0031) through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in
// real mode): a posted shift changed with its cost shown first (a raise charged off-session to the card on file
// before it takes effect, a removed seat refunded in part), a booked chef who keeps a changed shift and one who
// leaves it with no record, "Book again" on three dates (two charged now with the card on file, one scheduled),
// and a weekly series whose next occurrence the scheduler posts and charges (a declined card leaves it
// "payment needed"). After each: ledger:check is green and nothing is held past its rule.

const TZ = 'America/Detroit'; // the test restaurants' city
// Occurrences are charged this long before they start: a date two days out is charged at once, one five out waits.
const LEAD_HOURS = 72;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    LATE_CANCEL_WINDOW: '2m',
    SERIES_CHARGE_LEAD: `${LEAD_HOURS}h`,
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
}, 120_000);
afterAll(() => stack?.close());
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const call = (who: Account, method: string, path: string, body?: unknown) =>
  stack.call(method, `/api${path}`, { token: who.token, ...(body === undefined ? {} : { body }) });
const get = async (who: Account, path: string) => expectStatus(await call(who, 'GET', path), 200).body;
const jobOf = async (who: Account, id: string) => (await get(who, `/jobs/${id}`)).job;
const ledgerOf = async (restaurant: Account, jobId: string) =>
  (await get(restaurant, `/payments/job/${jobId}`)).ledger;

const textsTo = (account: Account) => textsSentTo(stack, account);

/** A calendar date `days` from today in the restaurant's city. */
function localDate(days: number): string {
  const day = new Date(nowOf(stack) + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, dateStyle: 'short' }).format(day);
}

/** The time of day `hours` from now in the restaurant's city, HH:MM. */
function localTimeIn(hours: number): string {
  const at = new Date(nowOf(stack) + hours * 3_600_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hour12: false })
    .format(at)
    .replace(/^24/, '00');
}

test('an edit with a raise is charged before it takes effect, a removed seat is refunded, a pay cut is refused', async () => {
  const [restaurant, ana] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  await saveCard(stack, restaurant);
  // Two seats of 4 h at $25, starting in 3 h (outside the 2-minute late window): $107.00 a seat, one charge of $214.00.
  const job = await postJob(stack, restaurant, 3 * 3_600_000, 4, 25, { headcount: 2 });
  expect(job.totalCents).toBe(21_400);
  await payJob(stack, restaurant, job);
  const anaApp = await apply(stack, ana, job);
  await acceptAndConfirm(stack, restaurant, ana, anaApp);

  // The quote first: $30 an hour is $5 × 4 h + 7% = $21.40 more a seat, $42.80 for both; Ana is asked.
  const quote = await get(restaurant, `/jobs/${job.id}/edit-quote?hourlyRate=30`);
  expect(quote).toMatchObject({
    old_total_cents: 21_400,
    new_total_cents: 25_680,
    charge_cents: 4_280,
    refund_cents: 0,
    chefs_to_answer: 1,
  });
  expect(quote.reason_text).toMatch(/42\.80/);

  // Saving: the job keeps its terms while the rise is charged to the card on file, then takes the new ones.
  const saved = await call(restaurant, 'PATCH', `/jobs/${job.id}`, { hourlyRate: 30 });
  expect([200, 202]).toContain(saved.status);
  expect(saved.body.quote).toMatchObject({ charge_cents: 4_280, refund_cents: 0 });
  await eventually(async () => {
    const j = await jobOf(restaurant, job.id);
    expect(j).toMatchObject({ hourly_rate: 30, total_cents: 25_680 });
    expect(j.pending_edit ?? null).toBeNull();
  }, 30_000);
  await eventually(async () => {
    expect(await ledgerOf(restaurant, job.id)).toMatchObject({ charged_cents: 25_680, refunded_cents: 0 });
  }, 30_000);

  // Ana sees her shift's old and new pay side by side, is texted, and keeps it.
  const asked = (await jobOf(ana, job.id)).edit_to_answer;
  expect(asked).toMatchObject({ application_id: anaApp });
  expect(asked.before).toMatchObject({ hourly_rate: 25, pay_cents: 10_000 });
  expect(asked.after).toMatchObject({ hourly_rate: 30, pay_cents: 12_000 });
  await eventually(async () => expect((await textsTo(ana)).join('\n')).toMatch(/\$30|120\.00/), 20_000);
  expectStatus(await call(ana, 'POST', `/applications/${anaApp}/edit-answer`, { accept: true }), 200);
  expect((await jobOf(ana, job.id)).edit_to_answer ?? null).toBeNull();

  // Lowering a booked chef's pay is refused with the reason, and nothing changes.
  const cut = await call(restaurant, 'PATCH', `/jobs/${job.id}`, { hourlyRate: 26 });
  expect(cut.status).toBe(400);
  expect(cut.body.code).toBe('JOBS.PAY_CUT_BOOKED');
  expect((await jobOf(restaurant, job.id)).hourly_rate).toBe(30);

  // The unbooked seat removed: its share at the new rate ($128.40) goes back to the card, in part.
  const removal = await get(restaurant, `/jobs/${job.id}/edit-quote?headcount=1`);
  expect(removal).toMatchObject({ charge_cents: 0, refund_cents: 12_840, new_total_cents: 12_840 });
  expectStatus(await call(restaurant, 'PATCH', `/jobs/${job.id}`, { headcount: 1 }), 200);
  const one = await jobOf(restaurant, job.id);
  expect(one.seats).toEqual({ total: 1, booked: 1, open: 0 });
  expect(one.status).toBe('filled');
  await eventually(async () => {
    expect(await ledgerOf(restaurant, job.id)).toMatchObject({
      charged_cents: 25_680,
      refunded_cents: 12_840,
    });
  }, 30_000);

  // Cancelled outside the late window: everything left comes back, across both charges.
  expectStatus(
    await call(restaurant, 'POST', `/jobs/${job.id}/cancel`, { reason: 'Closed for a leak' }),
    200,
  );
  await eventually(async () => {
    expect(await ledgerOf(restaurant, job.id)).toMatchObject({
      charged_cents: 25_680,
      refunded_cents: 25_680,
      transferred_cents: 0,
    });
  }, 30_000);
}, 180_000);

test('a booked chef leaves a shift whose times changed with no record, even inside the late window; the seat opens again', async () => {
  const [restaurant, ben] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  // Four minutes out: the edit is made outside the 2-minute late window, Ben answers inside it.
  const job = await postJob(stack, restaurant, 4 * 60_000, 4, 25);
  await payJob(stack, restaurant, job);
  const benApp = await apply(stack, ben, job);
  await acceptAndConfirm(stack, restaurant, ben, benApp);

  // A minute earlier, the same length: no money moves, Ben is asked.
  const earlier = (d: Date) => new Date(d.getTime() - 60_000).toISOString();
  const newStart = new Date(job.start.getTime() - 60_000);
  const quote = await get(
    restaurant,
    `/jobs/${job.id}/edit-quote?startTime=${encodeURIComponent(earlier(job.start))}&endTime=${encodeURIComponent(earlier(job.end))}`,
  );
  expect(quote).toMatchObject({ charge_cents: 0, refund_cents: 0, chefs_to_answer: 1 });
  const saved = expectStatus(
    await call(restaurant, 'PATCH', `/jobs/${job.id}`, {
      startTime: earlier(job.start),
      endTime: earlier(job.end),
    }),
    200,
  ).body;
  expect(new Date(saved.answers_due_by).getTime()).toBeLessThanOrEqual(newStart.getTime());

  // Inside the late window of the new start, Ben leaves: the seat is open again, nothing on his record.
  await until(stack, newStart.getTime() - 110_000);
  expectStatus(await call(ben, 'POST', `/applications/${benApp}/edit-answer`, { accept: false }), 200);
  await eventually(async () => {
    const j = await jobOf(restaurant, job.id);
    expect(j.status).toBe('open');
    expect(j.seats).toEqual({ total: 1, booked: 0, open: 1 });
  }, 20_000);
  const again = await call(ben, 'POST', `/applications/${benApp}/edit-answer`, { accept: true });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('JOBS.NO_EDIT_TO_ANSWER');
  await eventually(
    async () => expect((await textsTo(restaurant)).join('\n')).toMatch(/left|open again/i),
    20_000,
  );
  const profile = (await get(restaurant, `/profiles/chef/${ben.profileId}`)).profile;
  expect(profile.reliability).toMatchObject({ late_cancellations: 0 });
  // Its escrow stays for the next chef: nothing refunded.
  expect(await ledgerOf(restaurant, job.id)).toMatchObject({
    charged_cents: job.totalCents,
    refunded_cents: 0,
  });
  expectStatus(await call(restaurant, 'POST', `/jobs/${job.id}/cancel`, {}), 200);
}, 120_000);

test('Book again on three dates: two charged now with the card on file, the third scheduled; past dates refused', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  await saveCard(stack, restaurant);
  const job = await postJob(stack, restaurant, 3 * 3_600_000, 4, 25, { headcount: 2 });
  await payJob(stack, restaurant, job);

  const bad = await call(restaurant, 'POST', `/jobs/${job.id}/repeat`, {
    dates: [localDate(-1), localDate(1)],
  });
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe('JOBS.BAD_DATES');
  expect(bad.body.error).toContain(localDate(-1));
  const far = await call(restaurant, 'POST', `/jobs/${job.id}/repeat`, { dates: [localDate(7 * 13)] });
  expect(far.status).toBe(400);
  expect(far.body.error).toContain(localDate(7 * 13));

  const repeated = expectStatus(
    await call(restaurant, 'POST', `/jobs/${job.id}/repeat`, {
      dates: [localDate(1), localDate(2), localDate(6)],
    }),
    201,
  ).body;
  // Each copy keeps the shift's seats, pay and times of day; it is its own charge and escrow.
  expect(repeated.jobs).toHaveLength(2);
  expect(repeated.total_cents).toBe(2 * job.totalCents);
  expect(repeated.later_total_cents).toBe(job.totalCents);
  expect(
    repeated.series.occurrences.filter((o: { status: string }) => o.status === 'scheduled'),
  ).toHaveLength(1);
  for (const copy of repeated.jobs) {
    expect(copy).toMatchObject({ headcount: 2, hourly_rate: 25, total_cents: job.totalCents });
    await eventually(async () => expect((await jobOf(restaurant, copy.id)).status).toBe('open'), 30_000);
    expect(await ledgerOf(restaurant, copy.id)).toMatchObject({ charged_cents: job.totalCents });
  }
  // Nothing is charged for the later date yet.
  const restaurantJobs = (await get(restaurant, '/jobs?status=all&limit=50')).jobs;
  expect(
    restaurantJobs.filter((j: { series_id?: string }) => j.series_id === repeated.series.id),
  ).toHaveLength(2);
  for (const copy of repeated.jobs)
    expectStatus(await call(restaurant, 'POST', `/jobs/${copy.id}/cancel`, {}), 200);
  expectStatus(await call(restaurant, 'DELETE', `/jobs/series/${repeated.series.id}`), 200);
  expectStatus(await call(restaurant, 'POST', `/jobs/${job.id}/cancel`, {}), 200);
}, 180_000);

test('a weekly series: the scheduler posts and charges the occurrence that comes within the lead; a declined card leaves it "payment needed"', async () => {
  const [paying, declining] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'restaurant')]);
  await Promise.all([saveCard(stack, paying), saveCard(stack, declining, DECLINING_CARD)]);
  const weekday = (days: number) =>
    new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'short' })
      .format(new Date(Date.now() + days * 86_400_000))
      .toLowerCase();
  // Two days out (within the 72 h lead: posted at once) and five days out (scheduled), 4 h at $25 from 3 h
  // past this time of day.
  const body = {
    title: 'Line Cook',
    startTime: localTimeIn(3),
    endTime: localTimeIn(7),
    hourlyRate: 25,
    headcount: 2,
    weekdays: [weekday(2), weekday(5)],
    from: localDate(1),
    until: localDate(6),
  };
  const tooLong = await call(paying, 'POST', '/jobs/series', { ...body, until: localDate(7 * 13) });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.code).toBe('JOBS.SERIES_TOO_LONG');

  const created = expectStatus(await call(paying, 'POST', '/jobs/series', body), 201).body.series;
  expect(created.occurrences.map((o: { date: string }) => o.date)).toEqual([localDate(2), localDate(5)]);
  expect(created.total_cents).toBe(2 * 21_400);

  // The scheduler posts the first occurrence and charges it off-session; it opens like any paid shift.
  const first = await eventually(async () => {
    const s = (await get(paying, `/jobs/series/${created.id}`)).series;
    const [o1, o2] = s.occurrences;
    expect(o1).toMatchObject({ status: 'posted', job_id: expect.any(String) });
    expect(o2).toMatchObject({ status: 'scheduled', job_id: null });
    return o1.job_id as string;
  }, 30_000);
  await eventually(async () => {
    expect(await jobOf(paying, first)).toMatchObject({ status: 'open', series_id: created.id, headcount: 2 });
    expect(await ledgerOf(paying, first)).toMatchObject({ charged_cents: 21_400 });
  }, 30_000);
  // Stopping the series stops what is not posted; the posted shift stays and follows the cancellation rules.
  const stopped = expectStatus(await call(paying, 'DELETE', `/jobs/series/${created.id}`), 200).body.series;
  expect(stopped.status).toBe('stopped');
  expect(stopped.occurrences.map((o: { status: string }) => o.status)).toEqual(['posted', 'skipped']);
  expect((await jobOf(paying, first)).status).toBe('open');
  expectStatus(await call(paying, 'POST', `/jobs/${first}/cancel`, {}), 200);

  // A card that declines: the occurrence waits as "payment needed", unposted, and the restaurant is texted.
  const unpaid = expectStatus(await call(declining, 'POST', '/jobs/series', body), 201).body.series;
  const waiting = await eventually(async () => {
    const o = (await get(declining, `/jobs/series/${unpaid.id}`)).series.occurrences[0];
    expect(o.status).toBe('payment_needed');
    return o.job_id as string;
  }, 30_000);
  expect((await jobOf(declining, waiting)).status).not.toBe('open');
  await eventually(
    async () => expect((await textsTo(declining)).join('\n')).toMatch(/payment needed/i),
    20_000,
  );
  expectStatus(await call(declining, 'DELETE', `/jobs/series/${unpaid.id}`), 200);
}, 180_000);
