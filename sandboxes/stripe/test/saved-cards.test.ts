import Stripe from 'stripe';
import { createLogger, listen, sql, type RunningServer } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import {
  createStripeSandbox,
  loadMigrations,
  loadStripeSandboxConfig,
  SANDBOX_NAME,
  SANDBOX_SECRET_KEY,
  type StripeSandbox,
} from '../src/app';

// Saving a restaurant's card the way Stripe does it (Customer + SetupIntent), then paying off-session with it,
// through the official SDK and the browser path a card form uses, with Stripe's test cards.

const logger = createLogger('stripe-sandbox-test', 'silent');
let database: TestDatabase;
let sandbox: StripeSandbox;
let server: RunningServer;
let stripe: Stripe;

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
  sandbox = await createStripeSandbox(
    { database, logger },
    loadStripeSandboxConfig({ NODE_ENV: 'test', SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '50,100' }),
  );
  server = await listen(sandbox.app);
  const u = new URL(server.url);
  stripe = new Stripe(SANDBOX_SECRET_KEY, {
    host: u.hostname,
    port: u.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await sandbox?.stop();
  await database?.destroy();
});

async function eventTypes(objectId: string): Promise<string[]> {
  const rows = await database.rows<{ type: string }>(
    sql`select type from stripe_sandbox.events where payload like ${`%${objectId}%`} order by seq`,
  );
  return rows.map((r) => r.type);
}

/** What Stripe.js's confirmCardSetup sends from the browser: the client secret and the card fields. */
async function confirmInBrowser(intent: Stripe.SetupIntent, fields: Record<string, string>) {
  const res = await fetch(`${server.url}/sandbox/stripe/v1/setup_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

test('a card saved through a SetupIntent is attached to the Customer and pays later off-session', async () => {
  const customer = await stripe.customers.create(
    { email: 'owner@example.com', metadata: { restaurant_id: 'r1' } },
    { idempotencyKey: 'restaurant:r1:customer' },
  );
  expect(customer).toMatchObject({ object: 'customer', email: 'owner@example.com' });
  expect(customer.id).toMatch(/^cus_/);
  // The same idempotency key gives the same Customer, never a second one.
  const again = await stripe.customers.create(
    { email: 'owner@example.com', metadata: { restaurant_id: 'r1' } },
    { idempotencyKey: 'restaurant:r1:customer' },
  );
  expect(again.id).toBe(customer.id);
  expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id });

  const setup = await stripe.setupIntents.create({
    customer: customer.id,
    usage: 'off_session',
    allowed_payment_method_types: ['card'],
  });
  expect(setup).toMatchObject({
    object: 'setup_intent',
    status: 'requires_payment_method',
    usage: 'off_session',
  });
  expect(setup.client_secret).toMatch(/^seti_\w+_secret_\w+$/);

  // The browser needs the client secret; a wrong one is refused.
  const forged = await confirmInBrowser(setup, { client_secret: 'seti_x_secret_y', 'card[number]': '4242' });
  expect(forged).toMatchObject({ status: 400, body: { error: { code: 'setup_intent_invalid_parameter' } } });

  const confirmed = await confirmInBrowser(setup, {
    client_secret: setup.client_secret!,
    'card[number]': '4242 4242 4242 4242',
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
  });
  expect(confirmed).toMatchObject({ status: 200, body: { status: 'succeeded' } });
  const pmId = confirmed.body.payment_method as string;
  const pm = await stripe.paymentMethods.retrieve(pmId);
  expect(pm).toMatchObject({
    customer: customer.id,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  });
  const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
  expect(listed.data.map((m) => m.id)).toEqual([pmId]);
  expect(await eventTypes(setup.id)).toEqual(
    expect.arrayContaining(['setup_intent.created', 'setup_intent.succeeded']),
  );
  // Confirming twice is refused as Stripe does.
  await expect(
    stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' }),
  ).rejects.toMatchObject({
    type: 'StripeInvalidRequestError',
    code: 'setup_intent_unexpected_state',
  });

  // Off-session: the saved card pays without the customer, once per idempotency key.
  const params: Stripe.PaymentIntentCreateParams = {
    amount: 21400,
    currency: 'usd',
    customer: customer.id,
    payment_method: pmId,
    off_session: true,
    confirm: true,
  };
  const paid = await stripe.paymentIntents.create(params, { idempotencyKey: 'job:1:saved' });
  expect(paid).toMatchObject({ status: 'succeeded', customer: customer.id, payment_method: pmId });
  const replay = await stripe.paymentIntents.create(params, { idempotencyKey: 'job:1:saved' });
  expect(replay.id).toBe(paid.id);
  expect((await stripe.charges.list({ payment_intent: paid.id })).data).toHaveLength(1);

  // A saved card belongs to its Customer: an intent without it cannot use it.
  const stranger = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
  await expect(
    stripe.paymentIntents.confirm(stranger.id, { payment_method: pmId, off_session: true }),
  ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
  // Once updated with the Customer, it can.
  await stripe.paymentIntents.update(stranger.id, { customer: customer.id });
  expect(
    (await stripe.paymentIntents.confirm(stranger.id, { payment_method: pmId, off_session: true })).status,
  ).toBe('succeeded');

  // Detached: no longer the Customer's, no longer listed.
  const detached = await stripe.paymentMethods.detach(pmId);
  expect(detached.customer).toBeNull();
  expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  await expect(stripe.paymentMethods.detach(pmId)).rejects.toMatchObject({
    code: 'payment_method_unexpected_state',
  });
});

test('a card the bank declines is not saved: 402 with its decline code, the SetupIntent waits for another card', async () => {
  const customer = await stripe.customers.create({ email: 'decline@example.com' });
  const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  const declined = await stripe.setupIntents
    .confirm(setup.id, { payment_method: 'pm_card_chargeDeclined' })
    .catch((e: unknown) => e);
  expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
  expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
  expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({
    status: 'requires_payment_method',
    payment_method: null,
    last_setup_error: { code: 'card_declined' },
  });
  expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  expect(await eventTypes(setup.id)).toContain('setup_intent.setup_failed');

  // Another card then saves fine.
  const ok = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_mastercard' });
  expect(ok.status).toBe('succeeded');
});

test('cards that save but fail later: charged off-session, one is declined and one needs the customer (3-D Secure)', async () => {
  const customer = await stripe.customers.create({ email: 'later@example.com' });
  const saved = async (pm: string) => {
    const si = await stripe.setupIntents.create({ customer: customer.id, confirm: true, payment_method: pm });
    expect(si.status).toBe('succeeded');
    return si.payment_method as string;
  };
  const chargeFail = await saved('pm_card_chargeCustomerFail');
  const threeDs = await saved('pm_card_authenticationRequired');
  const charge = (pm: string) =>
    stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: pm,
        off_session: true,
        confirm: true,
      })
      .catch((e: unknown) => e);
  expect(await charge(chargeFail)).toMatchObject({ statusCode: 402, code: 'card_declined' });
  const auth = await charge(threeDs);
  expect(auth).toBeInstanceOf(Stripe.errors.StripeCardError);
  expect(auth).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
  expect((auth as Stripe.errors.StripeCardError).payment_intent?.status).toBe('requires_payment_method');

  // An unknown Customer is a missing resource, as with Stripe.
  await expect(stripe.setupIntents.create({ customer: 'cus_nope' })).rejects.toMatchObject({
    statusCode: 404,
    code: 'resource_missing',
    param: 'customer',
  });
});

test('a payment with setup_future_usage keeps its card on the Customer for later off-session charges', async () => {
  const customer = await stripe.customers.create({ email: 'keep@example.com' });
  const escrow = await stripe.paymentIntents.create({
    amount: 20_063,
    currency: 'usd',
    customer: customer.id,
    setup_future_usage: 'off_session',
  });
  expect(escrow.setup_future_usage).toBe('off_session');
  const paid = await stripe.paymentIntents.confirm(escrow.id, { payment_method: 'pm_card_visa' });
  expect(paid.status).toBe('succeeded');
  const pm = await stripe.paymentMethods.retrieve(paid.payment_method as string);
  expect(pm.customer).toBe(customer.id);
  expect(await eventTypes(pm.id)).toContain('payment_method.attached');
  // Later, the customer away: an off-session charge of the kept card succeeds, once per idempotency key.
  const extra = () =>
    stripe.paymentIntents.create(
      {
        amount: 4_012,
        currency: 'usd',
        customer: customer.id,
        payment_method: pm.id,
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: `extra-${customer.id}` },
    );
  const first = await extra();
  expect(first.status).toBe('succeeded');
  expect((await extra()).id).toBe(first.id);
  const listed = await stripe.paymentIntents.list({ customer: customer.id });
  expect(listed.data.map((p) => p.id).sort()).toEqual([escrow.id, first.id].sort());
  // Without a Customer to attach to, setup_future_usage is refused, as with Stripe.
  await expect(
    stripe.paymentIntents.create({ amount: 1000, currency: 'usd', setup_future_usage: 'off_session' }),
  ).rejects.toMatchObject({ statusCode: 400, param: 'setup_future_usage' });
});
