import { sql } from '@brigade/kit';
import { eventually, usePayments } from './harness';

// Issue 20: receipts of shifts charged before migration 0009 named the charge id, not the card. The card backfill
// asks the Stripe sandbox (the PaymentIntent with its PaymentMethod expanded, as the charge path does) once per
// charge recorded without a card; a Receipts read never waits on the provider and still answers when it is down.

const h = usePayments();
type Account = { id: string; token: string };
let restaurant: Account;
const jobs: string[] = [];

const RETRIEVE = '/v1/payment_intents/*';

async function receipts() {
  const res = await h.call('GET', '/payments/receipts', restaurant.token);
  expect(res.status).toBe(200);
  return new Map<string, { brand: string | null; last4: string | null; charge_id: string | null }>(
    res.body.receipts.map((r: any) => [r.job_id, r.card]),
  );
}

async function checked(jobId: string) {
  const [row] = await h.database.rows<{ card_checked_at: Date | null }>(
    sql`select card_checked_at from payments.job_payments where job_id = ${jobId}`,
  );
  return row.card_checked_at !== null;
}

async function retrieveHits() {
  const res = await h.callSandbox('GET', '/sandbox/faults/stripe');
  return (res.body.hits as { path: string }[]).filter((x) => x.path.startsWith('/v1/payment_intents/'))
    .length;
}

beforeAll(async () => {
  // The sandbox's payment_intent.succeeded webhook would record the card again after the test forgets it.
  await h.sandbox.deliverer.stop();
  restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  for (const startsInMs of [86_400_000, 2 * 86_400_000]) {
    const { jobId } = await h.postJob(restaurant, 6, 25, startsInMs);
    const applicationId = await h.apply(jobId, restaurant.id, chef.id);
    await h.payWithCard(restaurant, applicationId);
    jobs.push(jobId);
  }
  // Charged with pm_card_visa, the card recorded; then as a row written before migration 0009 has it: no card.
  expect((await receipts()).get(jobs[0])).toMatchObject({ brand: 'visa', last4: '4242' });
  await h.database.db.execute(
    sql`update payments.job_payments set card_brand = null, card_last4 = null
        where job_id in (${jobs[0]}, ${jobs[1]})`,
  );
}, 60_000);

test('with the provider down a Receipts read still answers, with the charge id, and the charges wait for a later pass', async () => {
  const down = await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    method: 'GET',
    path: RETRIEVE,
    mode: '500',
  });
  expect(down.status).toBe(201);
  try {
    const cards = await receipts();
    for (const jobId of jobs)
      expect(cards.get(jobId)).toEqual({
        brand: null,
        last4: null,
        charge_id: expect.stringMatching(/^ch_/),
      });
    // The read woke the backfill; a pass of our own too: the provider answers 500, nothing is marked.
    expect(await h.service.cardBackfill.runOnce()).toBe(0);
    expect(await retrieveHits()).toBeGreaterThan(0);
    for (const jobId of jobs) expect(await checked(jobId)).toBe(false);
    expect((await receipts()).get(jobs[0])).toMatchObject({
      brand: null,
      charge_id: expect.stringMatching(/^ch_/),
    });
  } finally {
    await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  }
});

test('once the provider answers, the receipts name the card, and a charge is never asked about again', async () => {
  // The next Receipts read wakes the backfill; a later read names the card.
  await receipts();
  await eventually(async () => {
    const cards = await receipts();
    for (const jobId of jobs)
      expect(cards.get(jobId)).toEqual({
        brand: 'visa',
        last4: '4242',
        charge_id: expect.stringMatching(/^ch_/),
      });
  });
  for (const jobId of jobs) expect(await checked(jobId)).toBe(true);

  // Done once: with the provider down again, no pass asks it anything and the receipts keep the card.
  await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    method: 'GET',
    path: RETRIEVE,
    mode: '500',
  });
  try {
    // Counted from here: on a loaded machine a request the backfill sent before (and gave up on at its timeout,
    // then retried) can still reach the sandbox after the fault is switched on.
    const before = await retrieveHits();
    expect(await h.service.cardBackfill.runOnce()).toBe(0);
    expect((await receipts()).get(jobs[1])).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(await h.service.cardBackfill.runOnce()).toBe(0);
    expect(await retrieveHits()).toBe(before);
  } finally {
    await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  }
});

test('a charge whose PaymentIntent the provider does not know keeps its charge id and is marked, not asked again', async () => {
  const { jobId } = await h.postJob(restaurant, 4, 25, 3 * 86_400_000);
  const chef = await h.user('chef');
  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  await h.payWithCard(restaurant, applicationId);
  await h.database.db.execute(
    sql`update payments.job_payments set card_brand = null, card_last4 = null,
          payment_intent_id = 'pi_unknown_to_the_provider' where job_id = ${jobId}`,
  );
  expect(await h.service.cardBackfill.runOnce()).toBe(1);
  expect(await checked(jobId)).toBe(true);
  expect((await receipts()).get(jobId)).toEqual({
    brand: null,
    last4: null,
    charge_id: expect.stringMatching(/^ch_/),
  });
  expect(await h.service.cardBackfill.runOnce()).toBe(0);
});
