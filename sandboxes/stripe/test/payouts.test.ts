import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createLogger, listen, type RunningServer } from '@brigade/kit';
import { createTestDatabase, eventually, type TestDatabase } from '@brigade/kit/testing';
import {
  createStripeSandbox,
  loadMigrations,
  loadStripeSandboxConfig,
  SANDBOX_NAME,
  SANDBOX_SECRET_KEY,
  type StripeSandbox,
} from '../src/app';

// Issue 38 (instant payout): a connected account's balance (transfers in), its test debit card from hosted
// onboarding, instant payouts from the balance (pending, then paid or failed with the money back, each with its
// webhook naming the account), and account debits (a platform fee collected from the account).

const logger = createLogger('stripe-sandbox-payouts-test', 'silent');
let database: TestDatabase;
let sandbox: StripeSandbox;
let server: RunningServer;
let endpoint: http.Server;
const received: Array<{ type: string; account?: string; data: { object: Record<string, unknown> } }> = [];

const sdk = () => {
  const u = new URL(server.url);
  return new Stripe(SANDBOX_SECRET_KEY, {
    host: u.hostname,
    port: u.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
  sandbox = await createStripeSandbox(
    { database, logger },
    loadStripeSandboxConfig({ NODE_ENV: 'test', SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '50,100' }),
  );
  server = await listen(sandbox.app);
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end('{}');
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  await sandbox.start({ webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook` });
});
afterAll(async () => {
  await server?.close();
  await sandbox?.stop();
  await new Promise((r) => endpoint?.close(r));
  await database?.destroy();
});

/** An onboarded Express account (through the hosted page) holding `cents` transferred from the platform. */
async function fundedAccount(cents: number) {
  const stripe = sdk();
  const account = await stripe.accounts.create({
    type: 'express',
    capabilities: { transfers: { requested: true } },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    return_url: 'http://localhost/done',
    refresh_url: 'http://localhost/refresh',
  });
  const page = new URL(link.url);
  const done = await fetch(`${server.url}${page.pathname}${page.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  // The platform's balance first (a card charge), then the transfer that makes the account's funds available.
  const pi = await stripe.paymentIntents.create({ amount: cents, currency: 'usd' });
  await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
  await stripe.transfers.create({ amount: cents, currency: 'usd', destination: account.id });
  return account.id;
}

const available = async (account: string) =>
  (await sdk().balance.retrieve({}, { stripeAccount: account })).available[0].amount;

test('hosted onboarding adds a test debit card that takes instant payouts; a transfer makes funds available', async () => {
  const account = await fundedAccount(5000);
  const cards = await sdk().accounts.listExternalAccounts(account, { object: 'card' });
  expect(cards.data).toEqual([
    expect.objectContaining({
      object: 'card',
      last4: '5556',
      funding: 'debit',
      available_payout_methods: ['standard', 'instant'],
    }),
  ]);
  expect(await available(account)).toBe(5000);
});

test('an instant payout leaves the balance at once, is pending, then paid with a payout.paid naming the account; its key makes it once', async () => {
  const account = await fundedAccount(4000);
  const stripe = sdk();
  const create = () =>
    stripe.payouts.create(
      { amount: 2500, currency: 'usd', method: 'instant' },
      { stripeAccount: account, idempotencyKey: `test:${account}:payout` },
    );
  const payout = await create();
  expect(payout).toMatchObject({ object: 'payout', status: 'pending', method: 'instant', amount: 2500 });
  expect((await create()).id).toBe(payout.id);
  expect(await available(account)).toBe(1500);
  const paid = await eventually(async () => {
    const p = await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account });
    expect(p.status).toBe('paid');
    return p;
  });
  expect(paid.amount).toBe(2500);
  await eventually(() =>
    expect(received).toContainEqual(
      expect.objectContaining({
        type: 'payout.paid',
        account,
        data: { object: expect.objectContaining({ id: payout.id }) },
      }),
    ),
  );
  // Not on the platform, nor on another account.
  await expect(stripe.payouts.retrieve(payout.id)).rejects.toMatchObject({ statusCode: 404 });
});

test('over the balance is refused as Stripe does (balance_insufficient) and nothing moves', async () => {
  const account = await fundedAccount(1000);
  await expect(
    sdk().payouts.create({ amount: 1001, currency: 'usd', method: 'instant' }, { stripeAccount: account }),
  ).rejects.toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
  expect(await available(account)).toBe(1000);
});

test('an account debit takes a fee from the account to the platform; a transfer gives it back', async () => {
  const account = await fundedAccount(3000);
  const stripe = sdk();
  const debit = await stripe.charges.create(
    { amount: 45, currency: 'usd', source: account },
    { idempotencyKey: `test:${account}:fee` },
  );
  expect(debit).toMatchObject({ object: 'charge', status: 'succeeded', amount: 45 });
  expect(debit.id).toMatch(/^py_/);
  expect(await available(account)).toBe(2955);
  await stripe.transfers.create({ amount: 45, currency: 'usd', destination: account });
  expect(await available(account)).toBe(3000);
});

test('the switch makes the next payout fail: failed with its code, the money back, and payout.failed', async () => {
  const account = await fundedAccount(2000);
  const stripe = sdk();
  const switched = await fetch(`${server.url}/sandbox/payouts/stripe/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account }),
  });
  expect(switched.status).toBe(201);
  const payout = await stripe.payouts.create(
    { amount: 2000, currency: 'usd', method: 'instant' },
    { stripeAccount: account },
  );
  expect(await available(account)).toBe(0);
  const failed = await eventually(async () => {
    const p = await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account });
    expect(p.status).toBe('failed');
    return p;
  });
  expect(failed).toMatchObject({ failure_code: 'could_not_process', failure_message: expect.any(String) });
  expect(await available(account)).toBe(2000);
  await eventually(() =>
    expect(received).toContainEqual(expect.objectContaining({ type: 'payout.failed', account })),
  );
  // Only the next one: the one after lands.
  const next = await stripe.payouts.create(
    { amount: 500, currency: 'usd', method: 'instant' },
    { stripeAccount: account },
  );
  await eventually(async () =>
    expect((await stripe.payouts.retrieve(next.id, {}, { stripeAccount: account })).status).toBe('paid'),
  );
});
