import { eventually } from '@brigade/kit/testing';
import { formatIsoWeek, isoWeekAt, timeZoneOfCity } from '@brigade/contracts';
import { DISPUTED_CARD } from './support/cards';
import { expectLedgerGreen, ledgerCheck } from './support/ledger';
import {
  confirmCard,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  type Account,
  type Operator,
  type PostedJob,
  type Stack,
} from './support/stack';

// Issue 38 (ADR 0035): card disputes (chargebacks) through the whole product. A shift paid with Stripe's
// `pm_card_createDispute` is disputed by the card's holder: payments books the amount withdrawn, the console's
// queue shows it, the operator submits evidence (Stripe's test words decide it), a won dispute comes back; a lost
// one flags the restaurant (it cannot post) until it pays it back with a card. ledger:check is green after each.

let stack: Stack;
let operator: Operator;
let restaurant: Account;

beforeAll(async () => {
  ({ stack, operator } = await startStackWithOperator());
  restaurant = await signUp(stack, 'restaurant');
}, 120_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const ops = (method: string, path: string, body?: unknown) =>
  stack.call(method, `/api${path}`, { token: operator.token, ...(body === undefined ? {} : { body }) });
const asRestaurant = (method: string, path: string, body?: unknown) =>
  stack.call(method, `/api${path}`, { token: restaurant.token, ...(body === undefined ? {} : { body }) });

/** A shift paid with the disputed card: open to chefs, and its dispute in the console's queue. */
async function chargeback(): Promise<{ job: PostedJob; disputeId: string }> {
  const job = await postJob(stack, restaurant);
  expectStatus(await payJob(stack, restaurant, job, DISPUTED_CARD), 200);
  const dispute = await eventually(async () => {
    const queue = expectStatus(await ops('GET', '/ops/card-disputes'), 200);
    const found = queue.body.card_disputes.find((d: { job_id: string }) => d.job_id === job.id);
    if (!found) throw new Error('the dispute is not in the queue yet');
    return found;
  }, 60_000);
  expect(dispute).toMatchObject({
    restaurant_id: restaurant.id,
    amount_cents: job.totalCents,
    status: 'needs_response',
    reason: 'fraudulent',
    evidence_due_by: expect.any(String),
  });
  await eventually(async () => {
    const j = await asRestaurant('GET', `/jobs/${job.id}`);
    if (j.body?.job?.status !== 'open') throw new Error(`job ${j.body?.job?.status}`);
  }, 60_000);
  const payment = expectStatus(await asRestaurant('GET', `/payments/job/${job.id}`), 200).body;
  expect(payment.card_dispute).toEqual({
    id: dispute.id,
    status: 'needs_response',
    amount_cents: job.totalCents,
  });
  return { job, disputeId: dispute.id };
}

const evidence = (words: string) => ({
  evidence: {
    product_description: 'A line cook shift booked and paid on Brigade',
    service_documentation: 'The chef applied, was accepted and confirmed the shift.',
    uncategorized_text: 'The restaurant posted and paid the shift itself.',
  },
  note: words,
});

test('a chargeback answered with winning evidence is won: the amount is booked back and the restaurant posts on', async () => {
  const { job, disputeId } = await chargeback();
  const submitted = expectStatus(
    await ops('POST', `/ops/card-disputes/${disputeId}/submit`, evidence('winning_evidence')),
    200,
  );
  expect(submitted.body.card_dispute.submitted_at).toEqual(expect.any(String));
  expect((await ops('POST', `/ops/card-disputes/${disputeId}/accept`, { note: 'late' })).body.code).toBe(
    'PAYMENTS.CARD_DISPUTE_CLOSED',
  );
  await eventually(async () => {
    const payment = (await asRestaurant('GET', `/payments/job/${job.id}`)).body;
    expect(payment.card_dispute.status).toBe('won');
    expect(payment.ledger.disputed_lost_cents).toBe(0);
    expect(payment.ledger.entries.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['charge', 'dispute', 'dispute_won']),
    );
  }, 30_000);
  expect((await ops('GET', `/ops/card-disputes/${disputeId}`)).body.card_dispute).toMatchObject({
    status: 'won',
    restaurant_flagged: false,
  });
  await postJob(stack, restaurant);
});

test('a chargeback lost flags the restaurant until it pays it back with a card; the ledger holds before and after', async () => {
  const { job, disputeId } = await chargeback();
  expectStatus(await ops('POST', `/ops/card-disputes/${disputeId}/submit`, evidence('losing_evidence')), 200);
  await eventually(async () => {
    expect((await ops('GET', `/ops/card-disputes/${disputeId}`)).body.card_dispute).toMatchObject({
      status: 'lost',
      restaurant_flagged: true,
    });
  }, 30_000);
  expect((await asRestaurant('GET', `/payments/job/${job.id}`)).body.ledger.disputed_lost_cents).toBe(
    job.totalCents,
  );
  // jobs hears of it: no more postings, and the text says why and where to settle.
  const refused = await eventually(async () => {
    const r = await asRestaurant('POST', '/jobs', {
      title: 'Line Cook',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      endTime: new Date(Date.now() + 86_400_000 + 4 * 3_600_000).toISOString(),
      hourlyRate: 25,
      emergencyLevel: 'normal',
    });
    expect(r.status).toBe(403);
    return r;
  }, 30_000);
  expect(refused.body).toMatchObject({ code: 'JOBS.CARD_DISPUTE_UNSETTLED', owed_cents: job.totalCents });
  const owed = expectStatus(await asRestaurant('GET', '/payments/card-disputes'), 200).body;
  expect(owed).toMatchObject({ total_owed_cents: job.totalCents });
  const report = await ledgerCheck(stack);
  expect(report.ok).toBe(true);
  expect(report.lines.join('\n')).toMatch(/card dispute .* lost, owed by the restaurant/);

  // The restaurant pays it back in the card form (the sandbox's confirm, as Stripe.js): the webhook settles it.
  const settle = expectStatus(
    await asRestaurant('POST', `/payments/card-disputes/${disputeId}/settle`, {}),
    200,
  );
  expect(settle.body).toMatchObject({ amount_cents: job.totalCents, client_secret: expect.any(String) });
  expectStatus(await confirmCard(stack, settle.body), 200);
  await eventually(async () => {
    expect((await asRestaurant('GET', '/payments/card-disputes')).body.total_owed_cents).toBe(0);
  }, 30_000);
  expect((await ops('GET', `/ops/card-disputes/${disputeId}`)).body.card_dispute).toMatchObject({
    restaurant_flagged: false,
    settled_at: expect.any(String),
  });
  await eventually(async () => {
    await postJob(stack, restaurant);
  }, 30_000);
  // The payback is a charge on the card: this week's statement lists it and counts it in what was charged.
  const week = formatIsoWeek(isoWeekAt(new Date(), timeZoneOfCity('Detroit')));
  const statement = expectStatus(await asRestaurant('GET', `/payments/statements?week=${week}`), 200).body;
  const paidBack = statement.lines.filter((l: { kind: string }) => l.kind === 'dispute_settlement');
  expect(paidBack).toMatchObject([{ job_id: job.id, amount_cents: job.totalCents }]);
  const charges = statement.lines.filter((l: { kind: string }) => !['refund', 'fee'].includes(l.kind));
  expect(statement.totals.charged_cents).toBe(
    charges.reduce((t: number, l: { amount_cents: number }) => t + l.amount_cents, 0),
  );
});
