import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  untilEnded,
  untilStarted,
  type Account,
  type Stack,
  textsSentTo,
} from './support/stack';

// Issue 35 (ADR 0030) through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in
// real mode): a posting of three line cooks is one charge of three shares. Two chefs book a seat each; the
// third seat, which nobody booked, expires at the start and its share alone goes back to the card while the
// booked chefs work; each chef checks out on their own and is paid their own seat. A late cancellation of a
// posting pays every booked chef. After each: ledger:check is green and nothing is held past its rule.

const SHIFT_HOURS = 31 / 3600;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    LATE_CANCEL_WINDOW: '1h',
    CHECKOUT_DEADLINE: '1h',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
}, 120_000);
afterAll(() => stack?.close());
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;

/** The job's money as the restaurant sees it (the payments service's own ledger totals). */
const moneyOf = async (restaurant: Account, jobId: string) => get(restaurant, `/payments/job/${jobId}`);

const textsTo = (account: Account) => textsSentTo(stack, account);

test('three seats, one charge: two chefs booked, the unbooked seat expires at the start with its share refunded, each chef paid their own seat', async () => {
  const [restaurant, ana, ben, cal] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  // A shift of 31 s is priced as its one whole minute: at $60 that is $1.00 + 7% = $1.07 a seat, and three
  // seats are one charge of $3.21. The start leaves time to pay and book two seats on a loaded machine.
  const single = await postJob(stack, restaurant, 45_000, SHIFT_HOURS, 60);
  const job = await postJob(stack, restaurant, 45_000, SHIFT_HOURS, 60, { headcount: 3 });
  expect(job.totalCents).toBe(3 * single.totalCents);
  expect(job.totalCents).toBe(321);
  const share = job.totalCents / 3;
  const posted = (await get(restaurant, `/jobs/${job.id}`)).job;
  expect(posted).toMatchObject({ headcount: 3, subtotal_cents: 300, fee_cents: 21 });

  await payJob(stack, restaurant, job);
  expect((await moneyOf(restaurant, job.id)).ledger).toMatchObject({ charged_cents: 321 });
  // Chefs see the seats left on the open list.
  await eventually(async () => {
    const open = await get(cal, '/jobs?status=open&limit=50');
    const listed = open.jobs.find((j: { id: string }) => j.id === job.id);
    expect(listed?.seats).toEqual({ total: 3, booked: 0, open: 3 });
  }, 20_000);

  const [anaApp, benApp, calApp] = await Promise.all([
    apply(stack, ana, job),
    apply(stack, ben, job),
    apply(stack, cal, job),
  ]);
  await acceptAndConfirm(stack, restaurant, ana, anaApp);
  await acceptAndConfirm(stack, restaurant, ben, benApp);

  // Two of three booked: still open (and listed) for the third seat; each chef holds their own seat.
  const booked = (await get(restaurant, `/jobs/${job.id}`)).job;
  expect(booked.status).toBe('open');
  expect(booked.seats).toEqual({ total: 3, booked: 2, open: 1 });
  const seatOf = (applicationId: string) =>
    booked.seat_list.find((s: { application_id: string }) => s.application_id === applicationId);
  expect(seatOf(anaApp)).toMatchObject({ status: 'filled', chef_id: ana.id });
  expect(seatOf(benApp)).toMatchObject({ status: 'filled', chef_id: ben.id });
  expect(new Set([seatOf(anaApp).seat_no, seatOf(benApp).seat_no])).toEqual(new Set([1, 2]));

  // At the start, the seat nobody booked expires: Cal's pending application lapses and one share goes back.
  await untilStarted(job);
  await eventually(async () => {
    const j = (await get(restaurant, `/jobs/${job.id}`)).job;
    expect(j.seats).toEqual({ total: 3, booked: 2, open: 0 });
    expect(j.seat_list.map((s: { status: string }) => s.status).sort()).toEqual([
      'expired',
      'filled',
      'filled',
    ]);
    expect(j.status).toBe('filled');
  }, 20_000);
  expect((await get(cal, `/applications/${calApp}`)).application.status).toBe('lapsed');
  await eventually(async () => {
    const m = await moneyOf(restaurant, job.id);
    expect(m.ledger).toMatchObject({ charged_cents: 321, refunded_cents: share, transferred_cents: 0 });
  }, 30_000);
  await eventually(
    async () => expect(await textsTo(restaurant)).toContainEqual(expect.stringMatching(/expired|refund/i)),
    20_000,
  );

  // Each chef checks out on their own seat; the job completes only when both seats have.
  await untilEnded(job);
  await checkout(stack, ana, anaApp);
  await checkout(stack, restaurant, anaApp);
  await eventually(async () => {
    const m = await moneyOf(restaurant, job.id);
    expect(m.ledger).toMatchObject({ transferred_cents: 100, refunded_cents: share });
  }, 30_000);
  expect((await get(restaurant, `/jobs/${job.id}`)).job.status).not.toBe('completed');
  await checkout(stack, ben, benApp);
  await checkout(stack, restaurant, benApp);
  await eventually(async () => {
    const m = await moneyOf(restaurant, job.id);
    expect(m.ledger).toMatchObject({
      charged_cents: 321,
      transferred_cents: 200,
      fee_cents: 14,
      refunded_cents: share,
    });
    expect((await get(restaurant, `/jobs/${job.id}`)).job.status).toBe('completed');
  }, 30_000);
  // Each chef's earnings show their own seat's pay, once.
  for (const chef of [ana, ben]) {
    const earnings = await get(chef, '/payments/earnings');
    const mine = earnings.shifts.filter((e: { job_id: string }) => e.job_id === job.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ gross_pay_cents: 100, status: 'paid_out' });
  }
}, 240_000);

test('a late cancellation of a posting of three with two booked pays each booked chef and refunds the rest', async () => {
  const [restaurant, ana, ben] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  // Inside the late window (1 h here): 8 hours at $25 for three seats.
  const job = await postJob(stack, restaurant, 30 * 60_000, 8, 25, { headcount: 3 });
  await payJob(stack, restaurant, job);
  const [anaApp, benApp] = await Promise.all([apply(stack, ana, job), apply(stack, ben, job)]);
  await acceptAndConfirm(stack, restaurant, ana, anaApp);
  await acceptAndConfirm(stack, restaurant, ben, benApp);

  // The quote first: both booked chefs get the late-cancellation pay; the rest comes back.
  const quote = await get(restaurant, `/jobs/${job.id}/cancellation`);
  expect(quote.late).toBe(true);
  expect(quote.chef_pay_cents).toBeGreaterThan(0);
  expect(quote.chef_pay_cents % 2).toBe(0);
  expect(quote.chef_pay_cents + quote.fee_cents + quote.refund_cents).toBe(job.totalCents);
  const cancelled = expectStatus(
    await stack.call('POST', `/api/jobs/${job.id}/cancel`, {
      token: restaurant.token,
      body: { reason: 'Private event moved' },
    }),
    200,
  ).body;
  expect(cancelled).toMatchObject({
    chef_pay_cents: quote.chef_pay_cents,
    fee_cents: quote.fee_cents,
    refund_cents: quote.refund_cents,
  });
  await eventually(async () => {
    const m = await moneyOf(restaurant, job.id);
    expect(m.ledger).toMatchObject({
      charged_cents: job.totalCents,
      transferred_cents: quote.chef_pay_cents,
      fee_cents: quote.fee_cents,
      refunded_cents: quote.refund_cents,
    });
  }, 30_000);
  for (const chef of [ana, ben]) {
    const mine = (await get(chef, '/payments/earnings')).shifts.filter(
      (e: { job_id: string }) => e.job_id === job.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ gross_pay_cents: quote.chef_pay_cents / 2, status: 'cancellation_pay' });
  }
}, 180_000);
