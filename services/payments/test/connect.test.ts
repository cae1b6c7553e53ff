import { eventually, PUBLIC_URL, usePayments } from './harness';

// Stripe Connect onboarding through the sandbox: an Express account per user, the hosted onboarding page,
// and the account status the dashboards and the jobs service rely on.

const h = usePayments();

test('a user without a payment account sees everything disabled and no account id', async () => {
  const chef = await h.user('chef');
  const status = await h.call('GET', '/payments/connect/account-status', chef.token);
  expect(status).toMatchObject({
    status: 200,
    body: {
      account_id: null,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: { currently_due: [] },
    },
  });
  expect((await h.call('GET', '/payments/connect/account-status')).status).toBe(401);
});

test('creating an account twice returns the same account, which starts with realistic requirements due', async () => {
  const chef = await h.user('chef');
  const first = await h.call('POST', '/payments/connect/create-account', chef.token);
  expect(first.status).toBe(200);
  expect(first.body.account_id).toMatch(/^acct_\w{16}$/);
  const second = await h.call('POST', '/payments/connect/create-account', chef.token);
  expect(second.body.account_id).toBe(first.body.account_id);

  const status = await h.call('GET', '/payments/connect/account-status', chef.token);
  expect(status.body).toMatchObject({
    account_id: first.body.account_id,
    charges_enabled: false,
    payouts_enabled: false,
  });
  expect(status.body.requirements.currently_due).toEqual(
    expect.arrayContaining(['external_account', 'individual.first_name', 'tos_acceptance.date']),
  );
  const account = await h.stripe.accounts.retrieve(first.body.account_id);
  expect(account).toMatchObject({ type: 'express', email: chef.email, metadata: { user_id: chef.id } });
});

test('a chef completes onboarding on the hosted page, returns to Brigade, and can receive payouts', async () => {
  const chef = await h.user('chef');
  const { body } = await h.call('POST', '/payments/connect/create-account', chef.token);
  const link = await h.call('POST', '/payments/connect/onboarding-link', chef.token, {
    account_id: body.account_id,
  });
  expect(link.status).toBe(200);
  const url = new URL(link.body.url);
  expect(`${url.origin}${url.pathname}`).toBe(
    `${PUBLIC_URL}/sandbox/stripe/connect/onboarding/${body.account_id}`,
  );
  expect(url.searchParams.get('return_url')).toBe(
    `${PUBLIC_URL}/payments/stripe/onboarding-complete?setup=complete`,
  );

  const page = await fetch(`${h.sandboxUrl}${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Complete onboarding');
  expect(html).toContain('<form method="post"');

  const done = await fetch(`${h.sandboxUrl}${url.pathname}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe(
    `${PUBLIC_URL}/payments/stripe/onboarding-complete?setup=complete`,
  );

  await eventually(async () => {
    const status = await h.call('GET', '/payments/connect/account-status', chef.token);
    expect(status.body).toMatchObject({
      account_id: body.account_id,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [] },
    });
  });
  // The jobs service hears that this chef can now be accepted.
  await eventually(() =>
    expect(
      h.published.filter(
        (e) =>
          e.type === 'payments.payout_account.updated.v1' &&
          e.data.user_id === chef.id &&
          e.data.payouts_enabled,
      ),
    ).toHaveLength(1),
  );
  // The link was single use: opening it again sends the user to the refresh url.
  const reused = await fetch(`${h.sandboxUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
  expect(reused.status).toBe(303);
  expect(reused.headers.get('location')).toBe(`${PUBLIC_URL}/payments/stripe/onboarding-refresh`);
});

test("nobody gets an onboarding link for someone else's account, and a made-up link is not a page", async () => {
  const chef = await h.user('chef');
  const other = await h.user('restaurant');
  const { body } = await h.call('POST', '/payments/connect/create-account', chef.token);
  const stolen = await h.call('POST', '/payments/connect/onboarding-link', other.token, {
    account_id: body.account_id,
  });
  expect(stolen).toMatchObject({ status: 404, body: { code: 'PAYMENTS.ACCOUNT_NOT_FOUND' } });
  const malformed = await h.call('POST', '/payments/connect/onboarding-link', chef.token, {
    account_id: 'not-an-account',
  });
  expect(malformed.status).toBe(400);
  const forged = await fetch(
    `${h.sandboxUrl}/sandbox/stripe/connect/onboarding/${body.account_id}?link=madeup`,
    {
      method: 'POST',
      redirect: 'manual',
    },
  );
  expect(forged.status).toBe(404);
  const status = await h.call('GET', '/payments/connect/account-status', chef.token);
  expect(status.body.payouts_enabled).toBe(false);
});

test('the sandbox refuses SDK calls without its secret key', async () => {
  const res = await fetch(`${h.sandboxUrl}/v1/balance`, {
    headers: { authorization: 'Bearer sk_test_wrong' },
  });
  expect(res.status).toBe(401);
  const cfg = await h.call('GET', '/payments/config');
  expect(cfg.body).toEqual({ sandbox: true, publishable_key: null });
});
