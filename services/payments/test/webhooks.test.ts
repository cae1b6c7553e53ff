import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import { eventually, startPayments, type Harness } from './harness';

// The webhook endpoint trusts only what Stripe signed: forged, altered and stale deliveries change nothing,
// and an event delivered several times is acted on once.

let h: Harness;
beforeAll(async () => {
  h = await startPayments();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.expectLedgerGreen();
});

async function pendingJobWithIntent() {
  const restaurant = await h.user('restaurant');
  const { jobId, pay } = await h.postJob(restaurant);
  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  return { restaurant, jobId, pay, intentId: start.body.payment_intent_id as string };
}

function succeededEvent(
  intentId: string,
  jobId: string,
  amount: number,
  eventId = `evt_test_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify(
    {
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          status: 'succeeded',
          latest_charge: `ch_forged_${eventId}`,
          metadata: { job_id: jobId },
        },
      },
    },
    null,
    2,
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

const sign = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

test('a webhook signed with the wrong secret, or not signed, is refused and changes nothing', async () => {
  const { restaurant, jobId, pay, intentId } = await pendingJobWithIntent();
  const payload = succeededEvent(intentId, jobId, pay.totalCents);

  const forged = await deliver(payload, sign(payload, 'whsec_not_the_real_secret'));
  expect(forged.status).toBe(400);
  expect(await forged.json()).toMatchObject({ code: 'PAYMENTS.BAD_SIGNATURE' });
  expect((await deliver(payload, null)).status).toBe(400);
  expect((await deliver(payload, 't=1,v1=deadbeef')).status).toBe(400);

  // A genuine signature over different bytes (an altered amount) fails too.
  const signature = sign(payload, h.config.STRIPE_WEBHOOK_SECRET);
  const altered = payload.replace(String(pay.totalCents), '1');
  expect((await deliver(altered, signature)).status).toBe(400);

  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('pending');
  expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(0);
});

test('a captured webhook replayed after the tolerance window is refused', async () => {
  const { restaurant, jobId, pay, intentId } = await pendingJobWithIntent();
  const payload = succeededEvent(intentId, jobId, pay.totalCents);
  const stale = sign(payload, h.config.STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
  expect((await deliver(payload, stale)).status).toBe(400);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('pending');
});

test('the same signed event delivered three times is handled once', async () => {
  const { restaurant, jobId, pay, intentId } = await pendingJobWithIntent();
  const payload = succeededEvent(intentId, jobId, pay.totalCents, 'evt_test_three_times');
  for (let i = 0; i < 3; i++) {
    const res = await deliver(payload, sign(payload, h.config.STRIPE_WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
  }
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
  await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  const [row] = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from payments.ledger_entries where job_id = ${jobId} and kind = 'charge'`,
  );
  expect(Number(row.n)).toBe(1);
});

test('an unknown event type is acknowledged and ignored', async () => {
  const payload = JSON.stringify({
    id: 'evt_test_unknown',
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_1' } },
  });
  const res = await deliver(payload, sign(payload, h.config.STRIPE_WEBHOOK_SECRET));
  expect(res.status).toBe(200);
});

test('the sandbox delivers its events signed, and retries until the endpoint accepts them', async () => {
  // Every sandbox event so far reached the endpoint (2xx), signed with the same secret the endpoint checks.
  await eventually(async () => {
    const [row] = await h.database.rows<{ pending: number; delivered: number }>(
      sql`select count(*) filter (where delivered_at is null)::int as pending, count(*) filter (where delivered_at is not null)::int as delivered from payments.sandbox_events`,
    );
    expect(Number(row.pending)).toBe(0);
    expect(Number(row.delivered)).toBeGreaterThan(0);
  });
  // While the endpoint is down (service restarting), deliveries wait and then arrive.
  const restaurant = await h.user('restaurant');
  const { jobId } = await h.postJob(restaurant);
  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  await h.service.sandbox!.stop(); // no delivery for now
  const confirm = await fetch(
    `${h.url}/sandbox/stripe/v1/payment_intents/${start.body.payment_intent_id}/confirm`,
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
