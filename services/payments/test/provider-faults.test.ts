import { sql } from '@brigade/kit';
import { eventually, startPayments, usePayments } from './harness';
import { cancellationFigures, quoteFor } from './rules';

// Stripe down, slow or losing its answers, through the real SDK against the sandbox's fault switch
// (POST /sandbox/faults/stripe on the sandbox's own address). Whatever happens, money moves once: every retry
// carries the same idempotency key, the emulator honours it like Stripe, and the ledger stays green.

const h = usePayments({
  env: {
    STRIPE_TIMEOUT_MS: '1500',
    STRIPE_INTERACTIVE_TIMEOUT_MS: '1500',
    STRIPE_MAX_NETWORK_RETRIES: '1',
    MONEY_TASK_RETRY_DELAYS_MS: '100,200,400',
  },
  ledgerAfterEach: true,
});

type Mode = '500' | 'timeout' | 'lost_response' | 'key_in_use';
async function fault(path: string, mode: Mode, count?: number) {
  const res = await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, { path, mode, count });
  expect(res.status).toBe(201);
}
async function hits(path: string) {
  const res = await h.callSandbox('GET', '/sandbox/faults/stripe');
  return (res.body.hits as { path: string; idempotency_key: string | null }[]).filter((x) => x.path === path);
}
/** Every attempt at this path (failed on purpose) carried exactly this idempotency key. */
async function expectOneKey(path: string, key: string) {
  expect(new Set((await hits(path)).map((x) => x.idempotency_key))).toEqual(new Set([key]));
}
async function sandboxCount(object: string, jobId: string, field = 'metadata') {
  const [row] = await h.sandbox.database.rows<{ n: number }>(
    sql`select count(*)::int as n from stripe_sandbox.objects where object = ${object} and data -> ${field} ->> 'job_id' = ${jobId}`,
  );
  return Number(row.n);
}
async function ledgerKinds(jobId: string) {
  const rows = await h.database.rows<{ kind: string }>(
    sql`select kind from payments.ledger_entries where job_id = ${jobId} order by kind`,
  );
  return rows.map((r) => r.kind);
}

/** Once Stripe answers again, the restaurant pays the shift: one intent at Stripe, one charge in the ledger. */
async function paysOnceAgain(restaurant: { id: string; token: string }, jobId: string, totalCents: number) {
  const again = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
    amount: totalCents,
  });
  expect(again.status).toBe(200);
  const chef = await h.user('chef');
  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  await h.payWithCard(restaurant, applicationId);
  expect(await sandboxCount('payment_intent', jobId)).toBe(1);
  expect(await ledgerKinds(jobId)).toEqual(['charge']);
  expect((await h.jobPayment(jobId, restaurant.token)).ledger.charged_cents).toBe(totalCents);
}

describe('creating the escrow PaymentIntent', () => {
  test.each<[Mode]>([['500'], ['timeout']])(
    'Stripe answering %s: a 503 with a text, nothing written, and paying again later charges once',
    async (mode) => {
      const restaurant = await h.user('restaurant');
      const { jobId, pay } = await h.postJob(restaurant);
      await fault('/v1/payment_intents', mode);

      const started = Date.now();
      const res = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
        job_id: jobId,
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: 'The payment provider is unavailable. Please try again.',
        code: 'PAYMENTS.PROVIDER_UNAVAILABLE',
      });
      // Two attempts of 1.5 s at most, under the web client's 10 s.
      expect(Date.now() - started).toBeLessThan(8_000);
      const payment = await h.jobPayment(jobId, restaurant.token);
      expect(payment).toMatchObject({
        payment_status: 'pending',
        payment_intent_id: null,
        client_secret: null,
      });
      expect(await ledgerKinds(jobId)).toEqual([]);
      expect(await sandboxCount('payment_intent', jobId)).toBe(0);
      // The SDK retried, with the key derived from the job both times.
      const seen = await hits('/v1/payment_intents');
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(new Set(seen.map((x) => x.idempotency_key))).toEqual(new Set([`job:${jobId}:payment_intent`]));

      await h.callSandbox('DELETE', '/sandbox/faults/stripe');
      await paysOnceAgain(restaurant, jobId, pay.totalCents);
    },
  );

  test('an answer lost after Stripe created the intent: the retry with the same key gets the same intent', async () => {
    const restaurant = await h.user('restaurant');
    const { jobId } = await h.postJob(restaurant);
    await fault('/v1/payment_intents', 'lost_response', 1);
    const res = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
    expect(res.status).toBe(200);
    expect(await sandboxCount('payment_intent', jobId)).toBe(1);
    expect((await hits('/v1/payment_intents'))[0].idempotency_key).toBe(`job:${jobId}:payment_intent`);
    expect(res.body.payment_intent_id).toBe((await h.jobPayment(jobId, restaurant.token)).payment_intent_id);
  });

  test('the same payment still under way (a second click while the first is at Stripe): a 409 with a text, nothing written, and paying again charges once', async () => {
    const restaurant = await h.user('restaurant');
    const { jobId, pay } = await h.postJob(restaurant);
    // Stripe answers 409 idempotency_key_in_use to the call and to the SDK's one retry of it.
    await fault('/v1/payment_intents', 'key_in_use', 2);
    const res = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
    expect([res.status, res.body]).toEqual([
      409,
      {
        error: 'This is already being done. Please wait a moment, then check or try again.',
        code: 'PAYMENTS.REQUEST_IN_PROGRESS',
      },
    ]);
    expect(await h.jobPayment(jobId, restaurant.token)).toMatchObject({
      payment_status: 'pending',
      payment_intent_id: null,
    });
    expect(await ledgerKinds(jobId)).toEqual([]);
    expect(await sandboxCount('payment_intent', jobId)).toBe(0);
    expect(await hits('/v1/payment_intents')).toHaveLength(2);
    await expectOneKey('/v1/payment_intents', `job:${jobId}:payment_intent`);

    await paysOnceAgain(restaurant, jobId, pay.totalCents);
  });
});

describe('the payout transfer', () => {
  test.each<[Mode]>([['500'], ['timeout']])(
    'Stripe answering %s: retried with backoff and the same key, both sides see the payout delayed, then paid once',
    async (mode) => {
      const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
      await fault('/v1/transfers', mode);
      await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);

      await eventually(async () => {
        const [task] = await h.database.rows<{ attempts: number }>(
          sql`select attempts from payments.money_tasks where job_id = ${jobId}`,
        );
        expect(Number(task.attempts)).toBeGreaterThanOrEqual(2);
      }, 20_000);
      for (const who of [restaurant, chef]) {
        const payment = await h.jobPayment(jobId, who.token);
        expect(payment.payment_status).toBe('held_in_escrow');
        expect(payment.settlement).toMatchObject({
          kind: 'payout',
          state: 'delayed',
          reason: 'provider_unavailable',
        });
        expect(payment.settlement.next_retry_at).toEqual(expect.any(String));
      }
      const keys = new Set((await hits('/v1/transfers')).map((x) => x.idempotency_key));
      expect([...keys]).toEqual([`job:${jobId}:transfer`]);
      expect((await h.stripe.transfers.list({ transfer_group: jobId })).data).toHaveLength(0);

      await h.callSandbox('DELETE', '/sandbox/faults/stripe');
      await eventually(
        async () => expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
        20_000,
      );
      const transfers = await h.stripe.transfers.list({ transfer_group: jobId });
      expect(transfers.data.map((t) => t.amount)).toEqual([pay.subtotalCents]);
      expect(await ledgerKinds(jobId)).toEqual(['charge', 'fee', 'transfer']);
      expect((await h.jobPayment(jobId, chef.token)).settlement).toMatchObject({
        kind: 'payout',
        state: 'done',
        reason: null,
      });
      await eventually(() => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1));
    },
  );

  test('answers lost after Stripe made the transfer: every retry gets the same transfer, the chef is paid once', async () => {
    const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
    // Hold the sandbox's webhooks back so only the retries can record the transfer.
    await h.sandbox.deliverer.stop();
    try {
      await fault('/v1/transfers', 'lost_response', 3);
      await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
      await eventually(
        async () => expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
        20_000,
      );
    } finally {
      h.sandbox.deliverer.start(`${h.url}/payments/webhooks/stripe`);
    }
    const seen = await hits('/v1/transfers');
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((x) => x.idempotency_key))).toEqual(new Set([`job:${jobId}:transfer`]));
    expect((await h.stripe.transfers.list({ transfer_group: jobId })).data).toHaveLength(1);
    expect(await ledgerKinds(jobId)).toEqual(['charge', 'fee', 'transfer']);
    await eventually(() => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1));
  });

  test('a chef without a payout account: the payout says it waits for the chef, not for the provider', async () => {
    const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob();
    await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, chef.token)).settlement).toMatchObject({
        kind: 'payout',
        state: 'delayed',
        reason: 'payout_account_missing',
      }),
    );
    await h.onboard(chef);
    await eventually(
      async () => expect((await h.jobPayment(jobId, chef.token)).payment_status).toBe('completed'),
      20_000,
    );
  });
});

test('a refund while Stripe times out: delayed on screen, then refunded once with the same key', async () => {
  const { restaurant, jobId, pay } = await h.paidJob();
  await fault('/v1/refunds', 'timeout');
  await h.cancel(jobId, restaurant.id);
  await eventually(
    async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).settlement).toMatchObject({
        kind: 'refund',
        state: 'delayed',
        reason: 'provider_unavailable',
      }),
    20_000,
  );
  await expectOneKey('/v1/refunds', `job:${jobId}:refund`);
  await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  await eventually(
    async () => expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('refunded'),
    20_000,
  );
  const intentId = (await h.jobPayment(jobId, restaurant.token)).payment_intent_id;
  const refunds = await h.stripe.refunds.list({ payment_intent: intentId });
  expect(refunds.data.map((r) => r.amount)).toEqual([pay.totalCents]);
  expect(await ledgerKinds(jobId)).toEqual(['charge', 'refund']);
  await eventually(() => expect(h.events('payments.escrow.refunded.v1', jobId)).toHaveLength(1));
});

test('a late cancellation while Stripe fails refunds and loses transfer answers: each part of the split moves once, with its own key', async () => {
  const shift = await h.paidJob({ onboard: true, startsInMs: 2 * 3_600_000 });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  const quote = quoteFor(h, shift);
  const { jobId, restaurant, chef } = shift;
  await h.sandbox.deliverer.stop();
  try {
    await fault('/v1/refunds', '500');
    await fault('/v1/transfers', 'lost_response', 2);
    await h.cancel(jobId, restaurant.id, undefined, cancellationFigures(shift, quote));

    // The chef's part goes through (after two lost answers); the restaurant's waits for the provider.
    await eventually(async () => {
      const payment = await h.jobPayment(jobId, restaurant.token);
      expect(payment.payment_status).toBe('held_in_escrow');
      expect(payment.settlement).toMatchObject({
        kind: 'refund',
        state: 'delayed',
        reason: 'provider_unavailable',
      });
      expect(payment.ledger).toMatchObject({
        transferred_cents: quote.chef_pay_cents,
        fee_cents: quote.fee_cents,
        refunded_cents: 0,
      });
    }, 20_000);
    expect((await h.jobPayment(jobId, chef.token)).settlement).toMatchObject({
      kind: 'payout',
      state: 'done',
    });
    await h.expectLedgerGreen();
    // Every attempt of each part carried that part's own key.
    await expectOneKey('/v1/transfers', `job:${jobId}:transfer`);
    await expectOneKey('/v1/refunds', `job:${jobId}:refund`);

    await h.callSandbox('DELETE', '/sandbox/faults/stripe');
    await eventually(
      async () => expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
      20_000,
    );
  } finally {
    h.sandbox.deliverer.start(`${h.url}/payments/webhooks/stripe`);
  }
  expect((await h.stripe.transfers.list({ transfer_group: jobId })).data.map((t) => t.amount)).toEqual([
    quote.chef_pay_cents,
  ]);
  const intentId = (await h.jobPayment(jobId, restaurant.token)).payment_intent_id;
  expect((await h.stripe.refunds.list({ payment_intent: intentId })).data.map((r) => r.amount)).toEqual([
    quote.refund_cents,
  ]);
  expect(await ledgerKinds(jobId)).toEqual(['charge', 'fee', 'refund', 'transfer']);
  await eventually(() => expect(h.events('payments.escrow.settled.v1', jobId)).toHaveLength(1));
});

test('the fault switch refuses a malformed fault with a 400 and does not exist with real Stripe keys', async () => {
  const bad = await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    path: 'transfers',
    mode: 'boom',
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toEqual(expect.any(String));

  const live = await startPayments({
    STRIPE_SECRET_KEY: 'sk_test_not_the_sandbox',
    STRIPE_WEBHOOK_SECRET: 'whsec_live_endpoint',
  });
  try {
    const refused = await live.call('POST', '/sandbox/faults/stripe', undefined, {
      path: '/v1/transfers',
      mode: '500',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('PAYMENTS.SANDBOX_ONLY');
    expect((await live.call('GET', '/sandbox/faults/stripe')).status).toBe(404);
  } finally {
    await live.close();
  }
});
