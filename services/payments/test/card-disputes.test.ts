import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { eventually, usePayments } from './harness';

// Issue 38 (ADR 0035): card disputes (chargebacks). The sandbox's `pm_card_createDispute` pays, then its holder
// disputes the charge: payments books the amount withdrawn once (whatever the replays), the operator answers from
// the console (evidence submitted, or accepted), a won dispute comes back, a lost one is booked as a loss and
// flags the restaurant until it pays it back; a forged `closed` moves nothing; ledger:check holds throughout.

const h = usePayments({ ledgerAfterEach: true });
const operator = () => h.auth.token({ type: 'operator', email: 'ops@brigade.test' });

/** A shift paid with the card whose holder disputes it: the dispute as payments recorded it. */
async function disputedShift(hours = 4) {
  const restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  const { jobId, pay } = await h.postJob(restaurant, hours);
  const applicationId = await h.apply(jobId, restaurant.id, chef.id);
  await eventually(async () => {
    const confirmed = await h.call(
      'POST',
      `/applications/${applicationId}/confirm-payment`,
      restaurant.token,
      {
        paymentMethodId: 'pm_card_createDispute',
      },
    );
    expect(confirmed.body).toEqual({ paymentStatus: 'held_in_escrow' });
  });
  const disputeId = await eventually(async () => {
    const [row] = await h.database.rows<{ id: string }>(
      sql`select id from payments.card_disputes where job_id = ${jobId}`,
    );
    expect(row).toBeDefined();
    return row.id;
  });
  return { restaurant, chef, jobId, pay, applicationId, disputeId };
}

const disputeEntries = (jobId: string) =>
  h.database.rows<{ kind: string; amount_cents: number }>(
    sql`select kind, amount_cents from payments.ledger_entries where job_id = ${jobId} and part like 'dispute:%' order by id`,
  );

/** Deliver a signed event as Stripe would (the sandbox's own secret): a hint payments checks by retrieve. */
async function deliverSigned(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
  const payload = JSON.stringify(
    { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } },
    null,
    2,
  );
  const res = await fetch(`${h.url}/payments/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: h.config.STRIPE_WEBHOOK_SECRET!,
      }),
    },
    body: payload,
  });
  expect(res.status).toBe(200);
  return id;
}

async function ledgerReport() {
  const lines: string[] = [];
  const ok = await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy });
  return { ok, lines };
}

test('a dispute is withdrawn once whatever the replays; the job shows it; the restaurant is not flagged while open', async () => {
  const { restaurant, jobId, pay, disputeId } = await disputedShift();
  await eventually(() => expect(h.events('payments.card_dispute.opened.v1', jobId)).toHaveLength(1));
  expect(h.events('payments.card_dispute.opened.v1', jobId)[0].data).toMatchObject({
    dispute_id: disputeId,
    restaurant_id: restaurant.id,
    amount_cents: pay.totalCents,
    reason: 'fraudulent',
  });
  // Stripe delivers again (the same event) and sends other events about it: nothing more is booked.
  await h.sandbox.database.db.execute(
    sql`update stripe_sandbox.events set delivered_at = null, next_attempt_at = now() where payload like ${`%${disputeId}%`}`,
  );
  h.sandbox.deliverer.kick();
  await deliverSigned('charge.dispute.created', { id: disputeId, object: 'dispute' });
  await deliverSigned('charge.dispute.updated', { id: disputeId, object: 'dispute', status: 'lost' });
  await eventually(async () =>
    expect(
      (await h.sandbox.database.rows(sql`select 1 from stripe_sandbox.events where delivered_at is null`))
        .length,
    ).toBe(0),
  );
  expect(await disputeEntries(jobId)).toEqual([{ kind: 'dispute', amount_cents: pay.totalCents }]);
  expect(h.events('payments.card_dispute.opened.v1', jobId)).toHaveLength(1);

  const payment = await h.jobPayment(jobId, restaurant.token);
  expect(payment.card_dispute).toEqual({
    id: disputeId,
    status: 'needs_response',
    amount_cents: pay.totalCents,
  });
  expect(payment.ledger).toMatchObject({ charged_cents: pay.totalCents, disputed_lost_cents: 0 });
  expect(payment.ledger.entries).toContainEqual(
    expect.objectContaining({ kind: 'dispute', amount_cents: pay.totalCents, part: 'dispute' }),
  );
  expect((await h.call('GET', '/payments/card-disputes', restaurant.token)).body).toEqual({
    total_owed_cents: 0,
    card_disputes: [],
  });
  const queue = await h.call('GET', '/ops/card-disputes', await operator());
  expect(queue.status).toBe(200);
  expect(queue.body.card_disputes.find((d: { id: string }) => d.id === disputeId)).toMatchObject({
    job_id: jobId,
    restaurant_id: restaurant.id,
    amount_cents: pay.totalCents,
    status: 'needs_response',
    reason: 'fraudulent',
    restaurant_flagged: false,
    submitted_at: null,
  });
  expect((await ledgerReport()).ok).toBe(true);
});

test('a forged closed event moves nothing: an anomaly row, the dispute still open', async () => {
  const { jobId, pay, disputeId } = await disputedShift();
  await deliverSigned('charge.dispute.closed', { id: disputeId, object: 'dispute', status: 'lost' });
  await deliverSigned('charge.dispute.closed', { id: 'dp_forged_12345', object: 'dispute', status: 'lost' });
  expect((await h.anomalies(disputeId)).map((a) => a.reason)).toEqual(['dispute_not_closed']);
  expect((await h.anomalies('dp_forged_12345')).map((a) => a.reason)).toEqual(['not_at_provider']);
  expect(await disputeEntries(jobId)).toEqual([{ kind: 'dispute', amount_cents: pay.totalCents }]);
  expect(h.events('payments.card_dispute.closed.v1', jobId)).toHaveLength(0);
  const one = await h.call('GET', `/ops/card-disputes/${disputeId}`, await operator());
  expect(one.body.card_dispute).toMatchObject({ status: 'needs_response', restaurant_flagged: false });
});

test('evidence submitted once wins: the amount comes back; a second answer is 409 and reaches no provider', async () => {
  const { restaurant, jobId, pay, disputeId } = await disputedShift();
  const ops = await operator();
  const bad = await h.call('POST', `/ops/card-disputes/${disputeId}/submit`, ops, {
    evidence: { not_a_section: 'x' },
  });
  expect(bad.status).toBe(400);
  const submitted = await h.call('POST', `/ops/card-disputes/${disputeId}/submit`, ops, {
    evidence: {
      product_description: 'A 4-hour line cook shift',
      service_date: '2026-11-30',
      uncategorized_text: 'The chef checked in and out.',
    },
    note: 'winning_evidence',
  });
  expect(submitted.status).toBe(200);
  expect(submitted.body.card_dispute).toMatchObject({ id: disputeId, submitted_at: expect.any(String) });
  const again = await h.call('POST', `/ops/card-disputes/${disputeId}/submit`, ops, { evidence: {} });
  expect(again).toMatchObject({ status: 409, body: { code: 'PAYMENTS.CARD_DISPUTE_CLOSED' } });
  const accept = await h.call('POST', `/ops/card-disputes/${disputeId}/accept`, ops, { note: 'no' });
  expect(accept).toMatchObject({ status: 409, body: { code: 'PAYMENTS.CARD_DISPUTE_CLOSED' } });

  const atStripe = await h.stripe.disputes.retrieve(disputeId);
  expect(atStripe.evidence_details.submission_count).toBe(1);
  expect(atStripe.evidence.uncategorized_text).toBe(
    "The chef checked in and out.\n\nOperator's note: winning_evidence",
  );
  await eventually(async () =>
    expect(await disputeEntries(jobId)).toEqual([
      { kind: 'dispute', amount_cents: pay.totalCents },
      { kind: 'dispute_won', amount_cents: pay.totalCents },
    ]),
  );
  await eventually(() => expect(h.events('payments.card_dispute.closed.v1', jobId)).toHaveLength(1));
  expect(h.events('payments.card_dispute.closed.v1', jobId)[0].data).toMatchObject({ outcome: 'won' });
  const payment = await h.jobPayment(jobId, restaurant.token);
  expect(payment.card_dispute).toMatchObject({ status: 'won' });
  expect(payment.ledger.disputed_lost_cents).toBe(0);
  const audit = await h.database.rows<{ action: string; reason: string }>(
    sql`select action, reason from payments.audit_log where job_id = ${jobId}`,
  );
  expect(audit).toEqual([{ action: 'card_dispute.submit', reason: 'winning_evidence' }]);
  expect((await ledgerReport()).ok).toBe(true);
});

test('accepted: lost, the restaurant flagged and owing; it settles once, the flag lifts and the ledger holds', async () => {
  const { restaurant, chef, jobId, pay, applicationId, disputeId } = await disputedShift();
  const accepted = await h.call('POST', `/ops/card-disputes/${disputeId}/accept`, await operator(), {
    note: 'The restaurant agrees the card was stolen',
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.card_dispute).toMatchObject({
    status: 'lost',
    accepted_at: expect.any(String),
    restaurant_flagged: true,
    settled_at: null,
  });
  expect(await disputeEntries(jobId)).toEqual([
    { kind: 'dispute', amount_cents: pay.totalCents },
    { kind: 'dispute_lost', amount_cents: pay.totalCents },
  ]);
  await eventually(() => expect(h.events('payments.card_dispute.closed.v1', jobId)).toHaveLength(1));
  expect(h.events('payments.card_dispute.closed.v1', jobId)[0].data).toMatchObject({
    outcome: 'lost',
    restaurant_id: restaurant.id,
  });
  // The provider's closed event arrives too: nothing more.
  await eventually(async () =>
    expect(
      (await h.sandbox.database.rows(sql`select 1 from stripe_sandbox.events where delivered_at is null`))
        .length,
    ).toBe(0),
  );
  expect(await disputeEntries(jobId)).toHaveLength(2);
  expect((await h.jobPayment(jobId, restaurant.token)).ledger.disputed_lost_cents).toBe(pay.totalCents);

  const owed = await h.call('GET', '/payments/card-disputes', restaurant.token);
  expect(owed.body).toEqual({
    total_owed_cents: pay.totalCents,
    card_disputes: [
      expect.objectContaining({
        id: disputeId,
        job_id: jobId,
        amount_cents: pay.totalCents,
        settled_at: null,
      }),
    ],
  });
  const unsettled = await ledgerReport();
  expect(unsettled.ok).toBe(true);
  expect(unsettled.lines.join('\n')).toContain(`card dispute ${disputeId}`);
  expect(unsettled.lines.join('\n')).toContain('1 lost card dispute(s) owed by their restaurant');

  // Another restaurant cannot settle (or see) it; a chef cannot.
  const other = await h.user('restaurant');
  expect((await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, other.token, {})).status).toBe(
    404,
  );
  expect((await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, chef.token, {})).status).toBe(
    403,
  );
  // The card form's secret first, then paid with a card now.
  const form = await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, restaurant.token, {});
  expect(form.body).toMatchObject({ amount_cents: pay.totalCents, client_secret: expect.any(String) });
  const declined = await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, restaurant.token, {
    paymentMethodId: 'pm_card_chargeDeclined',
  });
  expect(declined).toMatchObject({ status: 402, body: { code: 'PAYMENTS.CARD_ERROR' } });
  const paid = await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, restaurant.token, {
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.body).toMatchObject({ payment_status: 'settled', amount_cents: pay.totalCents });
  const twice = await h.call('POST', `/payments/card-disputes/${disputeId}/settle`, restaurant.token, {
    paymentMethodId: 'pm_card_visa',
  });
  expect(twice.body).toMatchObject({ payment_status: 'settled' });
  await eventually(() => expect(h.events('payments.card_dispute.settled.v1', jobId)).toHaveLength(1));
  expect(await disputeEntries(jobId)).toEqual([
    { kind: 'dispute', amount_cents: pay.totalCents },
    { kind: 'dispute_lost', amount_cents: pay.totalCents },
    { kind: 'charge', amount_cents: pay.totalCents },
  ]);
  expect((await h.call('GET', '/payments/card-disputes', restaurant.token)).body.total_owed_cents).toBe(0);
  // The shift's receipt is the shift's: the dispute and its settlement are not in it.
  const receipts = (await h.call('GET', '/payments/receipts', restaurant.token)).body.receipts;
  expect(receipts.find((r: { job_id: string }) => r.job_id === jobId)).toMatchObject({
    charged_cents: pay.totalCents,
  });
  expect(
    (await h.call('GET', `/ops/card-disputes/${disputeId}`, await operator())).body.card_dispute,
  ).toMatchObject({ restaurant_flagged: false, settled_at: expect.any(String) });

  // The shift is worked and released: the chef keeps what was paid; charged = transferred + fee + refunded + lost.
  await h.onboard(chef);
  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  const checked = (await h.expectLedgerGreen()).find((c) => c.job_id === jobId)!;
  expect(checked.card_disputes).toEqual([
    expect.objectContaining({ outcome: 'lost', owed_cents: 0, ok: true }),
  ]);
  expect(checked.transferred_cents).toBe(pay.subtotalCents);
});

test('the console routes are for operators, and unknown disputes are 404', async () => {
  const restaurant = await h.user('restaurant');
  expect((await h.call('GET', '/ops/card-disputes', restaurant.token)).status).toBe(403);
  expect((await h.call('GET', '/ops/card-disputes')).status).toBe(401);
  const ops = await operator();
  expect((await h.call('GET', '/ops/card-disputes/dp_nothing', ops)).body.code).toBe(
    'PAYMENTS.CARD_DISPUTE_NOT_FOUND',
  );
  expect((await h.call('GET', '/ops/card-disputes/not-an-id', ops)).status).toBe(404);
  expect((await h.call('POST', '/ops/card-disputes/dp_nothing/accept', ops, { note: 'x' })).status).toBe(404);
  expect((await h.call('POST', '/ops/card-disputes/dp_nothing/accept', ops, {})).status).toBe(400);
});
