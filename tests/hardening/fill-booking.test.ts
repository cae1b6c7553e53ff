import { eventually } from '@brigade/kit/testing';
import { DECLINING_CARD, saveCard } from './support/cards';
import { expectLedgerGreen } from './support/ledger';
import {
  checkout,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  untilEnded,
  type Account,
  type Stack,
} from './support/stack';

// Issue 37 through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in real mode):
// "Book now" on an instant-book shift (a chef at the bar takes the seat at once, the next one is told it is
// gone), and a boost of an unfilled shift: quoted first, charged off-session to the card on file, then shown as
// "boosted" to the owner and to chefs; a declined card leaves the rate. INSTANT_BOOK_MIN_SHIFTS is 0 here: a
// new chef with a clean record is at the bar (the bar's conditions are the jobs service's component tests).
// After each: ledger:check is green and nothing is held past its rule.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    INSTANT_BOOK_MIN_SHIFTS: '0',
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

test('book now: a chef at the bar takes the seat at once; the next chef is told it is gone', async () => {
  const [restaurant, ana, ben] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  const job = await postJob(stack, restaurant, 26 * 3_600_000, 4, 25, { instant_book: true });
  await payJob(stack, restaurant, job);
  await eventually(async () => expect((await jobOf(ana, job.id)).status).toBe('open'), 20_000);

  // Ana's job page offers "Book now" (the profile reaches jobs through the bus)
  await eventually(async () => {
    expect(await jobOf(ana, job.id)).toMatchObject({
      instant_book: true,
      can_book_now: true,
      book_now_missing: [],
    });
  }, 20_000);
  const booked = await eventually(async () =>
    expectStatus(await call(ana, 'POST', `/jobs/${job.id}/book`), 201),
  );
  expect(booked.body.application).toMatchObject({ status: 'accepted', worker_confirmed: true });

  // the restaurant sees her booked, with no answer to give; Ben is told the shift is taken
  const owned = await jobOf(restaurant, job.id);
  expect(owned.status).toBe('filled');
  expect(owned.applications).toEqual([
    expect.objectContaining({ chef_id: ana.id, status: 'accepted', worker_confirmed: true }),
  ]);
  const late = await call(ben, 'POST', `/jobs/${job.id}/book`);
  expect(late.status).toBe(409);
  // a restaurant cannot book; a shift that is not instant-book says so
  expect((await call(restaurant, 'POST', `/jobs/${job.id}/book`)).status).toBe(403);
  const plain = await postJob(stack, restaurant, 50 * 3_600_000, 4, 25);
  await payJob(stack, restaurant, plain);
  await eventually(async () => {
    const off = await call(ben, 'POST', `/jobs/${plain.id}/book`);
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('JOBS.INSTANT_BOOK_OFF');
  }, 20_000);
});

test('a boost is quoted, charged to the card on file, then shown as boosted; a declined card leaves the rate', async () => {
  const [restaurant, ana] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  await saveCard(stack, restaurant);
  // Two seats of 4 h at $25: $107.00 a seat, $214.00 in all.
  const job = await postJob(stack, restaurant, 28 * 3_600_000, 4, 25, { headcount: 2 });
  await payJob(stack, restaurant, job);
  await eventually(async () => expect((await jobOf(restaurant, job.id)).status).toBe('open'), 20_000);

  // $30 an hour: $5 × 4 h + 7% = $21.40 more a seat, $42.80 for both, $2.80 of it fee
  const quote = await get(restaurant, `/jobs/${job.id}/boost-quote?hourly_rate=30`);
  expect(quote).toMatchObject({ charge_cents: 4_280, fee_cents: 280, new_total_cents: 25_680 });
  expect(quote.reason_text).toMatch(/\$42\.80.*\$2\.80.*\$256\.80/);
  const lower = await call(restaurant, 'POST', `/jobs/${job.id}/boost`, { hourly_rate: 25 });
  expect(lower.status).toBe(400);
  expect(lower.body.code).toBe('JOBS.BOOST_NOT_HIGHER');

  const boosted = await call(restaurant, 'POST', `/jobs/${job.id}/boost`, { hourly_rate: 30 });
  expect(boosted.status).toBe(202);
  expect(boosted.body.quote).toEqual(quote);
  await eventually(async () => {
    const j = await jobOf(restaurant, job.id);
    expect(j).toMatchObject({ hourly_rate: 30, boosted_from_rate: 25, total_cents: 25_680 });
    expect(j.pending_edit ?? null).toBeNull();
  }, 30_000);
  // charged = the escrow and the boost: what the quote said
  await eventually(async () => {
    expect(await ledgerOf(restaurant, job.id)).toMatchObject({ charged_cents: 21_400 + 4_280 });
  }, 30_000);
  // chefs see it boosted on the job and in the openings
  expect(await jobOf(ana, job.id)).toMatchObject({ hourly_rate: 30, boosted_from_rate: 25 });
  await eventually(async () => {
    const open = await get(ana, '/jobs?status=open');
    expect(open.jobs.find((j: { id: string }) => j.id === job.id)).toMatchObject({
      hourly_rate: 30,
      boosted_from_rate: 25,
    });
  }, 20_000);

  // the card on file now declines: the next boost is declined and the rate stays
  await saveCard(stack, restaurant, DECLINING_CARD);
  expectStatus(await call(restaurant, 'POST', `/jobs/${job.id}/boost`, { hourly_rate: 35 }), 202);
  await eventually(async () => {
    expect((await jobOf(restaurant, job.id)).pending_edit).toMatchObject({
      status: 'declined',
      kind: 'boost',
    });
  }, 30_000);
  expect(await jobOf(restaurant, job.id)).toMatchObject({ hourly_rate: 30, boosted_from_rate: 25 });
  expect(await ledgerOf(restaurant, job.id)).toMatchObject({ charged_cents: 21_400 + 4_280 });

  // cancelled: everything charged comes back, the boost's charge too
  expectStatus(await call(restaurant, 'POST', `/jobs/${job.id}/cancel`, { reason: 'Closed' }), 200);
  await eventually(async () => {
    expect(await ledgerOf(restaurant, job.id)).toMatchObject({
      charged_cents: 25_680,
      refunded_cents: 25_680,
    });
  }, 30_000);
});

test('a chef booked instantly, then the shift boosted: the chef is paid the boosted rate at checkout', async () => {
  const [restaurant, ana] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  await saveCard(stack, restaurant);
  // Two seats of one minute at $30, starting in 25 s: $0.50 of pay a seat.
  const job = await postJob(stack, restaurant, 25_000, 1 / 60, 30, { headcount: 2, instant_book: true });
  await payJob(stack, restaurant, job);
  const booked = await eventually(async () =>
    expectStatus(await call(ana, 'POST', `/jobs/${job.id}/book`), 201),
  );
  const applicationId = booked.body.application.id as string;

  // seat 2 is still free: the owner boosts to $75; Ana keeps her seat with no question to answer
  const quote = await get(restaurant, `/jobs/${job.id}/boost-quote?hourly_rate=75`);
  expectStatus(await call(restaurant, 'POST', `/jobs/${job.id}/boost`, { hourly_rate: 75 }), 202);
  await eventually(async () => {
    expect(await jobOf(restaurant, job.id)).toMatchObject({ hourly_rate: 75, boosted_from_rate: 30 });
  }, 20_000);
  expect((await jobOf(ana, job.id)).edit_to_answer ?? null).toBeNull();
  expect((await ledgerOf(restaurant, job.id)).charged_cents).toBe(job.totalCents + quote.charge_cents);

  // worked and checked out by both: Ana is paid one minute at $75, $1.25 (not $0.50); the free seat went back at its start
  await untilEnded(job);
  await checkout(stack, ana, applicationId, true);
  await checkout(stack, restaurant, applicationId, true);
  await eventually(async () => {
    const ledger = await ledgerOf(restaurant, job.id);
    expect(ledger.transferred_cents).toBe(125);
    expect(ledger.charged_cents).toBe(ledger.transferred_cents + ledger.fee_cents + ledger.refunded_cents);
  }, 30_000);
}, 120_000);
