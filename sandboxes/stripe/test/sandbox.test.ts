import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createLogger, listen, sql, type RunningServer } from '@brigade/kit';
import { createTestDatabase, eventually, type TestDatabase } from '@brigade/kit/testing';
import {
  createStripeSandbox,
  loadMigrations,
  loadStripeSandboxConfig,
  SANDBOX_NAME,
  SANDBOX_SECRET_KEY,
  type StripeSandbox,
} from '../src/app';

// The Stripe sandbox on its own, as payments reaches it: the official SDK pointed at its address, its webhooks
// signed with the installation's secret, and under NODE_ENV=production nothing but the SDK's API.

const logger = createLogger('stripe-sandbox-test', 'silent');
let database: TestDatabase;
const running: Array<{ sandbox: StripeSandbox; server: RunningServer }> = [];

async function start(env: Record<string, string> = {}) {
  const sandbox = await createStripeSandbox(
    { database, logger },
    loadStripeSandboxConfig({ NODE_ENV: 'test', SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '50,100', ...env }),
  );
  const server = await listen(sandbox.app);
  running.push({ sandbox, server });
  return { sandbox, url: server.url };
}

const sdk = (url: string, key = SANDBOX_SECRET_KEY) => {
  const u = new URL(url);
  return new Stripe(key, { host: u.hostname, port: u.port, protocol: 'http', maxNetworkRetries: 0 });
};

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
});
afterEach(async () => {
  for (const { sandbox, server } of running.splice(0)) {
    await server.close();
    await sandbox.stop();
  }
});
afterAll(async () => {
  await database?.destroy();
});

test('the SDK pointed at the sandbox gets Stripe-shaped answers, and only with the sandbox key', async () => {
  const { url } = await start();
  const intent = await sdk(url).paymentIntents.create({ amount: 1234, currency: 'usd' });
  expect(intent).toMatchObject({ object: 'payment_intent', amount: 1234, status: 'requires_payment_method' });
  expect(intent.id).toMatch(/^pi_/);
  await expect(sdk(url, 'sk_test_wrong').balance.retrieve()).rejects.toMatchObject({ statusCode: 401 });
});

test("a PaymentIntent's charged card, as Stripe shows it: the PaymentMethod's card and the charge's payment_method_details", async () => {
  const { url } = await start();
  const stripe = sdk(url);
  const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
  const confirmed = await stripe.paymentIntents.confirm(intent.id, {
    payment_method: 'pm_card_mastercard',
    expand: ['payment_method'],
  });
  expect(confirmed.status).toBe('succeeded');
  expect(confirmed.payment_method).toMatchObject({
    object: 'payment_method',
    card: { brand: 'mastercard', last4: '4444' },
  });
  const plain = await stripe.paymentIntents.retrieve(intent.id);
  expect(plain.payment_method).toMatch(/^pm_/);
  const pm = await stripe.paymentMethods.retrieve(plain.payment_method as string);
  expect(pm.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  expect(JSON.stringify(pm)).not.toContain('5555555555554444');
  const expanded = await stripe.paymentIntents.retrieve(intent.id, {
    expand: ['latest_charge', 'payment_method'],
  });
  expect(expanded.latest_charge).toMatchObject({
    object: 'charge',
    payment_method: pm.id,
    payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
  });
  expect(expanded.payment_method).toMatchObject({ id: pm.id, card: { brand: 'mastercard', last4: '4444' } });
});

test('its webhooks reach the endpoint signed with the installation secret, the same across restarts', async () => {
  const received: Array<{ body: string; signature: string }> = [];
  const endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  try {
    const first = await start();
    const secret = first.sandbox.webhookSecret;
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    const [row] = await database.rows<{ value: string }>(
      sql`select value from stripe_sandbox.settings where key = 'webhook_secret'`,
    );
    expect(row.value).toBe(secret);
    const second = await start();
    expect(second.sandbox.webhookSecret).toBe(secret);

    await first.sandbox.start({
      webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`,
    });
    const intent = await sdk(first.url).paymentIntents.create({ amount: 500, currency: 'usd' });
    const event = await eventually(() => {
      const hit = received.find((r) => r.body.includes(intent.id));
      if (!hit) throw new Error('not delivered yet');
      return hit;
    });
    const parsed = Stripe.webhooks.constructEvent(event.body, event.signature, secret);
    expect(parsed).toMatchObject({ type: 'payment_intent.created', data: { object: { id: intent.id } } });
  } finally {
    await new Promise((r) => endpoint.close(r));
  }
});

test('under NODE_ENV=production it answers the SDK only: no pages, no fault switch', async () => {
  const { url } = await start({ NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_staging' });
  expect((await sdk(url).balance.retrieve()).object).toBe('balance');
  for (const [method, path] of [
    ['POST', '/sandbox/stripe/v1/payment_intents/pi_x/confirm'],
    ['GET', '/sandbox/stripe/connect/onboarding/acct_1?link=x'],
    ['POST', '/sandbox/faults/stripe'],
  ]) {
    const res = await fetch(`${url}${path}`, { method });
    expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([
      path,
      404,
      'SANDBOX.NOT_IN_PRODUCTION',
    ]);
  }
});

test('the hosted onboarding page puts its content in one main landmark, valid link or not (axe: one main, region)', async () => {
  const { url } = await start();
  const stripe = sdk(url);
  const account = await stripe.accounts.create({ type: 'express', email: 'cook@example.com' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'http://localhost/payments/stripe/onboarding-refresh',
    return_url: 'http://localhost/payments/stripe/onboarding-complete',
    type: 'account_onboarding',
  });
  const pages = [
    link.url.replace(/^https?:\/\/[^/]+/, ''),
    `/sandbox/stripe/connect/onboarding/${account.id}?link=nope`,
  ];
  for (const path of pages) {
    const html = await (await fetch(`${url}${path}`)).text();
    const body = /<body>([\s\S]*)<\/body>/.exec(html)![1];
    expect(body.match(/<main>/g)).toHaveLength(1);
    expect(body).toMatch(/^<main>[\s\S]*<h1>[\s\S]*<\/main>$/);
  }
});
