import { sql } from '@brigade/kit';
import { eventually, usePayments } from './harness';

// A restaurant's saved card (issue 20): a Stripe Customer and a SetupIntent confirmed in the browser, recorded by
// payments only as the provider describes it, then shifts paid off-session with it. Real database and bus, the
// Stripe sandbox as the provider.

const h = usePayments({ ledgerAfterEach: true });

type User = { id: string; token: string };

/** What the card form does in the browser: confirm the SetupIntent at the sandbox with its client secret. */
async function confirmInBrowser(clientSecret: string, card: Record<string, string>) {
  const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const res = await fetch(`${h.sandboxUrl}/sandbox/stripe/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, ...card }).toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const VISA_FIELDS = {
  'card[number]': '4242 4242 4242 4242',
  'card[exp_month]': '11',
  'card[exp_year]': '2033',
  'card[cvc]': '123',
};

/** The restaurant saves a card (fields or a test PaymentMethod id) and payments records it. */
async function saveCard(restaurant: User, card: Record<string, string> = VISA_FIELDS) {
  const setup = await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  expect(setup.status).toBe(200);
  const confirmed = await confirmInBrowser(setup.body.client_secret, card);
  expect(confirmed.status).toBe(200);
  const recorded = await h.call('POST', '/payments/saved-card/confirm', restaurant.token, {
    setup_intent_id: setup.body.setup_intent_id,
  });
  expect(recorded.status).toBe(200);
  return { setupIntentId: setup.body.setup_intent_id as string, card: recorded.body.card };
}

async function payWithSavedCard(restaurant: User, jobId: string) {
  return eventually(async () => {
    const res = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
      job_id: jobId,
      use_saved_card: true,
    });
    expect(res.status).not.toBe(404);
    return res;
  });
}

test('a restaurant saves a card once and pays a shift into escrow with it, without entering the card again', async () => {
  const restaurant = await h.user('restaurant');
  expect((await h.call('GET', '/payments/saved-card', restaurant.token)).body).toEqual({ card: null });

  const setup = await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  expect(setup).toMatchObject({ status: 200, body: { setup_intent_id: expect.stringMatching(/^seti_/) } });
  expect(setup.body.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
  expect((await confirmInBrowser(setup.body.client_secret, VISA_FIELDS)).status).toBe(200);
  const recorded = await h.call('POST', '/payments/saved-card/confirm', restaurant.token, {
    setup_intent_id: setup.body.setup_intent_id,
  });
  expect(recorded).toMatchObject({
    status: 200,
    body: { card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2033 } },
  });
  expect((await h.call('GET', '/payments/saved-card', restaurant.token)).body).toEqual(recorded.body);
  // A new card replaces it: the older one leaves the Customer at the provider.
  const replaced = await saveCard(restaurant, { payment_method: 'pm_card_mastercard' });
  expect(replaced.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  await saveCard(restaurant);
  // One Customer for the restaurant at the provider, holding the card; asking to set up again reuses it.
  const [customer] = await h.database.rows<{ customer_id: string }>(
    sql`select customer_id from payments.customers where restaurant_id = ${restaurant.id}`,
  );
  const listed = await h.stripe.customers.listPaymentMethods(customer.customer_id);
  expect(listed.data.map((m) => m.card?.last4)).toEqual(['4242']);
  await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  const customers = await h.database.rows(
    sql`select 1 from payments.customers where restaurant_id = ${restaurant.id}`,
  );
  expect(customers).toHaveLength(1);

  const { jobId, pay } = await h.postJob(restaurant, 8, 25);
  const paid = await payWithSavedCard(restaurant, jobId);
  expect(paid).toMatchObject({
    status: 200,
    body: { payment_status: 'held_in_escrow', amount_cents: pay.totalCents },
  });
  expect(await h.jobPayment(jobId, restaurant.token)).toMatchObject({
    payment_status: 'held_in_escrow',
    ledger: { charged_cents: pay.totalCents },
  });
  await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  const intent = await h.stripe.paymentIntents.retrieve(paid.body.payment_intent_id);
  expect(intent).toMatchObject({
    customer: customer.customer_id,
    status: 'succeeded',
    amount: pay.totalCents,
  });

  // The receipt names the saved card the shift was charged to, as the provider described it.
  const receipts = await h.call('GET', '/payments/receipts', restaurant.token);
  expect(receipts.body.receipts).toEqual([
    expect.objectContaining({
      job_id: jobId,
      card: { brand: 'visa', last4: '4242', charge_id: intent.latest_charge },
    }),
  ]);

  // Pressing again charges nothing more.
  const again = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
    job_id: jobId,
    use_saved_card: true,
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'PAYMENTS.ALREADY_PAID' } });
  const charges = await h.stripe.charges.list({ payment_intent: intent.id });
  expect(charges.data.filter((c) => c.status === 'succeeded')).toHaveLength(1);

  // Removed: detached at the provider, and the next shift asks for a card.
  expect((await h.call('DELETE', '/payments/saved-card', restaurant.token)).body).toEqual({ card: null });
  expect((await h.stripe.customers.listPaymentMethods(customer.customer_id)).data).toEqual([]);
  const next = await h.postJob(restaurant);
  const refused = await payWithSavedCard(restaurant, next.jobId);
  expect(refused).toMatchObject({ status: 409, body: { code: 'PAYMENTS.NO_SAVED_CARD' } });
});

test("the provider's setup_intent.succeeded webhook records the card even when the browser never reports back", async () => {
  const restaurant = await h.user('restaurant');
  const setup = await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  expect(
    (await confirmInBrowser(setup.body.client_secret, { payment_method: 'pm_card_mastercard' })).status,
  ).toBe(200);
  await eventually(async () =>
    expect((await h.call('GET', '/payments/saved-card', restaurant.token)).body).toEqual({
      card: {
        brand: 'mastercard',
        last4: '4444',
        exp_month: expect.any(Number),
        exp_year: expect.any(Number),
      },
    }),
  );
});

test('a card the bank declines is not saved, and the restaurant is told to try again', async () => {
  const restaurant = await h.user('restaurant');
  const setup = await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  const declined = await confirmInBrowser(setup.body.client_secret, {
    ...VISA_FIELDS,
    'card[number]': '4000 0000 0000 0002',
  });
  expect(declined).toMatchObject({
    status: 402,
    body: { error: { type: 'card_error', code: 'card_declined' } },
  });
  const recorded = await h.call('POST', '/payments/saved-card/confirm', restaurant.token, {
    setup_intent_id: setup.body.setup_intent_id,
  });
  expect(recorded).toMatchObject({ status: 409, body: { code: 'PAYMENTS.SETUP_NOT_COMPLETE' } });
  expect((await h.call('GET', '/payments/saved-card', restaurant.token)).body).toEqual({ card: null });
});

test('a saved card the bank wants confirmed in person asks to pay by entering the card, which then works', async () => {
  const restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  await saveCard(restaurant, { payment_method: 'pm_card_authenticationRequired' });
  const { jobId } = await h.postJob(restaurant);
  const needsAuth = await payWithSavedCard(restaurant, jobId);
  expect(needsAuth).toMatchObject({ status: 402, body: { code: 'PAYMENTS.AUTHENTICATION_REQUIRED' } });
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).not.toBe('held_in_escrow');

  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  await h.payWithCard(restaurant, applicationId);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
});

test('a saved card declined when charged answers the card text and leaves the shift payable', async () => {
  const restaurant = await h.user('restaurant');
  await saveCard(restaurant, { payment_method: 'pm_card_chargeCustomerFail' });
  const { jobId } = await h.postJob(restaurant);
  const declined = await payWithSavedCard(restaurant, jobId);
  expect(declined).toMatchObject({
    status: 402,
    body: { code: 'PAYMENTS.CARD_ERROR', stripe_code: 'card_declined' },
  });
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('failed');
});

test("chefs have no saved card endpoints, and a restaurant cannot record another restaurant's setup", async () => {
  const chef = await h.user('chef');
  for (const [method, path] of [
    ['GET', '/payments/saved-card'],
    ['POST', '/payments/saved-card/setup'],
    ['POST', '/payments/saved-card/confirm'],
    ['DELETE', '/payments/saved-card'],
  ] as const) {
    const res = await h.call(
      method,
      path,
      chef.token,
      method === 'POST' ? { setup_intent_id: 'seti_1x' } : undefined,
    );
    expect([path, res.status]).toEqual([path, 403]);
  }

  const owner = await h.user('restaurant');
  const other = await h.user('restaurant');
  const { setupIntentId } = await saveCard(owner);
  const forged = await h.call('POST', '/payments/saved-card/confirm', other.token, {
    setup_intent_id: setupIntentId,
  });
  expect(forged).toMatchObject({ status: 404, body: { code: 'PAYMENTS.SETUP_NOT_FOUND' } });
  // A SetupIntent made at the provider but not by payments for this restaurant is refused the same way.
  const customer = await h.stripe.customers.create({ email: 'x@example.com' });
  const outside = await h.stripe.setupIntents.create({
    customer: customer.id,
    confirm: true,
    payment_method: 'pm_card_visa',
  });
  const outsideRes = await h.call('POST', '/payments/saved-card/confirm', other.token, {
    setup_intent_id: outside.id,
  });
  expect(outsideRes).toMatchObject({ status: 404, body: { code: 'PAYMENTS.SETUP_NOT_FOUND' } });
  expect((await h.call('GET', '/payments/saved-card', other.token)).body).toEqual({ card: null });
  expect((await h.call('GET', '/payments/saved-card', owner.token)).body.card).toMatchObject({
    last4: '4242',
  });
  // Its webhook is acknowledged and kept as an anomaly, never a card.
  await eventually(async () => expect(await h.anomalies(outside.id)).toHaveLength(1));
  expect((await h.anomalies(outside.id))[0]).toMatchObject({ reason: 'unknown_setup_intent' });
});
