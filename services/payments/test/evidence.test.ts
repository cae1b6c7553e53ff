import { randomUUID } from 'node:crypto';
import { eventually, usePayments } from './harness';

// Issue 38: payments' part of a job's evidence for a card dispute (`GET /ops/jobs/{jobId}/evidence`): the
// receipt of the job's charge (amount, card brand and last 4, the provider's ids and times) and what moved
// to the chef, from payments' own records (the job's payment and the ledger), against the Stripe sandbox.

const h = usePayments({ ledgerAfterEach: true });
const operator = () => h.auth.token({ type: 'operator' });

type Entry = { section: string; service: string; title: string; text: string; at: string };

test('a paid and released shift: the charge on the card, the fee kept and the transfer to the chef', async () => {
  const shift = await h.paidJob({ onboard: true });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  await h.checkout(
    shift.jobId,
    shift.restaurant.id,
    shift.chef.id,
    shift.applicationId,
    'release',
    shift.pay,
  );
  await eventually(async () =>
    expect((await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_status).toBe('completed'),
  );
  const intent = (await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_intent_id as string;
  const [transfer] = (await h.stripe.transfers.list({ transfer_group: shift.jobId })).data;
  expect(transfer).toBeDefined();

  const res = await h.call('GET', `/ops/jobs/${shift.jobId}/evidence`, await operator());
  expect(res.status).toBe(200);
  expect(res.body.job_id).toBe(shift.jobId);
  const entries = res.body.entries as Entry[];
  expect(entries).toHaveLength(1);
  const [receipt] = entries;
  expect(receipt).toMatchObject({
    section: 'receipt',
    service: 'payments',
    title: 'Receipt and money movements',
  });
  const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
  const lines = receipt.text.split('\n');
  expect(lines[0]).toBe(
    `Receipt for the shift "Line Cook" booked on Brigade: ${dollars(shift.pay.totalCents)} (chef pay ${dollars(shift.pay.subtotalCents)} plus booking fee ${dollars(shift.pay.feeCents)}), paid with Visa ending in 4242 (Stripe PaymentIntent ${intent}).`,
  );
  expect(lines[1]).toBe('Payment status: completed.');
  // the charge by its provider id (the one a card dispute names)
  const charge = (await h.stripe.paymentIntents.retrieve(intent)).latest_charge as string;
  expect(receipt.text).toContain(
    `UTC: Charged to the restaurant's card: ${dollars(shift.pay.totalCents)}, Stripe id ${charge}.`,
  );
  expect(receipt.text).toContain(
    `Paid to the chef (transfer to their Stripe account) (seat 1): ${dollars(shift.pay.subtotalCents)}, Stripe id ${transfer.id}.`,
  );
  expect(receipt.text).toContain(`Brigade's booking fee kept (seat 1): ${dollars(shift.pay.feeCents)}`);
  // the entry's time is the first movement's (the charge)
  expect(Date.parse(receipt.at)).toBeLessThanOrEqual(Date.now());
});

test('a job payments never heard of: no part (jobs answers the 404); a non-UUID 404; operators only', async () => {
  const op = await operator();
  const unknown = randomUUID();
  expect(await h.call('GET', `/ops/jobs/${unknown}/evidence`, op)).toMatchObject({
    status: 200,
    body: { job_id: unknown, entries: [] },
  });
  expect(await h.call('GET', '/ops/jobs/nope/evidence', op)).toMatchObject({
    status: 404,
    body: { code: 'OPS.JOB_NOT_FOUND' },
  });
  expect(await h.call('GET', `/ops/jobs/${unknown}/evidence?restaurant_id=nope`, op)).toMatchObject({
    status: 400,
  });
  const restaurant = await h.user('restaurant');
  expect(await h.call('GET', `/ops/jobs/${unknown}/evidence`, restaurant.token)).toMatchObject({
    status: 403,
    body: { code: 'AUTH.OPERATORS_ONLY' },
  });
  expect((await h.call('GET', `/ops/jobs/${unknown}/evidence`)).status).toBe(401);
});
