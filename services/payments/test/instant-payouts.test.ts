import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import { checkPayoutLedger } from '../src/queries/check-ledger';
import { eventually, usePayments } from './harness';

// Issue 38 (instant payout): a chef cashes out the connected account's available balance to its debit card now.
// The fee (150 bps, at least 50 cents) is collected from the account, or waived for a record that qualifies
// (here INSTANT_PAYOUT_FREE_MIN_SHIFTS=2 worked and paid shifts, no no-show in 90 days). Money moves once under a
// repeated request, a replayed webhook, an outage between the fee and the payout; refusals move nothing; a forged
// payout.paid is an anomaly; a failed payout returns the fee. The ledger's payout rule holds after each test.

const SECRET = `whsec_payouts_${randomBytes(8).toString('hex')}`;
const h = usePayments({
  env: { STRIPE_WEBHOOK_SECRET: SECRET, INSTANT_PAYOUT_FREE_MIN_SHIFTS: '2' },
  ledgerAfterEach: true,
});

afterEach(async () => {
  await eventually(async () =>
    expect((await checkPayoutLedger(h.database)).filter((c) => !c.ok)).toEqual([]),
  );
});

type Chef = { id: string; token: string; account: string };

/** A chef with an Express account and `shifts` worked shifts of 4 h at $25 (each $100 transferred: released). */
async function chefWithShifts(shifts: number): Promise<Chef> {
  const restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  const account = await h.onboard(chef);
  for (let i = 0; i < shifts; i++) {
    const { jobId, pay } = await h.postJob(restaurant, 4, 25, (i + 1) * 86_400_000);
    const applicationId = await h.apply(jobId, restaurant.id, chef.id);
    await h.payWithCard(restaurant, applicationId);
    await h.accept(jobId, restaurant.id, chef.id, applicationId);
    await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
    await eventually(
      async () => expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
      20_000,
    );
  }
  return { ...chef, account };
}

const quote = (chef: Chef) => h.call('GET', '/payments/payouts/instant/quote', chef.token);
const cashOut = (chef: Chef, amount_cents: number) =>
  h.call('POST', '/payments/payouts/instant', chef.token, { amount_cents });
const list = async (chef: Chef) =>
  (await h.call('GET', '/payments/payouts/instant', chef.token)).body.payouts;
const available = async (chef: Chef) =>
  (await h.stripe.balance.retrieve({}, { stripeAccount: chef.account })).available[0].amount;
const entries = (chef: Chef) =>
  h.database.rows<{ kind: string; amount_cents: number; part: string }>(
    sql`select kind, amount_cents, part from payments.ledger_entries where user_id = ${chef.id} order by id`,
  );

const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
async function deliverSigned(type: string, object: Record<string, unknown>, account?: string, id?: string) {
  const payload = JSON.stringify(
    {
      id: id ?? `evt_test_${randomBytes(6).toString('hex')}`,
      object: 'event',
      type,
      ...(account ? { account } : {}),
      created: Math.floor(Date.now() / 1000),
      data: { object },
    },
    null,
    2,
  );
  const res = await fetch(`${h.url}/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
    body: payload,
  });
  expect(res.status).toBe(200);
}

const paidOf = async (chef: Chef) =>
  eventually(async () => {
    const [p] = await list(chef);
    expect(p.status).toBe('paid');
    return p;
  }, 15_000);

test('a paid instant payout: the quote shows the fee and what the free rule needs; a repeated request and a replayed webhook book it once', async () => {
  const chef = await chefWithShifts(1);
  const q = await quote(chef);
  expect(q.status).toBe(200);
  expect(q.body).toMatchObject({
    available_cents: 10_000,
    fee_cents: 150,
    net_cents: 9_850,
    fee_missing: ['min_shifts'],
    fee_bps: 150,
    min_fee_cents: 50,
    record: { completed_shifts: 1, no_shows_90_days: 0 },
    debit_card: { last4: '5556' },
    pending: null,
    refusal: null,
  });
  expect(q.body.free_because).toBeUndefined();
  expect(q.body.reason_text).toBe(
    'Fee $1.50 (1.5%, at least $0.50). Free with 2 worked shifts (you have 1).',
  );
  const es = await h.call(
    'GET',
    '/payments/payouts/instant/quote',
    await h.auth.token({ id: chef.id, type: 'chef', language: 'es' }),
  );
  expect(es.body.reason_text).toMatch(/^Cargo \$1\.50/);

  // The same request twice at once (a double tap): one payout, the other refused as pending.
  const [a, b] = await Promise.all([cashOut(chef, 10_000), cashOut(chef, 10_000)]);
  expect([a.status, b.status].sort()).toEqual([201, 409]);
  const made = a.status === 201 ? a : b;
  expect(made.body.payout).toMatchObject({ amount_cents: 10_000, fee_cents: 150, net_cents: 9_850 });
  expect((a.status === 409 ? a : b).body.code).toBe('PAYMENTS.PAYOUT_PENDING');
  const paid = await paidOf(chef);
  expect(paid).toMatchObject({ id: made.body.payout.id, destination: { last4: '5556' }, free_because: null });
  expect(await available(chef)).toBe(0);

  // A replayed payout.paid (a new event id for the same payout) changes nothing.
  const row = (
    await h.database.rows<{ provider_payout_id: string }>(
      sql`select provider_payout_id from payments.instant_payouts where id = ${paid.id}`,
    )
  )[0];
  await deliverSigned('payout.paid', { id: row.provider_payout_id, object: 'payout' }, chef.account);
  expect(await entries(chef)).toEqual([
    { kind: 'payout_fee', amount_cents: 150, part: `payout:${paid.id}` },
    { kind: 'payout', amount_cents: 9_850, part: `payout:${paid.id}` },
  ]);
  await eventually(() =>
    expect(h.events('payments.instant_payout.paid.v1')).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ payout_id: paid.id, net_cents: 9_850 }) }),
    ),
  );
}, 120_000);

test('a free instant payout: a record of 2 worked shifts and no no-show; no fee is collected', async () => {
  const chef = await chefWithShifts(2);
  const q = await quote(chef);
  expect(q.body).toMatchObject({
    available_cents: 20_000,
    fee_cents: 0,
    net_cents: 20_000,
    free_because: 'reliable_record',
    fee_missing: [],
    reason_text: 'Free: 2 worked shifts and no no-show in 90 days.',
  });
  const made = await cashOut(chef, 5_000);
  expect(made.status).toBe(201);
  expect(made.body.payout).toMatchObject({ fee_cents: 0, net_cents: 5_000, free_because: 'reliable_record' });
  await paidOf(chef);
  expect(await available(chef)).toBe(15_000);
  expect(await entries(chef)).toEqual([
    { kind: 'payout', amount_cents: 5_000, part: `payout:${made.body.payout.id}` },
  ]);

  // A no-show on the record (jobs' reliability fact): the next payout has a fee again.
  const noShow = {
    user_id: chef.id,
    user_type: 'chef' as const,
    kind: 'no_shows' as const,
    job_id: randomUUID(),
    occurred_at: new Date().toISOString(),
    seat_no: 1,
  };
  await h.publish('jobs.reliability.recorded.v1', noShow);
  await eventually(async () =>
    expect((await quote(chef)).body).toMatchObject({
      fee_missing: ['no_show'],
      fee_cents: 225,
      record: { completed_shifts: 2, no_shows_90_days: 1 },
    }),
  );

  // Issue 39: removed on appeal, it counts no more: free again, and a redelivered fact does not bring it back.
  const removal = {
    ...noShow,
    mark_id: randomUUID(),
    appeal_id: randomUUID(),
    removed_at: new Date().toISOString(),
  };
  await h.publish('jobs.mark.removed.v1', removal);
  await eventually(async () =>
    expect((await quote(chef)).body).toMatchObject({
      fee_missing: [],
      fee_cents: 0,
      free_because: 'reliable_record',
      record: { completed_shifts: 2, no_shows_90_days: 0 },
    }),
  );
  await h.publish('jobs.reliability.recorded.v1', noShow);
  await h.publish('jobs.mark.removed.v1', removal);
  // A removal ahead of its no-show (another seat) keeps that one from counting when it arrives.
  const early = { ...noShow, seat_no: 2 };
  await h.publish('jobs.mark.removed.v1', { ...removal, seat_no: 2, mark_id: randomUUID() });
  await eventually(async () =>
    expect(
      await h.database.rows(
        sql`select seat_no from payments.payout_no_shows where user_id = ${chef.id} and removed_at is not null`,
      ),
    ).toHaveLength(2),
  );
  await h.publish('jobs.reliability.recorded.v1', early);
  await h.publish('jobs.reliability.recorded.v1', { ...noShow, kind: 'late_cancellations' as const });
  expect((await quote(chef)).body.record).toEqual({ completed_shifts: 2, no_shows_90_days: 0 });

  // Every checkout marks a worked shift on both sides' records: not payments' concern, each is taken without a
  // transaction and leaves no processed-event record (two fewer transactions a checkout). A no-show does.
  const worked = { ...noShow, kind: 'completed_shifts' as const, seat_no: 3 };
  const markIds = [
    await h.publish('jobs.reliability.recorded.v1', worked),
    await h.publish('jobs.reliability.recorded.v1', {
      ...worked,
      user_type: 'restaurant',
      user_id: randomUUID(),
    }),
  ];
  const noShowId = await h.publish('jobs.reliability.recorded.v1', { ...noShow, seat_no: 3 });
  const kept = (id: string) =>
    h.database.rows(sql`select 1 from payments.processed_events where event_id = ${id}`);
  await eventually(async () => expect(await kept(noShowId)).toHaveLength(1));
  for (const id of markIds) expect(await kept(id)).toEqual([]);
  expect((await quote(chef)).body.record).toEqual({ completed_shifts: 2, no_shows_90_days: 1 });
}, 120_000);

test('over the balance, under the fee, and a second while one is pending are refused; nothing moves; an outage between the fee and the payout is driven once', async () => {
  const chef = await chefWithShifts(1);
  const over = await cashOut(chef, 10_001);
  expect(over).toMatchObject({ status: 400, body: { code: 'PAYMENTS.PAYOUT_OVER_BALANCE' } });
  const under = await cashOut(chef, 50);
  expect(under).toMatchObject({ status: 400, body: { code: 'PAYMENTS.PAYOUT_UNDER_FEE' } });
  expect(await list(chef)).toEqual([]);
  expect(await entries(chef)).toEqual([]);
  expect(await available(chef)).toBe(10_000);

  // Stripe fails the payout call (after the fee was collected): the payout stays pending, a second is refused.
  await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, { path: '/v1/payouts', mode: '500' });
  const first = await cashOut(chef, 4_000);
  expect(first.status).toBe(201);
  expect(first.body.payout.status).toBe('pending');
  const second = await cashOut(chef, 1_000);
  expect(second).toMatchObject({ status: 409, body: { code: 'PAYMENTS.PAYOUT_PENDING' } });
  expect((await quote(chef)).body).toMatchObject({
    refusal: 'PAYMENTS.PAYOUT_PENDING',
    pending: { id: first.body.payout.id },
  });
  // Stripe back: the sweep drives the payout with the same keys; the fee was taken once.
  await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  await paidOf(chef);
  expect(await available(chef)).toBe(6_000);
  expect((await entries(chef)).map((e) => [e.kind, e.amount_cents])).toEqual([
    ['payout_fee', 60],
    ['payout', 3_940],
  ]);
}, 120_000);

test('a forged payout.paid (a payout Stripe never made, or on no account) is an anomaly and moves nothing', async () => {
  const chef = await chefWithShifts(1);
  await deliverSigned('payout.paid', { id: 'po_forged_1', object: 'payout', amount: 999_999 }, chef.account);
  await deliverSigned('payout.paid', { id: 'po_forged_2', object: 'payout', amount: 999_999 });
  const anomalies = await h.anomalies();
  expect(anomalies).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ reason: 'not_at_provider', object_id: 'po_forged_1' }),
      expect.objectContaining({ reason: 'not_at_provider', object_id: 'po_forged_2' }),
    ]),
  );
  expect(await entries(chef)).toEqual([]);
  expect(await available(chef)).toBe(10_000);
});

test('a payout the card refuses fails with its reason, the money back in the balance and the fee returned', async () => {
  const chef = await chefWithShifts(1);
  const switched = await h.callSandbox('POST', '/sandbox/payouts/stripe/fail-next', undefined, {
    account: chef.account,
  });
  expect(switched.status).toBe(201);
  const made = await cashOut(chef, 10_000);
  expect(made.status).toBe(201);
  const failed = await eventually(async () => {
    const [p] = await list(chef);
    expect(p.status).toBe('failed');
    return p;
  }, 15_000);
  expect(failed.failure_message).toEqual(expect.any(String));
  await eventually(async () =>
    expect((await entries(chef)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['payout_fee', 150],
      ['payout_fee_returned', 150],
    ]),
  );
  expect(await available(chef)).toBe(10_000);
  expect((await quote(chef)).body).toMatchObject({ available_cents: 10_000, refusal: null, pending: null });
  await eventually(() =>
    expect(h.events('payments.instant_payout.failed.v1')).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ payout_id: made.body.payout.id }) }),
    ),
  );
}, 120_000);

test('only a chef with a payout account may cash out', async () => {
  const chef = await h.user('chef');
  expect(await h.call('GET', '/payments/payouts/instant/quote', chef.token)).toMatchObject({
    status: 404,
    body: { code: 'PAYMENTS.ACCOUNT_NOT_FOUND' },
  });
  const restaurant = await h.user('restaurant');
  expect(
    (await h.call('POST', '/payments/payouts/instant', restaurant.token, { amount_cents: 100 })).status,
  ).toBe(403);
  expect((await h.call('POST', '/payments/payouts/instant', chef.token, { amount_cents: -1 })).status).toBe(
    400,
  );
});
