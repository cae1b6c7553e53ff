import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import { loadPaymentsConfig } from '../src/config';
import { eventually, startPayments, usePayments, type Harness } from './harness';

// The webhook endpoint trusts only what Stripe signed, and even a signed event is only a hint: payments asks the
// provider for the object the event names and acts only where that matches its own records. Forged, altered and
// stale deliveries change nothing; an event delivered several times is acted on once.

const SECRET = `whsec_component_${randomBytes(8).toString('hex')}`;
const h = usePayments({ env: { STRIPE_WEBHOOK_SECRET: SECRET }, ledgerAfterEach: true });

async function pendingJobWithIntent() {
  const restaurant = await h.user('restaurant');
  const { jobId, pay } = await h.postJob(restaurant);
  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  return {
    restaurant,
    jobId,
    pay,
    intentId: start.body.payment_intent_id as string,
    clientSecret: start.body.client_secret as string,
  };
}

const eventId = () => `evt_test_${randomBytes(6).toString('hex')}`;

function stripeEvent(type: string, object: Record<string, unknown>, id = eventId()) {
  return JSON.stringify(
    { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } },
    null,
    2,
  );
}

function succeededEvent(intentId: string, jobId: string, amount: number, id = eventId()) {
  return stripeEvent(
    'payment_intent.succeeded',
    {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'usd',
      status: 'succeeded',
      latest_charge: `ch_forged_${id}`,
      metadata: { job_id: jobId },
    },
    id,
  );
}

async function deliver(payload: string, signature: string | null) {
  return fetch(`${h.url}/payments/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
}

const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** Deliver with a valid signature: the answer must be 200 (so Stripe stops retrying), whatever it changes. */
async function deliverSigned(payload: string) {
  const res = await deliver(payload, sign(payload));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ received: true });
}

const ledgerOf = async (jobId: string, token: string) => (await h.jobPayment(jobId, token)).ledger;

test('a webhook signed with the wrong secret, or not signed, is refused and changes nothing', async () => {
  const { restaurant, jobId, pay, intentId } = await pendingJobWithIntent();
  const payload = succeededEvent(intentId, jobId, pay.totalCents);

  const forged = await deliver(payload, sign(payload, 'whsec_not_the_real_secret'));
  expect(forged.status).toBe(400);
  expect(await forged.json()).toMatchObject({ code: 'PAYMENTS.BAD_SIGNATURE' });
  expect((await deliver(payload, null)).status).toBe(400);
  expect((await deliver(payload, 't=1,v1=deadbeef')).status).toBe(400);

  // A genuine signature over different bytes (an altered amount) fails too.
  const signature = sign(payload);
  const altered = payload.replace(String(pay.totalCents), '1');
  expect((await deliver(altered, signature)).status).toBe(400);

  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('pending');
  expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(0);
});

test('a captured webhook replayed after the tolerance window is refused', async () => {
  const { restaurant, jobId, pay, intentId } = await pendingJobWithIntent();
  const payload = succeededEvent(intentId, jobId, pay.totalCents);
  const stale = sign(payload, SECRET, Math.floor(Date.now() / 1000) - 3600);
  expect((await deliver(payload, stale)).status).toBe(400);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('pending');
});

test('a signed payment_intent.succeeded the provider does not confirm opens nothing: an unpaid intent at 1 cent, an intent Stripe never made naming the job', async () => {
  const unpaid = await pendingJobWithIntent();
  await deliverSigned(succeededEvent(unpaid.intentId, unpaid.jobId, 1));

  const other = await h.user('restaurant');
  const { jobId: noIntentJob } = await h.postJob(other);
  await deliverSigned(succeededEvent('pi_forged_by_attacker', noIntentJob, 1));

  await new Promise((r) => setTimeout(r, 300));
  for (const [jobId, token] of [
    [unpaid.jobId, unpaid.restaurant.token],
    [noIntentJob, other.token],
  ]) {
    expect((await h.jobPayment(jobId, token)).payment_status).toBe('pending');
    expect((await ledgerOf(jobId, token)).charged_cents).toBe(0);
    expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(0);
  }
  expect(await h.anomalies(unpaid.intentId)).toEqual([
    expect.objectContaining({ reason: 'payment_not_succeeded', source: 'webhook', job_id: unpaid.jobId }),
  ]);
  expect(await h.anomalies('pi_forged_by_attacker')).toEqual([
    expect.objectContaining({ reason: 'not_at_provider', source: 'webhook' }),
  ]);
});

test('a genuine payment_intent.succeeded delivered three times is handled once, with the amount the provider holds', async () => {
  const { restaurant, jobId, pay, intentId, clientSecret } = await pendingJobWithIntent();
  await h.sandbox.deliverer.stop(); // the sandbox's own delivery stays out of the way
  try {
    const confirm = await fetch(`${h.sandboxUrl}/sandbox/stripe/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(confirm.status).toBe(200);
    // The event's own figures are ignored: the charge is what the provider holds for the intent.
    const payload = succeededEvent(intentId, jobId, 1, 'evt_test_three_times');
    for (let i = 0; i < 3; i++) await deliverSigned(payload);
  } finally {
    await h.restart();
  }
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
  expect((await ledgerOf(jobId, restaurant.token)).charged_cents).toBe(pay.totalCents);
  await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  const [row] = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from payments.ledger_entries where job_id = ${jobId} and kind = 'charge'`,
  );
  expect(Number(row.n)).toBe(1);
});

test('forged refund and transfer events move nothing, movements made outside payments are anomalies, and the real payout still happens once', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
  const { payment_intent_id: intentId } = await h.jobPayment(jobId, restaurant.token);
  const account = (await h.call('GET', '/payments/connect/account-status', chef.token)).body.account_id;

  // The attack from issue 15: a refund of 999999 cents and a $600 transfer, validly signed, never made.
  await deliverSigned(
    stripeEvent('refund.created', {
      id: 're_forged_999999',
      object: 'refund',
      amount: 999_999,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: intentId,
      metadata: { job_id: jobId, reason: 'job_cancelled' },
    }),
  );
  await deliverSigned(
    stripeEvent('transfer.created', {
      id: 'tr_forged_60000',
      object: 'transfer',
      amount: 60_000,
      currency: 'usd',
      destination: account,
      transfer_group: jobId,
      metadata: { job_id: jobId, chef_id: chef.id },
    }),
  );
  // Real movements at the provider that payments never asked for (someone in the Stripe dashboard, say).
  await h.stripe.transfers.create({
    amount: 100,
    currency: 'usd',
    destination: account,
    transfer_group: jobId,
    metadata: { job_id: jobId, chef_id: chef.id },
  });
  const outside = await h.stripe.refunds.create({ payment_intent: intentId, amount: 500 });
  await eventually(async () =>
    expect(
      (await h.anomalies()).filter((a) => a.job_id === jobId || a.object_id === outside.id),
    ).toHaveLength(2),
  );

  const payment = await h.jobPayment(jobId, restaurant.token);
  expect(payment.payment_status).toBe('held_in_escrow');
  expect(payment.ledger).toEqual({
    charged_cents: pay.totalCents,
    fee_cents: 0,
    transferred_cents: 0,
    refunded_cents: 0,
    tip_cents: 0,
    entries: [{ kind: 'charge', amount_cents: pay.totalCents, at: expect.any(String), part: 'escrow' }],
  });
  expect(h.events('payments.escrow.refunded.v1', jobId)).toHaveLength(0);
  expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(0);
  expect((await h.anomalies('re_forged_999999')).map((a) => a.reason)).toEqual(['not_at_provider']);
  expect((await h.anomalies('tr_forged_60000')).map((a) => a.reason)).toEqual(['not_at_provider']);
  expect((await h.anomalies(outside.id)).map((a) => a.reason)).toEqual(['no_matching_task']);

  // Both sides check out: the chef is paid the shift pay, once, and the job closes in balance.
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  expect(await ledgerOf(jobId, restaurant.token)).toMatchObject({
    charged_cents: pay.totalCents,
    fee_cents: pay.feeCents,
    transferred_cents: pay.subtotalCents,
    refunded_cents: 0,
  });
  await eventually(() => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1));
});

test("a transfer's own transfer.created, delivered after the payout was recorded, is acknowledged without asking the provider and moves nothing", async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  const [recorded] = await h.database.rows<{ provider_id: string }>(
    sql`select provider_id from payments.ledger_entries where job_id = ${jobId} and kind = 'transfer'`,
  );
  const before = await ledgerOf(jobId, restaurant.token);
  // The provider cannot be asked now: the event is still handled (a 200, so Stripe stops), from the ledger.
  await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, { path: 'transfers', mode: '500' });
  await deliverSigned(
    stripeEvent('transfer.created', {
      id: recorded.provider_id,
      object: 'transfer',
      amount: pay.subtotalCents,
      currency: 'usd',
      transfer_group: jobId,
      metadata: { job_id: jobId, chef_id: chef.id },
    }),
  );
  expect(await ledgerOf(jobId, restaurant.token)).toEqual(before);
  expect(await h.anomalies(recorded.provider_id)).toEqual([]);
  expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1);
});

test('account.updated for an account payments did not create changes nothing', async () => {
  const chef = await h.user('chef');
  await deliverSigned(
    stripeEvent('account.updated', {
      id: 'acct_forged_payouts',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
      metadata: { user_id: chef.id, user_type: 'chef' },
    }),
  );
  await eventually(async () =>
    expect((await h.anomalies('acct_forged_payouts')).map((a) => a.reason)).toEqual(['not_at_provider']),
  );
  const status = await h.call('GET', '/payments/connect/account-status', chef.token);
  expect(status.body).toMatchObject({ account_id: null, payouts_enabled: false });
  expect(h.events('payments.payout_account.updated.v1').filter((e) => e.data.user_id === chef.id)).toEqual(
    [],
  );
});

test('an unknown event type is acknowledged and ignored', async () => {
  const payload = JSON.stringify({
    id: 'evt_test_unknown',
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_1' } },
  });
  const res = await deliver(payload, sign(payload));
  expect(res.status).toBe(200);
});

test('the sandbox delivers its events signed, and retries until the endpoint accepts them', async () => {
  // Every sandbox event so far reached the endpoint (2xx), signed with the same secret the endpoint checks.
  await eventually(async () => {
    const [row] = await h.sandbox.database.rows<{ pending: number; delivered: number }>(
      sql`select count(*) filter (where delivered_at is null)::int as pending, count(*) filter (where delivered_at is not null)::int as delivered from stripe_sandbox.events`,
    );
    expect(Number(row.pending)).toBe(0);
    expect(Number(row.delivered)).toBeGreaterThan(0);
  });
  // While the endpoint is down (service restarting), deliveries wait and then arrive.
  const restaurant = await h.user('restaurant');
  const { jobId } = await h.postJob(restaurant);
  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  await h.sandbox.deliverer.stop(); // no delivery for now
  const confirm = await fetch(
    `${h.sandboxUrl}/sandbox/stripe/v1/payment_intents/${start.body.payment_intent_id}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_secret: start.body.client_secret,
        payment_method: 'pm_card_visa',
      }).toString(),
    },
  );
  expect(confirm.status).toBe(200);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('pending');
  await h.restart();
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow'),
  );
});

describe('the webhook secret', () => {
  test('real Stripe keys without STRIPE_WEBHOOK_SECRET, or production on the sandbox, refuse to start', () => {
    expect(() => loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is not/,
    );
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_SANDBOX_PROVIDERS=1/);
    expect(
      loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .STRIPE_WEBHOOK_SECRET,
    ).toBe('whsec_x');
    expect(
      loadPaymentsConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1' }).ALLOW_SANDBOX_PROVIDERS,
    ).toBe(true);
  });

  test('without STRIPE_WEBHOOK_SECRET the sandbox signs with a random secret of its installation, kept across restarts', async () => {
    const a = await startPayments();
    const b = await startPayments();
    try {
      const secretOf = async (x: Harness) =>
        (
          await x.sandbox.database.rows<{ value: string }>(
            sql`select value from stripe_sandbox.settings where key = 'webhook_secret'`,
          )
        )[0].value;
      const secret = await secretOf(a);
      expect(secret).toMatch(/^whsec_[\w-]{32}$/);
      expect(await secretOf(b)).not.toBe(secret);
      await a.restart();
      expect(await secretOf(a)).toBe(secret);
      // The endpoint checks that secret and no other (the old constant of the public source included).
      const payload = JSON.stringify({ id: eventId(), object: 'event', type: 'customer.created', data: {} });
      const post = (signature: string) =>
        fetch(`${a.url}/payments/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
      expect((await post(sign(payload, secret))).status).toBe(200);
      expect((await post(sign(payload, await secretOf(b)))).status).toBe(400);
      expect((await post(sign(payload, 'whsec_brigade_sandbox_0123456789abcdef'))).status).toBe(400);
      // And the sandbox's own deliveries carry it: a card payment opens the job.
      const { jobId, restaurant } = await a.paidJob();
      await eventually(async () =>
        expect((await a.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow'),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});
