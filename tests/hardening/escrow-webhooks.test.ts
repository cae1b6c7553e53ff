import { eventually } from '@brigade/kit/testing';
import { ledgerCheck, expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  paymentStatus,
  payJob,
  postJob,
  signUp,
  startEscrow,
  startStack,
  untilEnded,
  type Account,
  type Stack,
} from './support/stack';
import { deliverWebhook, signWebhook, stripeEvent, webhookEnv } from './support/webhooks';

// Issue 15, section 1: forged webhooks move no money. The stack runs with a configured STRIPE_WEBHOOK_SECRET and
// every forged event below is validly signed with it (as an attacker who learnt the secret, or the constant the
// sandbox used to sign with, could): payments acts only on what the provider confirms when asked and what matches
// its own records. Each such event is answered 200 (so Stripe stops retrying), changes nothing, and is kept as an
// anomaly that `npm run ledger:check` lists.

const WEBHOOKS = webhookEnv();
let stack: Stack;
let chef: Account;
let restaurant: Account;

beforeAll(async () => {
  stack = await startStack(WEBHOOKS);
  [chef, restaurant] = await Promise.all([signUp(stack, 'chef'), signUp(stack, 'restaurant')]);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

/** Deliver a validly signed event through the gateway; the endpoint acknowledges it whatever it does with it. */
async function forge(type: string, object: Record<string, unknown>) {
  const payload = stripeEvent(type, object);
  const reply = await deliverWebhook(stack, payload, signWebhook(payload, WEBHOOKS.STRIPE_WEBHOOK_SECRET));
  expect([reply.status, reply.body]).toEqual([200, { received: true }]);
}

const job = async (jobId: string) =>
  (await stack.call('GET', `/api/jobs/${jobId}`, { token: restaurant.token })).body.job;
const escrow = async (jobId: string) =>
  (await stack.call('GET', `/api/payments/job/${jobId}`, { token: restaurant.token })).body;

/** The anomalies `npm run ledger:check` lists for these provider object ids, once they are all there. */
async function anomaliesFor(...objectIds: string[]) {
  return eventually(async () => {
    const { lines } = await ledgerCheck(stack);
    const found = objectIds.map((id) => lines.find((l) => l.includes('anomaly') && l.includes(id)));
    if (found.some((l) => !l)) throw new Error(`anomalies not listed yet:\n${lines.join('\n')}`);
    return found as string[];
  });
}

test('a signed payment_intent.succeeded for 1 cent naming a job does not open it: no intent payments made, or an intent not paid', async () => {
  const noIntent = await postJob(stack, restaurant);
  const unpaid = await postJob(stack, restaurant);
  const intent = (await startEscrow(stack, restaurant, unpaid.id)).body.payment_intent_id as string;
  for (const [id, jobId] of [
    ['pi_forged_1_cent', noIntent.id],
    [intent, unpaid.id],
  ])
    await forge('payment_intent.succeeded', {
      id,
      object: 'payment_intent',
      amount: 1,
      amount_received: 1,
      currency: 'usd',
      status: 'succeeded',
      latest_charge: 'ch_forged',
      metadata: { job_id: jobId },
    });

  for (const posted of [noIntent, unpaid]) {
    expect((await escrow(posted.id)).ledger.charged_cents).toBe(0);
    const j = await job(posted.id);
    expect([j.status, j.payment_status]).toEqual(['pending_payment', 'pending']);
    // Not open, so no chef can take it and nothing can ever be paid out of the platform's balance for it.
    const applied = await stack.call('POST', `/api/jobs/${posted.id}/apply`, { token: chef.token });
    expect(applied.status).toBeGreaterThanOrEqual(400);
    expect(applied.status).toBeLessThan(500);
  }
  expect(await anomaliesFor('pi_forged_1_cent', intent)).toEqual([
    expect.stringContaining('not_at_provider'),
    expect.stringContaining('payment_not_succeeded'),
  ]);
});

test('a signed refund.created of 999999 cents leaves a paid job held with nothing refunded', async () => {
  const posted = await postJob(stack, restaurant);
  await payJob(stack, restaurant, posted);
  const { payment_intent_id: intent } = await escrow(posted.id);
  await forge('refund.created', {
    id: 're_forged_999999',
    object: 'refund',
    amount: 999_999,
    currency: 'usd',
    status: 'succeeded',
    payment_intent: intent,
    metadata: { job_id: posted.id, reason: 'job_cancelled' },
  });
  const money = await escrow(posted.id);
  expect(money.payment_status).toBe('held_in_escrow');
  expect(money.ledger).toMatchObject({
    charged_cents: posted.totalCents,
    fee_cents: 0,
    transferred_cents: 0,
    refunded_cents: 0,
  });
  expect((await job(posted.id)).status).toBe('open');
  await anomaliesFor('re_forged_999999');
});

test('a signed transfer.created pays nobody, and after both check out the chef is paid the shift pay once', async () => {
  // 31 seconds at $75/h (paid as one minute: $1.25): it ends within the test, and checkout opens at the end.
  const posted = await postJob(stack, restaurant, 10_000, 31 / 3600, 75);
  await payJob(stack, restaurant, posted);
  const applicationId = await apply(stack, chef, posted);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);
  const account = (await stack.call('GET', '/api/payments/connect/account-status', { token: chef.token }))
    .body.account_id;
  await forge('transfer.created', {
    id: 'tr_forged_60000',
    object: 'transfer',
    amount: 60_000,
    currency: 'usd',
    destination: account,
    transfer_group: posted.id,
    metadata: { job_id: posted.id, chef_id: chef.id },
  });
  expect((await escrow(posted.id)).ledger.transferred_cents).toBe(0);
  await anomaliesFor('tr_forged_60000');

  await untilEnded(posted);
  await checkout(stack, restaurant, applicationId);
  await checkout(stack, chef, applicationId);
  const paid = await paymentStatus(stack, restaurant, posted.id, 'completed');
  const subtotal = Math.round((posted.totalCents * 100) / 107);
  expect(paid.ledger).toMatchObject({
    charged_cents: posted.totalCents,
    fee_cents: posted.totalCents - subtotal,
    transferred_cents: subtotal,
    refunded_cents: 0,
  });
});
