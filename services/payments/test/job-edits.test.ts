import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import {
  collectedByEscrow,
  editMoney,
  postingFigures,
  timesheetMoney,
  workedMinutes,
  workedPay,
  type EventInput,
  type PostingShape as AnyShape,
} from '@brigade/contracts';
import { applicationFacts, eventually, usePayments } from './harness';

type PostingShape = AnyShape & { start_time: string; end_time: string };

// Issue 35 (ADR 0031): an edit of a posted shift moves the difference once (a rise charged off-session on the
// restaurant's card, a fall refunded in part), every later decision prices a seat at the new share, a refund of a
// job with several charges is split across them, and a repeat or series occurrence is charged with the card on
// file. The ledger is checked green after every test.

// The first test loses Stripe's answer to an edit's charge: the SDK waits out its per-attempt timeout before it
// asks again with the same key. At the default 20 s the suite's stop waited for that retry.
const h = usePayments({ ledgerAfterEach: true, env: { STRIPE_TIMEOUT_MS: '1500' } });

const HOUR = 3_600_000;
type User = { id: string; token: string };

type Job = { jobId: string; restaurant: User; shape: PostingShape };

/** Play jobs: a posting of `headcount` chefs, 8 h at $25/h, starting in two days. */
async function post(
  restaurant: User,
  headcount = 1,
  extra: Partial<EventInput<'jobs.job.posted.v1'>> = {},
): Promise<Job> {
  const jobId = randomUUID();
  const start = new Date(Date.now() + 48 * HOUR);
  const shape: PostingShape = {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 8 * HOUR).toISOString(),
    hourly_rate_cents: 2500,
    break_minutes: 0,
    headcount,
  };
  const figures = postingFigures(shape);
  await h.publish('jobs.job.posted.v1', {
    job_id: jobId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    start_time: shape.start_time,
    end_time: shape.end_time,
    hourly_rate_cents: shape.hourly_rate_cents,
    emergency_level: 'normal',
    ...figures,
    notify_favorites: [],
    headcount,
    ...extra,
  });
  await eventually(async () =>
    expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(200),
  );
  return { jobId, restaurant, shape };
}

/** A posting paid into escrow in the app with the test visa (the card the escrow keeps is the edits' card). */
async function paid(headcount = 1): Promise<Job> {
  const restaurant = await h.user('restaurant');
  const job = await post(restaurant, headcount);
  const payer = await h.apply(job.jobId, restaurant.id, randomUUID());
  await h.payWithCard(restaurant, payer);
  return job;
}

function facts(job: Job, editId: string, after: PostingShape) {
  return {
    job_id: job.jobId,
    edit_id: editId,
    restaurant_id: job.restaurant.id,
    title: 'Line Cook',
    before: job.shape,
    after,
  };
}

/** Play jobs: the restaurant saved an edit whose total rises; wait for payments' answer. */
async function requestEdit(job: Job, after: PostingShape, editId = randomUUID(), eventId?: string) {
  const money = editMoney(job.shape, after);
  await h.publish(
    'jobs.job.edit_requested.v1',
    { ...facts(job, editId, after), charge_cents: money.charge_cents },
    eventId,
  );
  return { editId, money };
}

async function collected(job: Job, editId: string) {
  await eventually(async () =>
    expect(
      h.events('payments.edit_charge.collected.v1', job.jobId).filter((e) => e.data.edit_id === editId),
    ).toHaveLength(1),
  );
}

/** Play jobs: the edit took effect. */
async function edited(
  job: Job,
  editId: string,
  after: PostingShape,
  seats: { added?: number[]; removed?: number[] } = {},
) {
  const money = editMoney(job.shape, after);
  await h.publish('jobs.job.edited.v1', {
    ...facts(job, editId, after),
    charge_cents: money.charge_cents,
    refund_cents: money.refund_cents,
    added_seats: seats.added ?? [],
    removed_seats: seats.removed ?? [],
    chefs_to_answer: [],
    answers_due_by: null,
    words_changed: false,
  });
  await eventually(async () => {
    const [row] = await h.database.rows<{ applied: boolean }>(
      sql`select applied_at is not null as applied from payments.job_edits where edit_id = ${editId}`,
    );
    expect(row?.applied).toBe(true);
  });
  job.shape = after;
}

async function tasksDone(jobId: string) {
  await eventually(async () => {
    const open = await h.database.rows(
      sql`select id from payments.money_tasks where job_id = ${jobId} and status <> 'done'`,
    );
    expect(open).toEqual([]);
  });
}

async function ledger(jobId: string) {
  return h.database.rows<{
    seat_no: number;
    kind: string;
    part: string;
    split: number;
    amount_cents: number;
  }>(
    sql`select seat_no, kind, part, split, amount_cents from payments.ledger_entries where job_id = ${jobId} order by id`,
  );
}

async function refundsAt(paymentIntentId: string) {
  return (await h.stripe.refunds.list({ payment_intent: paymentIntentId })).data.map((r) => r.amount).sort();
}

async function editIntent(editId: string) {
  const [row] = await h.database.rows<{ payment_intent_id: string }>(
    sql`select payment_intent_id from payments.job_edits where edit_id = ${editId}`,
  );
  return row!.payment_intent_id;
}

/** The card form in the browser: confirm a SetupIntent at the sandbox with its client secret. */
async function saveCard(restaurant: User, number: string) {
  const setup = await h.call('POST', '/payments/saved-card/setup', restaurant.token);
  const id = setup.body.client_secret.slice(0, setup.body.client_secret.indexOf('_secret_'));
  const res = await fetch(`${h.sandboxUrl}/sandbox/stripe/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: setup.body.client_secret,
      'card[number]': number,
      'card[exp_month]': '11',
      'card[exp_year]': '2033',
      'card[cvc]': '123',
    }).toString(),
  });
  expect(res.status).toBe(200);
  const recorded = await h.call('POST', '/payments/saved-card/confirm', restaurant.token, {
    setup_intent_id: setup.body.setup_intent_id,
  });
  expect(recorded.status).toBe(200);
}

/** A signed Stripe event naming this object, delivered to payments' endpoint as the provider would. */
async function deliverWebhook(type: string, object: { id: string; object: string }) {
  const payload = JSON.stringify({
    id: `evt_edit_${randomUUID().slice(0, 12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: h.sandbox.webhookSecret });
  const res = await fetch(`${h.url}/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
}

async function anomaliesOf(jobId: string) {
  return h.database.rows(sql`select reason, object_id from payments.anomalies where job_id = ${jobId}`);
}

const raised = (shape: PostingShape, rate = 3000): PostingShape => ({ ...shape, hourly_rate_cents: rate });

test('an edit raising the total is charged once on the kept card (one PaymentIntent on redelivery and retry), then released at the new pay', async () => {
  const job = await paid();
  const chef = await h.user('chef');
  await h.onboard(chef);
  const applicationId = await h.apply(job.jobId, job.restaurant.id, chef.id);
  await h.accept(job.jobId, job.restaurant.id, chef.id, applicationId);
  const after = raised(job.shape);
  // the provider loses its first answer: the runner asks again with the same key and gets the same intent
  await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    path: '/v1/payment_intents',
    mode: 'lost_response',
    count: 1,
  });
  const eventId = randomUUID();
  const { editId, money } = await requestEdit(job, after, undefined, eventId);
  expect(money.charge_cents).toBe(4280); // 8 h × $5 more, plus 7%
  await collected(job, editId);
  const hits = (await h.callSandbox('GET', '/sandbox/faults/stripe')).body.hits as Array<{
    path: string;
    idempotency_key: string | null;
  }>;
  expect(hits.filter((x) => x.path === '/v1/payment_intents').map((x) => x.idempotency_key)).toEqual([
    `job:${job.jobId}:edit:${editId}:charge`,
  ]);
  await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  await requestEdit(job, after, editId, eventId); // the same delivery again
  await requestEdit(job, after, editId); // and the same edit under another event id
  const intents = await h.sandbox.database.rows<{ n: number }>(
    sql`select count(*)::int as n from stripe_sandbox.objects where object = 'payment_intent'
          and data -> 'metadata' ->> 'edit_id' = ${editId}`,
  );
  expect(Number(intents[0]!.n)).toBe(1);
  const intent = await h.stripe.paymentIntents.retrieve(await editIntent(editId));
  expect(intent).toMatchObject({ amount: 4280, status: 'succeeded', transfer_group: job.jobId });
  expect(intent.metadata).toMatchObject({ kind: 'edit_charge', job_id: job.jobId, edit_id: editId });
  // the provider's webhook for the edit's PaymentIntent is recognised and books nothing twice
  await deliverWebhook('payment_intent.succeeded', { id: intent.id, object: 'payment_intent' });
  await edited(job, editId, after);
  await edited(job, editId, after); // a redelivery changes nothing
  const charges = (await ledger(job.jobId)).filter((e) => e.kind === 'charge');
  expect(charges).toEqual([
    expect.objectContaining({ seat_no: 0, part: 'escrow', amount_cents: 21_400 }),
    expect.objectContaining({ seat_no: 0, part: `edit:${editId}`, amount_cents: 4280 }),
  ]);
  const pay = postingFigures(after);
  await h.checkout(job.jobId, job.restaurant.id, chef.id, applicationId, 'release', {
    subtotalCents: pay.subtotal_cents,
    feeCents: pay.fee_cents,
    totalCents: pay.total_cents,
  });
  await eventually(async () => expect(h.events('payments.payout.released.v1', job.jobId)).toHaveLength(1));
  expect(h.events('payments.payout.released.v1', job.jobId)[0]!.data.amount_cents).toBe(24_000);
  const transfers = (await h.stripe.transfers.list({ transfer_group: job.jobId })).data;
  expect(transfers.map((t) => t.amount)).toEqual([24_000]);
  expect((await ledger(job.jobId)).filter((e) => e.part === `edit:${editId}`)).toHaveLength(1);
  expect(await anomaliesOf(job.jobId)).toEqual([]);
});

test('an edit lowering the total is refunded in part; a later cancellation refunds what is left', async () => {
  const job = await paid();
  const after = raised(job.shape, 2000);
  const editId = randomUUID();
  await edited(job, editId, after);
  await tasksDone(job.jobId);
  const pi = (await h.jobPayment(job.jobId, job.restaurant.token)).payment_intent_id as string;
  expect(await refundsAt(pi)).toEqual([4280]);
  expect((await ledger(job.jobId)).filter((e) => e.kind === 'refund')).toEqual([
    expect.objectContaining({ seat_no: 0, part: `edit:${editId}`, amount_cents: 4280 }),
  ]);
  const [row] = await h.database.rows<{ total_cents: number; hourly_rate_cents: number }>(
    sql`select total_cents, hourly_rate_cents from payments.job_payments where job_id = ${job.jobId}`,
  );
  expect(row).toMatchObject({ total_cents: 17_120, hourly_rate_cents: 2000 });
  await h.expectLedgerGreen();
  await h.cancel(job.jobId, job.restaurant.id);
  await eventually(async () =>
    expect(h.events('payments.escrow.refunded.v1', job.jobId)[0]?.data.amount_cents).toBe(17_120),
  );
  expect(await refundsAt(pi)).toEqual([17_120, 4280].sort());
});

test('a seat added by an edit is charged its share, then its checkout transfers the new share', async () => {
  const job = await paid(1);
  const after = { ...raised(job.shape), headcount: 2 };
  const { editId, money } = await requestEdit(job, after);
  expect(money.charge_cents).toBe(2 * 25_680 - 21_400);
  await collected(job, editId);
  await edited(job, editId, after, { added: [2] });
  const seats = await h.database.rows<{ seat_no: number; status: string }>(
    sql`select seat_no, status from payments.seat_payments where job_id = ${job.jobId} order by seat_no`,
  );
  expect(seats).toEqual([
    { seat_no: 1, status: 'held_in_escrow' },
    { seat_no: 2, status: 'held_in_escrow' },
  ]);
  const chefs = [];
  for (const seatNo of [1, 2]) {
    const chef = await h.user('chef');
    await h.onboard(chef);
    const applicationId = await h.apply(job.jobId, job.restaurant.id, chef.id);
    await h.accept(job.jobId, job.restaurant.id, chef.id, applicationId);
    await h.publish('jobs.application.confirmed.v1', {
      ...applicationFacts(applicationId, job.jobId, job.restaurant.id, chef.id),
      seat_no: seatNo,
    });
    chefs.push({ ...chef, applicationId, seatNo });
  }
  for (const chef of chefs)
    await eventually(async () => {
      const [seat] = await h.database.rows<{ chef_id: string | null }>(
        sql`select chef_id from payments.seat_payments where job_id = ${job.jobId} and seat_no = ${chef.seatNo}`,
      );
      expect(seat?.chef_id).toBe(chef.id);
    });
  for (const chef of chefs)
    await h.publish('jobs.checkout.completed.v1', {
      ...applicationFacts(chef.applicationId, job.jobId, job.restaurant.id, chef.id),
      outcome: 'release',
      restaurant_work_completed: true,
      chef_work_completed: true,
      chef_rating: 5,
      restaurant_rating: 5,
      subtotal_cents: 24_000,
      fee_cents: 1680,
      total_cents: 25_680,
      seat_no: chef.seatNo,
    });
  await eventually(async () => expect(h.events('payments.payout.released.v1', job.jobId)).toHaveLength(2));
  await tasksDone(job.jobId);
  const transfers = (await h.stripe.transfers.list({ transfer_group: job.jobId })).data;
  expect(transfers.map((t) => t.amount)).toEqual([24_000, 24_000]);
});

test('an edit then a full cancellation: the refund is split across the escrow and the edit charge', async () => {
  const job = await paid();
  const after = raised(job.shape);
  const { editId } = await requestEdit(job, after);
  await collected(job, editId);
  await edited(job, editId, after);
  await h.cancel(job.jobId, job.restaurant.id);
  await eventually(async () => expect(h.events('payments.escrow.refunded.v1', job.jobId)).toHaveLength(1));
  await tasksDone(job.jobId);
  const escrowPi = (await h.jobPayment(job.jobId, job.restaurant.token)).payment_intent_id as string;
  expect(await refundsAt(escrowPi)).toEqual([21_400]);
  expect(await refundsAt(await editIntent(editId))).toEqual([4280]);
  const refunds = (await ledger(job.jobId)).filter((e) => e.kind === 'refund');
  expect(refunds).toEqual([
    expect.objectContaining({ seat_no: 1, part: 'escrow', split: 0, amount_cents: 21_400 }),
    expect.objectContaining({ seat_no: 1, part: 'escrow', split: 1, amount_cents: 4280 }),
  ]);
  const keys = await h.database.rows<{ splits: Array<{ idempotency_key: string }> | string }>(
    sql`select splits from payments.money_tasks where job_id = ${job.jobId} and kind = 'refund'`,
  );
  const splits = keys.map((k) => (typeof k.splits === 'string' ? JSON.parse(k.splits) : k.splits))[0];
  expect(splits.map((s: { idempotency_key: string }) => s.idempotency_key)).toEqual([
    `job:${job.jobId}:refund`,
    `job:${job.jobId}:refund:split:1`,
  ]);
  await eventually(async () =>
    expect(h.events('payments.escrow.refunded.v1', job.jobId)[0]?.data.amount_cents).toBe(25_680),
  );
  // the refund webhooks of both splits are recognised: nothing is booked twice, nothing is an anomaly
  for (const pi of [escrowPi, await editIntent(editId)])
    for (const refund of (await h.stripe.refunds.list({ payment_intent: pi })).data)
      await deliverWebhook('refund.created', { id: refund.id, object: 'refund' });
  expect((await ledger(job.jobId)).filter((e) => e.kind === 'refund')).toHaveLength(2);
  expect(await anomaliesOf(job.jobId)).toEqual([]);
});

test('an edit dropped after its charge (the job closed) is refunded in full from its own charge', async () => {
  const job = await paid();
  const after = raised(job.shape);
  const { editId, money } = await requestEdit(job, after);
  await collected(job, editId);
  await h.cancel(job.jobId, job.restaurant.id);
  await h.publish('jobs.job.edit_dropped.v1', {
    ...facts(job, editId, after),
    charge_cents: money.charge_cents,
    reason: 'job_closed',
  });
  await eventually(async () =>
    expect((await ledger(job.jobId)).filter((e) => e.kind === 'refund')).toHaveLength(2),
  );
  await tasksDone(job.jobId);
  const escrowPi = (await h.jobPayment(job.jobId, job.restaurant.token)).payment_intent_id as string;
  expect(await refundsAt(escrowPi)).toEqual([21_400]);
  expect(await refundsAt(await editIntent(editId))).toEqual([4280]);
});

test('an edit whose before is not payments’ record is refused loudly and charges nothing', async () => {
  const job = await paid();
  const editId = randomUUID();
  await h.publish('jobs.job.edit_requested.v1', {
    ...facts(job, editId, raised(job.shape)),
    before: { ...job.shape, hourly_rate_cents: 2600 },
    charge_cents: 3424,
  });
  await eventually(async () =>
    expect(
      (await h.anomalies()).filter((a: { job_id: string | null }) => a.job_id === job.jobId),
    ).not.toEqual([]),
  );
  expect((await ledger(job.jobId)).filter((e) => e.part !== 'escrow')).toEqual([]);
  expect(h.events('payments.edit_charge.collected.v1', job.jobId)).toEqual([]);
});

test('a repeat posted with the card on file is charged off-session and held', async () => {
  const restaurant = await h.user('restaurant');
  await saveCard(restaurant, '4242424242424242');
  const key = `repeat:${randomUUID()}:2026-12-04:charge`;
  const job = await post(restaurant, 2, { charge_card_on_file: { idempotency_key: key } });
  await eventually(async () => expect(h.events('payments.escrow.held.v1', job.jobId)).toHaveLength(1));
  const payment = await h.jobPayment(job.jobId, restaurant.token);
  expect(payment).toMatchObject({ payment_status: 'held_in_escrow' });
  const intent = await h.stripe.paymentIntents.retrieve(payment.payment_intent_id);
  expect(intent).toMatchObject({ amount: 42_800, status: 'succeeded' });
  expect(intent.metadata).toMatchObject({ job_id: job.jobId, restaurant_id: restaurant.id });
});

test('a series occurrence whose card on file is declined fails, then the restaurant pays it in the app', async () => {
  const restaurant = await h.user('restaurant');
  await saveCard(restaurant, '4000000000000341'); // attaches fine, every charge declined
  const key = `series:${randomUUID()}:2026-12-04:charge`;
  const job = await post(restaurant, 1, {
    charge_card_on_file: { idempotency_key: key },
    series_id: randomUUID(),
    occurrence_date: '2026-12-04',
  });
  await eventually(async () => expect(h.events('payments.escrow.failed.v1', job.jobId)).toHaveLength(1));
  expect(h.events('payments.escrow.failed.v1', job.jobId)[0]!.data).toMatchObject({ code: 'card_declined' });
  expect(await h.jobPayment(job.jobId, restaurant.token)).toMatchObject({ payment_status: 'failed' });
  const payer = await h.apply(job.jobId, restaurant.id, randomUUID());
  await h.payWithCard(restaurant, payer);
  await eventually(async () => expect(h.events('payments.escrow.held.v1', job.jobId)).toHaveLength(1));
  const [charge] = (await ledger(job.jobId)).filter((e) => e.kind === 'charge');
  expect(charge).toMatchObject({ seat_no: 0, part: 'escrow', amount_cents: 21_400 });
});

test('a removed seat is refunded its share by the edit; after a raise, seats leave escrow across both charges', async () => {
  const job = await paid(3);
  const fewer = { ...job.shape, headcount: 2 };
  const removal = randomUUID();
  await edited(job, removal, fewer, { removed: [3] });
  await tasksDone(job.jobId);
  const seats = await h.database.rows<{ seat_no: number }>(
    sql`select seat_no from payments.seat_payments where job_id = ${job.jobId} order by seat_no`,
  );
  expect(seats.map((s) => s.seat_no)).toEqual([1, 2]);
  const escrowPi = (await h.jobPayment(job.jobId, job.restaurant.token)).payment_intent_id as string;
  expect(await refundsAt(escrowPi)).toEqual([21_400]);
  await h.expectLedgerGreen();
  // a raise of both seats: 2 × 4280 charged off-session
  const after = raised(job.shape);
  const { editId, money } = await requestEdit(job, after);
  expect(money.charge_cents).toBe(8560);
  await collected(job, editId);
  await edited(job, editId, after);
  // seat 2 expires unbooked: its new share back, from what the escrow has left (42800 - 21400)
  const now = new Date().toISOString();
  await h.publish('jobs.seat.expired.v1', {
    job_id: job.jobId,
    restaurant_id: job.restaurant.id,
    title: 'Line Cook',
    start_time: now,
    end_time: now,
    hourly_rate_cents: 3000,
    emergency_level: 'normal',
    headcount: 2,
    seats: [2],
    lapsed_chef_ids: [],
    refund_due: true,
  });
  await eventually(async () => expect(h.events('payments.escrow.refunded.v1', job.jobId)).toHaveLength(1));
  await h.cancel(job.jobId, job.restaurant.id);
  await eventually(async () => expect(h.events('payments.escrow.refunded.v1', job.jobId)).toHaveLength(2));
  await tasksDone(job.jobId);
  // 64200 in escrow: 21400 (seat 3) + 25680 (seat 2) + 17120 of seat 1; the rest of seat 1 from the edit's 8560
  expect(await refundsAt(escrowPi)).toEqual([17_120, 21_400, 25_680].sort());
  expect(await refundsAt(await editIntent(editId))).toEqual([8560]);
  const tasks = await h.database.rows<{ seat_no: number; idempotency_key: string }>(
    sql`select seat_no, idempotency_key from payments.money_tasks
        where job_id = ${job.jobId} and kind = 'refund' order by seat_no`,
  );
  expect(tasks).toEqual([
    { seat_no: 0, idempotency_key: `job:${job.jobId}:edit:${removal}:refund` },
    { seat_no: 1, idempotency_key: `job:${job.jobId}:refund` },
    { seat_no: 2, idempotency_key: `job:${job.jobId}:seat:2:refund` },
  ]);
});

test('a timesheet after a raise pays the chef the new pay from the escrow and the edit charge together', async () => {
  const restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  const end = new Date(Date.now() - 2 * HOUR);
  const start = new Date(end.getTime() - 8 * HOUR);
  const job = await post(restaurant, 1, {
    start_time: start.toISOString(),
    end_time: end.toISOString(),
  });
  job.shape = { ...job.shape, start_time: start.toISOString(), end_time: end.toISOString() };
  const applicationId = randomUUID();
  const facts = applicationFacts(applicationId, job.jobId, restaurant.id, chef.id, { start, end });
  await h.publish('jobs.application.submitted.v1', facts);
  await h.publish('jobs.application.accepted.v1', facts);
  await h.payWithCard(restaurant, applicationId);
  await h.onboard(chef);
  const after = raised(job.shape);
  const { editId } = await requestEdit(job, after);
  await collected(job, editId);
  await edited(job, editId, after);
  const policy = h.config.policy;
  const times = { clock_in_at: start.toISOString(), clock_out_at: end.toISOString(), break_minutes: 0 };
  const worked = workedMinutes(policy, after, times);
  const money = timesheetMoney(policy, workedPay(after, worked), collectedByEscrow(after));
  await h.publish('jobs.timesheet.approved.v1', {
    ...facts,
    ...times,
    worked_minutes: worked,
    hourly_rate_cents: 3000,
    ...money.pay,
    status: 'approved',
    approved_by: 'restaurant',
  });
  await eventually(async () =>
    expect((await h.jobPayment(job.jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  const transfers = (await h.stripe.transfers.list({ transfer_group: job.jobId })).data;
  expect(transfers.map((t) => t.amount)).toEqual([24_000]);
});

test('a chef who declines an edit unbooks the seat like any cancellation; its new share stays held', async () => {
  const job = await paid();
  const chef = await h.user('chef');
  const applicationId = await h.apply(job.jobId, job.restaurant.id, chef.id);
  await h.accept(job.jobId, job.restaurant.id, chef.id, applicationId);
  const facts = applicationFacts(applicationId, job.jobId, job.restaurant.id, chef.id);
  await h.publish('jobs.application.confirmed.v1', { ...facts, seat_no: 1 });
  const seat = async () =>
    (
      await h.database.rows<{ chef_id: string | null; status: string }>(
        sql`select chef_id, status from payments.seat_payments where job_id = ${job.jobId} and seat_no = 1`,
      )
    )[0];
  await eventually(async () => expect((await seat())?.chef_id).toBe(chef.id));
  const after = raised(job.shape);
  const { editId } = await requestEdit(job, after);
  await collected(job, editId);
  await edited(job, editId, after);
  await h.publish('jobs.application.cancelled.v1', {
    ...facts,
    cancelled_by: 'chef',
    was_accepted: true,
    was_confirmed: true,
    late: false,
    seat_no: 1,
    reason: 'edit_declined',
  });
  await eventually(async () => expect(await seat()).toEqual({ chef_id: null, status: 'held_in_escrow' }));
  expect((await ledger(job.jobId)).filter((e) => e.kind !== 'charge')).toEqual([]);
});

test('an edit whose charge is declined is said to have failed and books nothing', async () => {
  const job = await paid();
  await saveCard(job.restaurant, '4000000000000341'); // the saved card is the one charged, and it declines
  const after = raised(job.shape);
  const { editId } = await requestEdit(job, after);
  await eventually(async () => expect(h.events('payments.edit_charge.failed.v1', job.jobId)).toHaveLength(1));
  expect(h.events('payments.edit_charge.failed.v1', job.jobId)[0]!.data).toMatchObject({
    edit_id: editId,
    amount_cents: 4280,
    code: 'card_declined',
    requires_authentication: false,
  });
  await tasksDone(job.jobId);
  expect((await ledger(job.jobId)).filter((e) => e.part !== 'escrow')).toEqual([]);
  expect(h.events('payments.edit_charge.collected.v1', job.jobId)).toEqual([]);
  await h.publish('jobs.job.edit_dropped.v1', {
    ...facts(job, editId, after),
    charge_cents: 4280,
    reason: 'charge_failed',
  });
  await eventually(async () => {
    const [row] = await h.database.rows<{ dropped: boolean }>(
      sql`select dropped_at is not null as dropped from payments.job_edits where edit_id = ${editId}`,
    );
    expect(row?.dropped).toBe(true);
  });
  expect(
    await h.database.rows(
      sql`select id from payments.money_tasks where job_id = ${job.jobId} and kind = 'refund'`,
    ),
  ).toEqual([]);
});

test('an edit of a posting not paid yet reprices it: it is paid at the new total', async () => {
  const restaurant = await h.user('restaurant');
  const job = await post(restaurant, 1);
  const after = { ...raised(job.shape), headcount: 2 };
  await edited(job, randomUUID(), after, { added: [2] });
  const payer = await h.apply(job.jobId, restaurant.id, randomUUID());
  await h.payWithCard(restaurant, payer);
  const payment = await h.jobPayment(job.jobId, restaurant.token);
  expect(payment).toMatchObject({ payment_status: 'held_in_escrow', total_cents: 51_360 });
  expect((await h.stripe.paymentIntents.retrieve(payment.payment_intent_id)).amount).toBe(51_360);
});
