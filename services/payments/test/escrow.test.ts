import { MESSAGES } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import { eventually, usePayments, type Harness } from './harness';

// The money path through the payments service with the built-in Stripe sandbox: pay into escrow, release to
// the chef or refund the restaurant, and the ledger invariant after every scenario.

const h = usePayments({ ledgerAfterEach: true });

test('a restaurant pays a posted shift and the money is held in escrow once, whoever reports it first', async () => {
  const restaurant = await h.user('restaurant');
  const { jobId, pay } = await h.postJob(restaurant, 8, 25);
  expect(pay).toMatchObject({ subtotalCents: 20000, feeCents: 1400, totalCents: 21400 });

  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
    amount: 21400,
  });
  expect(start.status).toBe(200);
  expect(start.body.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
  expect(start.body.amount_cents).toBe(21400);
  // Asking again (a reload of the pay page) gives the same PaymentIntent: one intent per job.
  const again = await h.call('POST', '/payments/create-payment-intent', restaurant.token, {
    job_id: jobId,
    amount: 214,
  });
  expect(again.body.payment_intent_id).toBe(start.body.payment_intent_id);

  const intent = await h.stripe.paymentIntents.retrieve(start.body.payment_intent_id);
  expect(intent).toMatchObject({
    amount: 21400,
    currency: 'usd',
    transfer_group: jobId,
    status: 'requires_payment_method',
  });

  const chef = await h.user('chef');
  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  await h.payWithCard(restaurant, applicationId);

  // The signed payment_intent.succeeded webhook arrives too; the escrow is still held once.
  await eventually(async () => {
    const [delivered] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments.webhook_events where type = 'payment_intent.succeeded'`,
    );
    expect(Number(delivered.n)).toBe(1);
  });
  await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  expect(h.events('payments.escrow.held.v1', jobId)[0].data).toMatchObject({
    restaurant_id: restaurant.id,
    amount_cents: 21400,
  });

  const status = await h.jobPayment(jobId, restaurant.token);
  expect(status).toMatchObject({
    payment_status: 'held_in_escrow',
    amount_cents: 21400,
    client_secret: null,
    ledger: { charged_cents: 21400 },
  });

  // Paying again reports the held escrow and charges nothing more.
  const twice = await h.call('POST', `/applications/${applicationId}/confirm-payment`, restaurant.token, {
    paymentMethodId: 'pm_card_visa',
  });
  expect(twice.body).toEqual({ paymentStatus: 'held_in_escrow' });
  const more = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  expect(more).toMatchObject({ status: 409, body: { code: 'PAYMENTS.ALREADY_PAID' } });
  const charges = await h.stripe.charges.list({ payment_intent: start.body.payment_intent_id });
  expect(charges.data.filter((c) => c.status === 'succeeded')).toHaveLength(1);
});

test('a job charged less than the card minimum is refused with a code, not a 500, and no intent is made', async () => {
  // Jobs no longer posts one (issue 35); a job posted before could still be here. 20 seconds at $20/h: $0.
  const restaurant = await h.user('restaurant');
  const { jobId, pay } = await h.postJob(restaurant, 20 / 3600, 20);
  expect(pay.totalCents).toBe(0);
  const refused = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
  });
  expect(refused).toMatchObject({
    status: 409,
    body: { code: 'PAYMENTS.UNDER_CARD_MINIMUM', amount_cents: 0, card_minimum_cents: 50 },
  });
  expect(refused.body.error).toMatch(/\$0\.00, less than the \$0\.50 a card can be charged/);
  const chef = await h.user('chef');
  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  // The application reaches payments through the bus (at once in embedded mode, a moment later on RabbitMQ).
  await eventually(async () => {
    const confirm = await h.call('POST', `/applications/${applicationId}/confirm-payment`, restaurant.token, {
      paymentMethodId: 'pm_card_visa',
    });
    expect(confirm).toMatchObject({ status: 409, body: { code: 'PAYMENTS.UNDER_CARD_MINIMUM' } });
  });
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).not.toBe('held_in_escrow');
  const intents = await h.stripe.paymentIntents.list({ limit: 100 });
  expect(intents.data.filter((pi) => pi.metadata?.job_id === jobId)).toEqual([]);
});

test('when both sides confirm the work, the chef receives the full shift pay and the platform keeps the fee', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ startIntent: true });
  const accountId = await h.onboard(chef);
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);

  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  await eventually(() => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1));
  const released = h.events('payments.payout.released.v1', jobId);
  expect(released[0].data).toMatchObject({
    chef_id: chef.id,
    restaurant_id: restaurant.id,
    amount_cents: pay.subtotalCents,
  });

  const transfers = await h.stripe.transfers.list({ transfer_group: jobId });
  expect(transfers.data).toHaveLength(1);
  expect(transfers.data[0]).toMatchObject({
    amount: pay.subtotalCents,
    destination: accountId,
    transfer_group: jobId,
  });
  const status = await h.jobPayment(jobId, restaurant.token);
  expect(status.ledger).toEqual({
    charged_cents: pay.totalCents,
    transferred_cents: pay.subtotalCents,
    fee_cents: pay.feeCents,
    refunded_cents: 0,
    // issue 38: the tips among them, and what each movement belongs to
    tip_cents: 0,
    entries: [
      { kind: 'charge', amount_cents: pay.totalCents, at: expect.any(String), part: 'escrow' },
      { kind: 'transfer', amount_cents: pay.subtotalCents, at: expect.any(String), part: 'escrow' },
      { kind: 'fee', amount_cents: pay.feeCents, at: expect.any(String), part: 'escrow' },
    ],
  });
  // The chef who worked the shift sees it too.
  expect((await h.jobPayment(jobId, chef.token)).payment_status).toBe('completed');
});

test('when both sides say the work was not done, the restaurant gets the whole charge back', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ startIntent: true });
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'refund', pay);

  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('refunded'),
  );
  await eventually(() => expect(h.events('payments.escrow.refunded.v1', jobId)).toHaveLength(1));
  const refunded = h.events('payments.escrow.refunded.v1', jobId);
  expect(refunded[0].data).toMatchObject({ amount_cents: pay.totalCents, reason: 'work_not_completed' });
  const intentId = (await h.jobPayment(jobId, restaurant.token)).payment_intent_id;
  const refunds = await h.stripe.refunds.list({ payment_intent: intentId });
  expect(refunds.data).toHaveLength(1);
  expect(refunds.data[0].amount).toBe(pay.totalCents);
  expect((await h.stripe.transfers.list({ transfer_group: jobId })).data).toHaveLength(0);
});

test('a cancelled paid shift is refunded in full, and the same cancellation delivered three times refunds once', async () => {
  const { restaurant, jobId, pay } = await h.paidJob({ startIntent: true });
  const eventId = await h.cancel(jobId, restaurant.id);
  await h.cancel(jobId, restaurant.id, eventId);
  await h.cancel(jobId, restaurant.id, eventId);

  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('refunded'),
  );
  await eventually(() =>
    expect(h.events('payments.escrow.refunded.v1', jobId).map((e) => e.data)).toEqual([
      expect.objectContaining({ amount_cents: pay.totalCents, reason: 'job_cancelled' }),
    ]),
  );
  const intentId = (await h.jobPayment(jobId, restaurant.token)).payment_intent_id;
  expect((await h.stripe.refunds.list({ payment_intent: intentId })).data).toHaveLength(1);
  // A cancelled job cannot be paid again.
  const pay2 = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  expect(pay2.status).toBe(409);
});

test('a disputed checkout keeps the money held and moves nothing', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ startIntent: true });
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'disputed', pay);
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('disputed'),
  );
  expect((await h.stripe.transfers.list({ transfer_group: jobId })).data).toHaveLength(0);
  expect((await h.jobPayment(jobId, restaurant.token)).ledger).toMatchObject({
    charged_cents: pay.totalCents,
    transferred_cents: 0,
    refunded_cents: 0,
  });
});

test.each([
  ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', MESSAGES.cardDeclined],
  [
    'pm_card_chargeDeclinedInsufficientFunds',
    'card_declined',
    'insufficient_funds',
    MESSAGES.insufficientFunds,
  ],
  ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', MESSAGES.cardExpired],
])(
  'a declined card (%s) shows the card text, marks the payment failed, and the restaurant can pay again',
  async (pm, code, declineCode, text) => {
    const restaurant = await h.user('restaurant');
    const chef = await h.user('chef');
    const { jobId } = await h.postJob(restaurant);
    const applicationId = await h.apply(jobId, restaurant.id, chef.id);
    let declined!: Awaited<ReturnType<Harness['call']>>;
    await eventually(async () => {
      declined = await h.call('POST', `/applications/${applicationId}/confirm-payment`, restaurant.token, {
        paymentMethodId: pm,
      });
      expect(declined.status).toBe(402);
    });
    expect(declined.body).toMatchObject({
      error: text,
      code: 'PAYMENTS.CARD_ERROR',
      paymentStatus: 'failed',
      stripe_code: code,
      decline_code: declineCode,
    });

    const status = await h.jobPayment(jobId, restaurant.token);
    expect(status).toMatchObject({
      payment_status: 'failed',
      last_error: { code, decline_code: declineCode },
    });
    // The decline is reported once although the confirm response and the webhook both tell it.
    await eventually(async () => {
      const [row] = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from payments.webhook_events where type = 'payment_intent.payment_failed'`,
      );
      expect(Number(row.n)).toBeGreaterThan(0);
    });
    await eventually(() => expect(h.events('payments.escrow.failed.v1', jobId)).toHaveLength(1));
    expect(h.events('payments.escrow.failed.v1', jobId)[0].data).toMatchObject({
      code,
      decline_code: declineCode,
      restaurant_id: restaurant.id,
    });

    const retry = await h.call('POST', `/applications/${applicationId}/confirm-payment`, restaurant.token, {
      paymentMethodId: 'pm_card_visa',
    });
    expect(retry.body).toEqual({ paymentStatus: 'held_in_escrow' });
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
    const charges = await h.stripe.charges.list({ payment_intent: status.payment_intent_id });
    expect(charges.data.map((c) => c.status).sort()).toEqual(['failed', 'succeeded']);
  },
);

test('a client amount that differs from the server total is refused and charges nothing', async () => {
  const restaurant = await h.user('restaurant');
  const { jobId, pay } = await h.postJob(restaurant);
  const cents = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
    amount: 100,
  });
  expect(cents).toMatchObject({
    status: 400,
    body: { code: 'PAYMENTS.AMOUNT_MISMATCH', expected_amount_cents: pay.totalCents },
  });
  const dollars = await h.call('POST', '/payments/create-payment-intent', restaurant.token, {
    job_id: jobId,
    amount: pay.totalCents / 100 - 1,
  });
  expect(dollars.status).toBe(400);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_intent_id).toBeNull();
  const bad = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
    amount: 'lots',
  });
  expect(bad.status).toBe(400);
  const missing = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {});
  expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION.FAILED' } });
});

test("a restaurant cannot pay for, or look at, another restaurant's job", async () => {
  const owner = await h.user('restaurant');
  const other = await h.user('restaurant');
  const chef = await h.user('chef');
  const { jobId } = await h.postJob(owner);
  const applicationId = await h.apply(jobId, owner.id, chef.id);

  const intent = await h.call('POST', '/payments/create-escrow-payment', other.token, { job_id: jobId });
  expect(intent).toMatchObject({
    status: 404,
    body: { error: MESSAGES.jobNotFoundOrNotAuthorized, code: 'PAYMENTS.JOB_NOT_FOUND' },
  });
  await eventually(async () => {
    const confirm = await h.call('POST', `/applications/${applicationId}/confirm-payment`, other.token, {
      paymentMethodId: 'pm_card_visa',
    });
    expect(confirm).toMatchObject({ status: 404, body: { error: MESSAGES.jobNotFoundOrNotAuthorized } });
  });
  expect((await h.call('GET', `/payments/job/${jobId}`, other.token)).status).toBe(404);
  // A chef is not a payer; unknown jobs look the same as other people's; no token is a 401.
  expect(
    (await h.call('POST', '/payments/create-escrow-payment', chef.token, { job_id: jobId })).status,
  ).toBe(403);
  expect(
    (
      await h.call('POST', '/payments/create-escrow-payment', other.token, {
        job_id: '00000000-0000-4000-8000-000000000000',
      })
    ).status,
  ).toBe(404);
  expect((await h.call('POST', '/payments/create-escrow-payment', undefined, { job_id: jobId })).status).toBe(
    401,
  );
  expect((await h.jobPayment(jobId, owner.token)).payment_intent_id).toBeNull();
});

test('the browser can confirm the card directly with the sandbox, and the webhook puts the money in escrow', async () => {
  const restaurant = await h.user('restaurant');
  const { jobId } = await h.postJob(restaurant);
  const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
  const id = start.body.payment_intent_id as string;
  const form = (fields: Record<string, string>) =>
    fetch(`${h.sandboxUrl}/sandbox/stripe/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  const wrongSecret = await form({ client_secret: `${id}_secret_nope`, payment_method: 'pm_card_visa' });
  expect(wrongSecret.status).toBe(400);

  const declined = await form({
    client_secret: start.body.client_secret,
    'card[number]': '4000000000000002',
    'card[exp_month]': '12',
    'card[exp_year]': '2040',
    'card[cvc]': '123',
  });
  expect(declined.status).toBe(402);
  expect(((await declined.json()) as { error: unknown }).error).toMatchObject({
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
  });
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('failed'),
  );

  const ok = await form({
    client_secret: start.body.client_secret,
    'card[number]': '4242 4242 4242 4242',
    'card[exp_month]': '12',
    'card[exp_year]': '2040',
    'card[cvc]': '123',
  });
  expect(ok.status).toBe(200);
  expect((await ok.json()) as object).toMatchObject({ id, status: 'succeeded' });
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow'),
  );
  await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  // The receipt's card comes from the provider's answer to the webhook's retrieve (the browser sent no brand).
  const receipts = await h.call('GET', '/payments/receipts', restaurant.token);
  expect(receipts.body.receipts).toEqual([
    expect.objectContaining({
      job_id: jobId,
      card: expect.objectContaining({ brand: 'visa', last4: '4242' }),
    }),
  ]);

  // The browser origin exposes nothing else of the sandbox API.
  const transfers = await fetch(`${h.sandboxUrl}/sandbox/stripe/v1/transfers`, { method: 'POST' });
  expect(transfers.status).toBe(404);
});
