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

// Issue 38: card disputes as Stripe test mode has them: the test card `pm_card_createDispute` pays, then its
// holder disputes the charge; evidence with Stripe's test words wins or loses; accepting closes it as lost.

const logger = createLogger('stripe-sandbox-disputes-test', 'silent');
let database: TestDatabase;
let sandbox: StripeSandbox;
let server: RunningServer;
let stripe: Stripe;

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
  sandbox = await createStripeSandbox({ database, logger }, loadStripeSandboxConfig({ NODE_ENV: 'test' }));
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

async function disputedPayment(amount = 5000) {
  const pi = await stripe.paymentIntents.create({ amount, currency: 'usd' });
  const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_createDispute' });
  expect(paid.status).toBe('succeeded');
  const list = await stripe.disputes.list({ payment_intent: pi.id } as Stripe.DisputeListParams);
  expect(list.data).toHaveLength(1);
  return { pi: paid, dispute: list.data[0] };
}

const eventsOf = async (id: string) =>
  (
    await database.rows<{ type: string }>(
      sql`select type from stripe_sandbox.events where payload like ${`%${id}%`} and type like 'charge.dispute.%' order by seq`,
    )
  ).map((r) => r.type);

test('the dispute card pays, then a dispute of the whole charge is opened and charge.dispute.created sent', async () => {
  const { pi, dispute } = await disputedPayment(5000);
  expect(dispute).toMatchObject({
    object: 'dispute',
    amount: 5000,
    currency: 'usd',
    status: 'needs_response',
    reason: 'fraudulent',
    charge: pi.latest_charge,
    payment_intent: pi.id,
  });
  expect(dispute.id).toMatch(/^dp_/);
  expect(dispute.evidence_details.due_by).toBeGreaterThan(Date.now() / 1000);
  expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({
    id: dispute.id,
    status: 'needs_response',
  });
  expect(await eventsOf(dispute.id)).toEqual(['charge.dispute.created']);
  const charge = await stripe.charges.list({ payment_intent: pi.id });
  expect(charge.data[0]).toMatchObject({ disputed: true });
});

test('winning evidence: under review in the answer, then won; the same key replays the answer only', async () => {
  const { dispute } = await disputedPayment();
  const params = {
    evidence: { uncategorized_text: 'winning_evidence', product_description: 'A shift of 4 hours' },
    submit: true,
  };
  const answer = await stripe.disputes.update(dispute.id, params, { idempotencyKey: `k-${dispute.id}` });
  expect(answer.status).toBe('under_review');
  const again = await stripe.disputes.update(dispute.id, params, { idempotencyKey: `k-${dispute.id}` });
  expect(again.status).toBe('under_review');
  expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({
    status: 'won',
    evidence: { product_description: 'A shift of 4 hours' },
  });
  expect(await eventsOf(dispute.id)).toEqual([
    'charge.dispute.created',
    'charge.dispute.updated',
    'charge.dispute.closed',
  ]);
  await expect(stripe.disputes.update(dispute.id, { submit: true })).rejects.toMatchObject({
    statusCode: 400,
  });
});

test('losing evidence loses; other evidence waits under review until the test surface decides', async () => {
  const lost = (await disputedPayment()).dispute;
  await stripe.disputes.update(lost.id, { evidence: { uncategorized_text: 'losing_evidence' } });
  expect((await stripe.disputes.retrieve(lost.id)).status).toBe('lost');

  const waiting = (await disputedPayment()).dispute;
  await stripe.disputes.update(waiting.id, { evidence: { uncategorized_text: 'The chef worked' } });
  expect((await stripe.disputes.retrieve(waiting.id)).status).toBe('under_review');
  const res = await fetch(`${server.url}/sandbox/disputes/stripe/${waiting.id}/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'won' }),
  });
  expect(res.status).toBe(200);
  expect((await stripe.disputes.retrieve(waiting.id)).status).toBe('won');
});

test('accepting closes the dispute as lost, once; unknown disputes are 404', async () => {
  const { dispute } = await disputedPayment();
  const closed = await stripe.disputes.close(dispute.id, {}, { idempotencyKey: `c-${dispute.id}` });
  expect(closed.status).toBe('lost');
  expect((await stripe.disputes.close(dispute.id, {}, { idempotencyKey: `c-${dispute.id}` })).status).toBe(
    'lost',
  );
  await expect(stripe.disputes.close(dispute.id)).rejects.toMatchObject({ statusCode: 400 });
  await expect(stripe.disputes.retrieve('dp_unknown')).rejects.toMatchObject({ statusCode: 404 });
  expect(await eventsOf(dispute.id)).toEqual(['charge.dispute.created', 'charge.dispute.closed']);
});
