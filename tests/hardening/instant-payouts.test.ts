import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen, ledgerCheck } from './support/ledger';
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
  type Account,
  type Stack,
  textsSentTo,
} from './support/stack';

// Issue 38 (instant payout) through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and
// Redis in real mode) and the Stripe sandbox: a chef who worked a shift (INSTANT_PAYOUT_FREE_MIN_SHIFTS=1 here)
// cashes out free; a chef paid only late-cancellation pay (no worked shift: it does not count) pays the fee;
// a payout the card refuses fails, the money and the fee come back, and the chef is texted. Each ends with
// ledger:check green, payouts included.

const SHIFT_HOURS = 31 / 3600;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    LATE_CANCEL_WINDOW: '1h',
    CHECKOUT_DEADLINE: '1h',
    INSTANT_PAYOUT_FREE_MIN_SHIFTS: '1',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
}, 120_000);
afterAll(() => stack?.close());
afterEach(async () => {
  await eventually(() => expectLedgerGreen(stack), 20_000);
});

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;
const quoteOf = (chef: Account) => get(chef, '/payments/payouts/instant/quote');
const cashOut = (chef: Account, amount_cents: number) =>
  stack.call('POST', '/api/payments/payouts/instant', { token: chef.token, body: { amount_cents } });
const payoutsOf = async (chef: Account) => (await get(chef, '/payments/payouts/instant')).payouts;

const textsTo = (account: Account) => textsSentTo(stack, account);

/** Wait for the chef's newest instant payout to reach `status`. */
const settled = (chef: Account, status: 'paid' | 'failed') =>
  eventually(async () => {
    const [p] = await payoutsOf(chef);
    expect(p.status).toBe(status);
    return p;
  }, 30_000);

/** A chef paid only late-cancellation pay: booked on a shift the restaurant cancels inside the late window. */
async function chefWithCancellationPay(): Promise<Account> {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 30 * 60_000, 8, 25);
  await payJob(stack, restaurant, job);
  await acceptAndConfirm(stack, restaurant, chef, await apply(stack, chef, job));
  const cancelled = expectStatus(
    await stack.call('POST', `/api/jobs/${job.id}/cancel`, {
      token: restaurant.token,
      body: { reason: 'Private event moved' },
    }),
    200,
  ).body;
  expect(cancelled.chef_pay_cents).toBeGreaterThan(0);
  await eventually(
    async () => expect((await quoteOf(chef)).available_cents).toBe(cancelled.chef_pay_cents),
    30_000,
  );
  return chef;
}

test('a chef who worked a shift cashes out free: the whole balance reaches the debit card', async () => {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  // 31 s at $60 is priced as one minute: $1.00 for the chef.
  const job = await postJob(stack, restaurant, 45_000, SHIFT_HOURS, 60);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);
  await untilEnded(job);
  await checkout(stack, chef, applicationId);
  await checkout(stack, restaurant, applicationId);

  const quote = await eventually(async () => {
    const q = await quoteOf(chef);
    expect(q).toMatchObject({ available_cents: 100, free_because: 'reliable_record', fee_cents: 0 });
    return q;
  }, 30_000);
  expect(quote).toMatchObject({ net_cents: 100, debit_card: { last4: '5556' }, refusal: null });
  expect(quote.reason_text).toBe('Free: 1 worked shift and no no-show in 90 days.');
  const made = expectStatus(await cashOut(chef, 100), 201).body.payout;
  expect(made).toMatchObject({ amount_cents: 100, fee_cents: 0, net_cents: 100 });
  expect(await settled(chef, 'paid')).toMatchObject({ id: made.id, free_because: 'reliable_record' });
  expect((await quoteOf(chef)).available_cents).toBe(0);
  const { lines } = await ledgerCheck(stack);
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ok {3}instant payout ${made.id} paid`)));
}, 240_000);

test('cancellation pay is not a worked shift: the payout pays the fee, and a second while it is pending is refused', async () => {
  const chef = await chefWithCancellationPay();
  const quote = await quoteOf(chef);
  expect(quote).toMatchObject({ record: { completed_shifts: 0 }, fee_missing: ['min_shifts'] });
  expect(quote.free_because).toBeUndefined();
  expect(quote.fee_cents).toBe(Math.max(50, Math.floor((quote.available_cents * 150 + 5_000) / 10_000)));
  expect(quote.net_cents).toBe(quote.available_cents - quote.fee_cents);
  // Over the balance: refused, nothing moves.
  expect((await cashOut(chef, quote.available_cents + 1)).body.code).toBe('PAYMENTS.PAYOUT_OVER_BALANCE');
  const [first, second] = await Promise.all([
    cashOut(chef, quote.available_cents),
    cashOut(chef, quote.available_cents),
  ]);
  expect([first.status, second.status].sort()).toEqual([201, 409]);
  const paid = await settled(chef, 'paid');
  expect(paid).toMatchObject({ fee_cents: quote.fee_cents, net_cents: quote.net_cents, free_because: null });
  expect(await payoutsOf(chef)).toHaveLength(1);
  expect((await quoteOf(chef)).available_cents).toBe(0);
}, 240_000);

test('a payout the card refuses fails: the money is back, the fee returned, and the chef is texted', async () => {
  const chef = await chefWithCancellationPay();
  const { account_id } = await get(chef, '/payments/connect/account-status');
  const switched = await fetch(`${stack.brigade.sandboxes.stripe!.url}/sandbox/payouts/stripe/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: account_id }),
  });
  expect(switched.status).toBe(201);
  const before = await quoteOf(chef);
  expectStatus(await cashOut(chef, before.available_cents), 201);
  const failed = await settled(chef, 'failed');
  expect(failed.failure_message).toEqual(expect.any(String));
  await eventually(async () => {
    const after = await quoteOf(chef);
    expect(after).toMatchObject({ available_cents: before.available_cents, pending: null, refusal: null });
  }, 30_000);
  await eventually(
    async () => expect(await textsTo(chef)).toContainEqual(expect.stringMatching(/could not be sent/)),
    30_000,
  );
}, 240_000);
