import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { computeJobPay, type EventInput } from '@brigade/contracts';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { applicationFacts, eventually, usePayments } from './harness';
import { deadLetterCount, redrive } from './rules';

// Issue 35 (ADR 0030), step 2: a posting of several chefs is one job with one charge (headcount × one seat's
// escrow), and each seat leaves escrow on its own: its share paid to its chef, refunded when it expires unbooked,
// split on a late cancellation. The ledger proves it per job and per seat after every test.

const h = usePayments({ ledgerAfterEach: true });

const HOUR = 3_600_000;
// One seat: 8 h at $25/h = the chef's 20000, the 7% fee 1400, 21400 charged.
const SEAT = { subtotal: 20_000, fee: 1_400, total: 21_400 };

type User = { id: string; token: string };

/** Play jobs: a restaurant posts a shift for `headcount` chefs (8 h at $25/h), known to payments. */
async function postSeats(
  restaurant: User,
  headcount: number,
  options: { startsInMs?: number; amounts?: Partial<Record<'subtotal' | 'fee' | 'total', number>> } = {},
) {
  const jobId = randomUUID();
  const start = new Date(Date.now() + (options.startsInMs ?? 24 * HOUR));
  const end = new Date(start.getTime() + 8 * HOUR);
  const one = computeJobPay(start, end, 25);
  await h.publish('jobs.job.posted.v1', {
    job_id: jobId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hourly_rate_cents: 2500,
    emergency_level: 'normal',
    subtotal_cents: options.amounts?.subtotal ?? one.subtotalCents * headcount,
    fee_cents: options.amounts?.fee ?? one.feeCents * headcount,
    total_cents: options.amounts?.total ?? one.totalCents * headcount,
    notify_favorites: [],
    headcount,
  });
  return { jobId, start, end };
}

/** A posting of `headcount` paid into escrow with the test visa, and `booked` chefs confirmed on seats 1, 2, ... */
async function paidPosting(headcount: number, booked: number, startsInMs?: number) {
  const restaurant = await h.user('restaurant');
  const { jobId, start, end } = await postSeats(restaurant, headcount, { startsInMs });
  await eventually(async () =>
    expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(200),
  );
  const chefs: Array<User & { applicationId: string; seatNo: number }> = [];
  for (let seatNo = 1; seatNo <= booked; seatNo++) {
    const chef = await h.user('chef');
    await h.onboard(chef);
    const applicationId = await h.apply(jobId, restaurant.id, chef.id);
    await h.accept(jobId, restaurant.id, chef.id, applicationId);
    await confirm(jobId, restaurant.id, chef.id, applicationId, seatNo, { start, end });
    chefs.push({ ...chef, applicationId, seatNo });
  }
  const payer = chefs[0]?.applicationId ?? (await h.apply(jobId, restaurant.id, randomUUID()));
  await h.payWithCard(restaurant, payer);
  for (const chef of chefs)
    await eventually(async () => {
      const [seat] = await h.database.rows<{ chef_id: string | null }>(
        sql`select chef_id from payments.seat_payments where job_id = ${jobId} and seat_no = ${chef.seatNo}`,
      );
      expect(seat?.chef_id).toBe(chef.id);
    });
  return { restaurant, jobId, chefs, start, end };
}

/** Play jobs: a chef confirmed (the seat the confirmation booked). */
function confirm(
  jobId: string,
  restaurantId: string,
  chefId: string,
  applicationId: string,
  seatNo: number,
  times?: { start: Date; end: Date },
) {
  return h.publish('jobs.application.confirmed.v1', {
    ...applicationFacts(applicationId, jobId, restaurantId, chefId, times),
    seat_no: seatNo,
  });
}

/** Play jobs: both sides checked out a seat, agreeing it was worked. */
function checkoutSeat(
  jobId: string,
  restaurantId: string,
  chef: { id: string; applicationId: string; seatNo: number },
) {
  return h.publish('jobs.checkout.completed.v1', {
    ...applicationFacts(chef.applicationId, jobId, restaurantId, chef.id),
    outcome: 'release',
    restaurant_work_completed: true,
    chef_work_completed: true,
    chef_rating: 5,
    restaurant_rating: 5,
    subtotal_cents: SEAT.subtotal,
    fee_cents: SEAT.fee,
    total_cents: SEAT.total,
    seat_no: chef.seatNo,
  });
}

function seatsExpired(jobId: string, restaurantId: string, seats: number[], id?: string) {
  const now = new Date().toISOString();
  return h.publish(
    'jobs.seat.expired.v1',
    {
      job_id: jobId,
      restaurant_id: restaurantId,
      title: 'Line Cook',
      start_time: now,
      end_time: now,
      hourly_rate_cents: 2500,
      emergency_level: 'normal',
      headcount: 3,
      seats,
      lapsed_chef_ids: [],
      refund_due: true,
    },
    id,
  );
}

/** What the sandbox (Stripe) holds for the posting: its one PaymentIntent, the transfers and the refunds. */
async function atStripe(jobId: string, restaurant: User) {
  const intentId = (await h.jobPayment(jobId, restaurant.token)).payment_intent_id as string;
  const intent = await h.stripe.paymentIntents.retrieve(intentId);
  const transfers = (await h.stripe.transfers.list({ transfer_group: jobId })).data;
  const refunds = (await h.stripe.refunds.list({ payment_intent: intentId })).data;
  return {
    charged: intent.amount,
    transfers: transfers.map((t) => [t.destination, t.amount]).sort(),
    refunds: refunds.map((r) => r.amount).sort((a, b) => a - b),
  };
}

const byKind = (entries: Array<{ kind: string; amount_cents: number }>) =>
  entries.map((e) => [e.kind, e.amount_cents]);

describe('a posting of several chefs', () => {
  test('a posting of 3 is charged once, for 3 shares, on one PaymentIntent', async () => {
    const { restaurant, jobId } = await paidPosting(3, 0);
    const seen = await h.jobPayment(jobId, restaurant.token);
    expect(seen).toMatchObject({
      payment_status: 'held_in_escrow',
      amount_cents: 3 * SEAT.total,
      subtotal_cents: 3 * SEAT.subtotal,
      fee_cents: 3 * SEAT.fee,
    });
    expect(byKind(seen.ledger.entries)).toEqual([['charge', 3 * SEAT.total]]);
    expect(await atStripe(jobId, restaurant)).toEqual({
      charged: 3 * SEAT.total,
      transfers: [],
      refunds: [],
    });
    const intents = await h.database.rows(sql`select 1 from payments.ledger_entries where job_id = ${jobId}`);
    expect(intents).toHaveLength(1);
    await eventually(() => expect(h.events('payments.escrow.held.v1', jobId)).toHaveLength(1));
  });

  test('amounts that are not headcount × one seat’s escrow are refused: the posting is never payable', async () => {
    const restaurant = await h.user('restaurant');
    const { jobId } = await postSeats(restaurant, 3, {
      amounts: { subtotal: SEAT.subtotal, fee: SEAT.fee, total: SEAT.total },
    });
    await eventually(async () =>
      expect((await h.anomalies()).filter((a) => a.job_id === jobId).map((a) => a.reason)).toEqual([
        'decision_mismatch',
      ]),
    );
    expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(404);
    expect(await deadLetterCount(h, 'payments.job-posted')).toBeGreaterThan(0);
  });

  test('two seats booked and settled on their own, the third expired with its share refunded in part', async () => {
    const { restaurant, jobId, chefs } = await paidPosting(3, 2);
    const [first, second] = chefs as [(typeof chefs)[0], (typeof chefs)[0]];

    // At the start, seat 3 nobody booked expires: its share goes back (delivered twice, and again under another id).
    const expiredId = await seatsExpired(jobId, restaurant.id, [3]);
    await seatsExpired(jobId, restaurant.id, [3], expiredId);
    await seatsExpired(jobId, restaurant.id, [3]);
    await eventually(() =>
      expect(h.events('payments.escrow.refunded.v1', jobId).map((e) => e.data)).toEqual([
        expect.objectContaining({ seat_no: 3, amount_cents: SEAT.total, reason: 'job_expired' }),
      ]),
    );
    // A partial refund of the posting's PaymentIntent at the provider; the booked seats go on.
    expect(await atStripe(jobId, restaurant)).toMatchObject({ refunds: [SEAT.total], transfers: [] });
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');

    // Seat 1 checks out: only its share moves, to its chef.
    await checkoutSeat(jobId, restaurant.id, first);
    await eventually(() =>
      expect(h.events('payments.payout.released.v1', jobId).map((e) => e.data)).toEqual([
        expect.objectContaining({
          seat_no: 1,
          chef_id: first.id,
          application_id: first.applicationId,
          amount_cents: SEAT.subtotal,
          fee_cents: SEAT.fee,
        }),
      ]),
    );
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
    // Its chef reads their own seat: its share, paid out.
    expect(await h.jobPayment(jobId, first.token)).toMatchObject({
      payment_status: 'completed',
      amount_cents: SEAT.total,
      ledger: {
        charged_cents: SEAT.total,
        transferred_cents: SEAT.subtotal,
        fee_cents: SEAT.fee,
        refunded_cents: 0,
      },
    });
    expect((await h.jobPayment(jobId, second.token)).payment_status).toBe('held_in_escrow');

    // Seat 2 later, delivered twice under two ids: paid once.
    await checkoutSeat(jobId, restaurant.id, second);
    await checkoutSeat(jobId, restaurant.id, second);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
    const accounts = await h.database.rows<{ user_id: string; account_id: string }>(
      sql`select user_id, account_id from payments.connected_accounts where user_id in (${first.id}, ${second.id})`,
    );
    const accountOf = (id: string) => accounts.find((a) => a.user_id === id)!.account_id;
    expect(await atStripe(jobId, restaurant)).toEqual({
      charged: 3 * SEAT.total,
      transfers: [
        [accountOf(first.id), SEAT.subtotal],
        [accountOf(second.id), SEAT.subtotal],
      ].sort(),
      refunds: [SEAT.total],
    });
    // The restaurant reads the whole posting: one charge, each seat's movement.
    const posting = await h.jobPayment(jobId, restaurant.token);
    expect(posting.ledger).toMatchObject({
      charged_cents: 3 * SEAT.total,
      transferred_cents: 2 * SEAT.subtotal,
      fee_cents: 2 * SEAT.fee,
      refunded_cents: SEAT.total,
    });
    await eventually(() =>
      expect(
        h
          .events('payments.payout.released.v1', jobId)
          .map((e) => e.data.seat_no)
          .sort(),
      ).toEqual([1, 2]),
    );

    // Each chef's earnings show their own seat's pay; the restaurant's receipts a line per seat.
    for (const chef of [first, second]) {
      const earnings = (await h.call('GET', '/payments/earnings', chef.token)).body;
      expect(earnings.shifts.filter((s: { job_id: string }) => s.job_id === jobId)).toEqual([
        expect.objectContaining({
          gross_pay_cents: SEAT.subtotal,
          status: 'paid_out',
          seat_no: chef.seatNo,
          headcount: 3,
        }),
      ]);
      // the CSV names the seat of the posting
      const file = (await h.call('GET', '/payments/earnings?format=csv', chef.token)).body as string;
      expect(file.split('\r\n').find((l) => l.endsWith(jobId))).toMatch(
        new RegExp(`,${chef.seatNo},${jobId}$`),
      );
    }
    const receipts = (await h.call('GET', '/payments/receipts', restaurant.token)).body;
    const lines = receipts.receipts.filter((r: { job_id: string }) => r.job_id === jobId);
    expect(
      lines.map(
        (r: {
          seat_no: number;
          headcount: number;
          chef_id: string | null;
          charged_cents: number;
          refund_cents: number;
        }) => [r.seat_no, r.headcount, r.chef_id, r.charged_cents, r.refund_cents],
      ),
    ).toEqual([
      [1, 3, first.id, SEAT.total, 0],
      [2, 3, second.id, SEAT.total, 0],
      [3, 3, null, SEAT.total, SEAT.total],
    ]);
    const receiptsFile = (await h.call('GET', '/payments/receipts?format=csv', restaurant.token))
      .body as string;
    expect(
      receiptsFile
        .split('\r\n')
        .filter((l) => l.endsWith(jobId))
        .map((l) => l.split(',').at(-2)),
    ).toEqual(['1', '2', '3']);

    // ledger:check: the posting adds up, each seat listed under it.
    const printed: string[] = [];
    await runLedgerCheck(h.database, (line) => printed.push(line), { policy: h.config.policy });
    const at = printed.findIndex((l) => l.includes(`job ${jobId}`));
    expect(printed[at]).toMatch(
      new RegExp(
        `^ok {3}job ${jobId} settled +charged ${3 * SEAT.total} = transferred ${2 * SEAT.subtotal} \\+ fee ${2 * SEAT.fee} \\+ refunded ${SEAT.total}$`,
      ),
    );
    expect(printed.slice(at + 1, at + 4)).toEqual([
      `    ok   seat 1 moved ${SEAT.total} of share ${SEAT.total}`,
      `    ok   seat 2 moved ${SEAT.total} of share ${SEAT.total}`,
      `    ok   seat 3 moved ${SEAT.total} of share ${SEAT.total}`,
    ]);
  });

  test('a posting nobody booked expires whole: every seat refunded its share, the job refunded in full', async () => {
    const { restaurant, jobId, start, end } = await paidPosting(2, 0);
    const expired = {
      job_id: jobId,
      restaurant_id: restaurant.id,
      title: 'Line Cook',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      hourly_rate_cents: 2500,
      emergency_level: 'normal' as const,
      previous_status: 'open',
      refund_due: true,
      lapsed_chef_ids: [],
      seats: [1, 2],
    };
    const id = await h.publish('jobs.job.expired.v1', expired);
    await h.publish('jobs.job.expired.v1', expired, id);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('refunded'),
    );
    expect(await atStripe(jobId, restaurant)).toEqual({
      charged: 2 * SEAT.total,
      transfers: [],
      refunds: [SEAT.total, SEAT.total],
    });
    await eventually(() =>
      expect(
        h
          .events('payments.escrow.refunded.v1', jobId)
          .map((e) => [e.data.seat_no, e.data.amount_cents, e.data.reason])
          .sort(),
      ).toEqual([
        [1, SEAT.total, 'job_expired'],
        [2, SEAT.total, 'job_expired'],
      ]),
    );
  });

  test('a disputed seat holds only its share: the job reads disputed until an operator decides that seat', async () => {
    const { restaurant, jobId, chefs } = await paidPosting(2, 2);
    const [first, second] = chefs as [(typeof chefs)[0], (typeof chefs)[0]];
    await h.publish('jobs.checkout.completed.v1', {
      ...applicationFacts(second.applicationId, jobId, restaurant.id, second.id),
      outcome: 'disputed',
      restaurant_work_completed: false,
      chef_work_completed: true,
      chef_rating: null,
      restaurant_rating: 5,
      subtotal_cents: SEAT.subtotal,
      fee_cents: SEAT.fee,
      total_cents: SEAT.total,
      seat_no: 2,
    });
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('disputed'),
    );
    await checkoutSeat(jobId, restaurant.id, first);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, first.token)).payment_status).toBe('completed'),
    );
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('disputed');
    expect((await h.jobPayment(jobId, second.token)).payment_status).toBe('disputed');

    // The operator pays the chef half of the seat's shift pay: a split of that seat's share only.
    const half = SEAT.subtotal / 2;
    await h.publish('jobs.dispute.resolved.v1', {
      ...applicationFacts(second.applicationId, jobId, restaurant.id, second.id),
      chef_pay_cents: half,
      fee_cents: 700,
      refund_cents: SEAT.total - half - 700,
      subtotal_cents: SEAT.subtotal,
      total_cents: SEAT.total,
      note: 'Left at half time',
      operator_id: randomUUID(),
      resolved_at: new Date().toISOString(),
      seat_no: 2,
    });
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
    const stripe = await atStripe(jobId, restaurant);
    expect(stripe.transfers.map(([, amount]) => amount).sort()).toEqual([half, SEAT.subtotal].sort());
    expect(stripe.refunds).toEqual([SEAT.total - half - 700]);
    expect(await h.jobPayment(jobId, second.token)).toMatchObject({
      payment_status: 'settled',
      ledger: { transferred_cents: half, fee_cents: 700, refunded_cents: SEAT.total - half - 700 },
    });
  });

  test("two disputed seats decided one by one: each chef is paid their own seat's decision, nothing else moves", async () => {
    const { restaurant, jobId, chefs } = await paidPosting(2, 2);
    const [first, second] = chefs as [(typeof chefs)[0], (typeof chefs)[0]];
    for (const chef of chefs)
      await h.publish('jobs.checkout.completed.v1', {
        ...applicationFacts(chef.applicationId, jobId, restaurant.id, chef.id),
        outcome: 'disputed',
        restaurant_work_completed: false,
        chef_work_completed: true,
        chef_rating: null,
        restaurant_rating: 5,
        subtotal_cents: SEAT.subtotal,
        fee_cents: SEAT.fee,
        total_cents: SEAT.total,
        seat_no: chef.seatNo,
      });
    await eventually(async () => {
      for (const chef of chefs)
        expect((await h.jobPayment(jobId, chef.token)).payment_status).toBe('disputed');
    });
    const decide = (chef: (typeof chefs)[0], chefPay: number, fee: number) =>
      h.publish('jobs.dispute.resolved.v1', {
        ...applicationFacts(chef.applicationId, jobId, restaurant.id, chef.id),
        chef_pay_cents: chefPay,
        fee_cents: fee,
        refund_cents: SEAT.total - chefPay - fee,
        subtotal_cents: SEAT.subtotal,
        total_cents: SEAT.total,
        note: `Seat ${chef.seatNo}`,
        operator_id: randomUUID(),
        resolved_at: new Date().toISOString(),
        seat_no: chef.seatNo,
      });

    // The operator decides seat 2 first: its chef is paid in full; seat 1 stays disputed, nothing of it moves.
    await decide(second, SEAT.subtotal, SEAT.fee);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, second.token)).payment_status).toBe('completed'),
    );
    expect(await h.jobPayment(jobId, first.token)).toMatchObject({
      payment_status: 'disputed',
      ledger: { transferred_cents: 0, fee_cents: 0, refunded_cents: 0 },
    });
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('disputed');
    const op = await h.auth.token({ type: 'operator' });
    const midway = (await h.call('GET', `/ops/jobs/${jobId}/ledger`, op)).body;
    expect(
      midway.seats.map((s: any) => [s.seat_no, s.payment_status, s.chef_id, s.decision?.chef_pay_cents]),
    ).toEqual([
      [1, 'disputed', first.id, undefined],
      [2, 'completed', second.id, SEAT.subtotal],
    ]);

    // Then seat 1: a quarter of its pay; the rest of its share goes back to the card.
    const quarter = SEAT.subtotal / 4;
    await decide(first, quarter, 350);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
    // a redelivery of the first decision moves nothing more
    await decide(second, SEAT.subtotal, SEAT.fee);
    const accounts = await h.database.rows<{ user_id: string; account_id: string }>(
      sql`select user_id, account_id from payments.connected_accounts where user_id in (${first.id}, ${second.id})`,
    );
    const accountOf = (id: string) => accounts.find((a) => a.user_id === id)!.account_id;
    expect(await atStripe(jobId, restaurant)).toEqual({
      charged: 2 * SEAT.total,
      transfers: [
        [accountOf(first.id), quarter],
        [accountOf(second.id), SEAT.subtotal],
      ].sort(),
      refunds: [SEAT.total - quarter - 350],
    });
    expect(await h.jobPayment(jobId, first.token)).toMatchObject({
      payment_status: 'settled',
      ledger: { transferred_cents: quarter, fee_cents: 350, refunded_cents: SEAT.total - quarter - 350 },
    });

    // The operator's ledger: every seat with its decision and its own movements.
    const ledger = (await h.call('GET', `/ops/jobs/${jobId}/ledger`, op)).body;
    expect(ledger.decision).toMatchObject({ reason: 'dispute_decision', chef_pay_cents: quarter });
    expect(ledger.seats).toEqual([
      expect.objectContaining({
        seat_no: 1,
        payment_status: 'settled',
        chef_id: first.id,
        decision: expect.objectContaining({ kind: 'split', chef_pay_cents: quarter, fee_cents: 350 }),
      }),
      expect.objectContaining({
        seat_no: 2,
        payment_status: 'completed',
        chef_id: second.id,
        decision: expect.objectContaining({ kind: 'release', chef_pay_cents: SEAT.subtotal }),
      }),
    ]);
    expect(byKind(ledger.seats[0].entries).sort()).toEqual(
      [
        ['fee', 350],
        ['refund', SEAT.total - quarter - 350],
        ['transfer', quarter],
      ].sort(),
    );
    expect(byKind(ledger.seats[1].entries).sort()).toEqual(
      [
        ['fee', SEAT.fee],
        ['transfer', SEAT.subtotal],
      ].sort(),
    );
    expect(ledger.entries.find((e: any) => e.kind === 'charge')).toMatchObject({
      seat_no: 0,
      amount_cents: 2 * SEAT.total,
    });

    // Each chef's earnings are their own seat's decision.
    const earningOf = async (chef: (typeof chefs)[0]) =>
      (await h.call('GET', '/payments/earnings', chef.token)).body.shifts.filter(
        (s: { job_id: string }) => s.job_id === jobId,
      );
    expect(await earningOf(first)).toEqual([
      expect.objectContaining({ seat_no: 1, headcount: 2, gross_pay_cents: quarter, status: 'paid_out' }),
    ]);
    expect(await earningOf(second)).toEqual([
      expect.objectContaining({
        seat_no: 2,
        headcount: 2,
        gross_pay_cents: SEAT.subtotal,
        status: 'paid_out',
      }),
    ]);
    // ledger:check (after each test) proves the posting and each seat add up.
  });

  test('a chef who cancels frees their seat: no money moves, and the next chef booked there is the one paid', async () => {
    const { restaurant, jobId, chefs, start, end } = await paidPosting(2, 1);
    const [leaving] = chefs as [(typeof chefs)[0]];
    await h.publish('jobs.application.cancelled.v1', {
      ...applicationFacts(leaving.applicationId, jobId, restaurant.id, leaving.id, { start, end }),
      cancelled_by: 'chef',
      was_accepted: true,
      was_confirmed: true,
      late: false,
      seat_no: 1,
    });
    await eventually(async () =>
      expect((await h.call('GET', `/payments/job/${jobId}`, leaving.token)).status).toBe(404),
    );
    expect(await atStripe(jobId, restaurant)).toMatchObject({ transfers: [], refunds: [] });

    const next = await h.user('chef');
    await h.onboard(next);
    const applicationId = await h.apply(jobId, restaurant.id, next.id);
    await confirm(jobId, restaurant.id, next.id, applicationId, 1, { start, end });
    await eventually(async () =>
      expect((await h.call('GET', `/payments/job/${jobId}`, next.token)).status).toBe(200),
    );
    await checkoutSeat(jobId, restaurant.id, { id: next.id, applicationId, seatNo: 1 });
    await eventually(() =>
      expect(
        h.events('payments.payout.released.v1', jobId).map((e) => [e.data.seat_no, e.data.chef_id]),
      ).toEqual([[1, next.id]]),
    );
    // Seat 2 was never booked: it expires with its share.
    await seatsExpired(jobId, restaurant.id, [2]);
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
  });
});

test('expired seats whose refunds fail at Stripe, across a restart: each share refunded once, with its own key', async () => {
  const { restaurant, jobId } = await paidPosting(3, 1);
  const fault = await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    path: '/v1/refunds',
    mode: '500',
  });
  expect(fault.status).toBe(201);
  await seatsExpired(jobId, restaurant.id, [2, 3]);
  const refundHits = async () =>
    (
      (await h.callSandbox('GET', '/sandbox/faults/stripe')).body.hits as {
        path: string;
        idempotency_key: string;
      }[]
    )
      .filter((x) => x.path === '/v1/refunds' && x.idempotency_key.startsWith(`job:${jobId}:`))
      .map((x) => x.idempotency_key);
  await eventually(async () =>
    expect(new Set(await refundHits())).toEqual(
      new Set([`job:${jobId}:seat:2:refund`, `job:${jobId}:seat:3:refund`]),
    ),
  );
  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).settlement).toMatchObject({
      kind: 'refund',
      state: 'delayed',
    }),
  );
  // A crash (or deploy) while both refunds are due, then Stripe answers again, and the event comes again.
  await h.restart();
  await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  await seatsExpired(jobId, restaurant.id, [2, 3]);
  await eventually(() => expect(h.events('payments.escrow.refunded.v1', jobId)).toHaveLength(2), 20_000);
  expect(await atStripe(jobId, restaurant)).toMatchObject({
    refunds: [SEAT.total, SEAT.total],
    transfers: [],
  });
  expect(
    h
      .events('payments.escrow.refunded.v1', jobId)
      .map((e) => e.data.seat_no)
      .sort(),
  ).toEqual([2, 3]);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');
});

describe('a late cancellation of a posting of 3 with 2 chefs booked', () => {
  /** The figures jobs publishes: each booked seat its chef's late-cancellation pay, the unbooked seat its share. */
  function lateCancellation(
    posting: Awaited<ReturnType<typeof paidPosting>>,
    seatPay: (seatNo: number) => number = () => 4 * 2500,
  ): Partial<EventInput<'jobs.job.cancelled.v1'>> {
    const booked = posting.chefs.map((c) => {
      const pay = seatPay(c.seatNo);
      const fee = Math.round(pay * 0.07);
      return {
        seat_no: c.seatNo,
        application_id: c.applicationId,
        chef_id: c.id,
        chef_pay_cents: pay,
        fee_cents: fee,
        refund_cents: SEAT.total - pay - fee,
      };
    });
    return {
      previous_status: 'open',
      refund_due: true,
      late: true,
      affected_chef_ids: posting.chefs.map((c) => c.id),
      start_time: posting.start.toISOString(),
      end_time: posting.end.toISOString(),
      seats: [
        ...booked,
        {
          seat_no: 3,
          application_id: null,
          chef_id: null,
          chef_pay_cents: 0,
          fee_cents: 0,
          refund_cents: SEAT.total,
        },
      ],
    };
  }

  test('each booked chef is paid the late-cancellation pay, the fee kept on it, the rest refunded; once', async () => {
    const posting = await paidPosting(3, 2, 2 * HOUR);
    const { restaurant, jobId, chefs } = posting;
    const figures = lateCancellation(posting);
    const id = await h.cancel(jobId, restaurant.id, undefined, figures);
    await h.cancel(jobId, restaurant.id, id, figures);
    await h.cancel(jobId, restaurant.id, undefined, figures);

    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
    await eventually(() => expect(h.events('payments.escrow.settled.v1', jobId)).toHaveLength(2));
    const pay = 4 * 2500;
    const fee = 700;
    expect(
      h
        .events('payments.escrow.settled.v1', jobId)
        .map((e) => e.data)
        .sort((a, b) => a.seat_no - b.seat_no),
    ).toEqual(
      chefs.map((c) =>
        expect.objectContaining({
          seat_no: c.seatNo,
          chef_id: c.id,
          chef_pay_cents: pay,
          fee_cents: fee,
          refund_cents: SEAT.total - pay - fee,
          reason: 'late_cancellation',
          subtotal_cents: SEAT.subtotal,
        }),
      ),
    );
    await eventually(() =>
      expect(h.events('payments.escrow.refunded.v1', jobId).map((e) => e.data)).toEqual([
        expect.objectContaining({ seat_no: 3, amount_cents: SEAT.total, reason: 'job_cancelled' }),
      ]),
    );
    const stripe = await atStripe(jobId, restaurant);
    expect(stripe.transfers.map(([, amount]) => amount)).toEqual([pay, pay]);
    expect(stripe.refunds).toEqual(
      [SEAT.total - pay - fee, SEAT.total - pay - fee, SEAT.total].sort((a, b) => a - b),
    );
    for (const chef of chefs) {
      const earnings = (await h.call('GET', '/payments/earnings', chef.token)).body;
      expect(earnings.shifts.filter((s: { job_id: string }) => s.job_id === jobId)).toEqual([
        expect.objectContaining({ gross_pay_cents: pay, status: 'cancellation_pay' }),
      ]);
    }
  });

  test('figures that are not the policy’s for a seat are refused: nothing moves until the right ones come', async () => {
    const posting = await paidPosting(3, 2, 2 * HOUR);
    const { restaurant, jobId } = posting;
    const before = await deadLetterCount(h, 'payments.job-cancelled');
    // Seat 2's chef paid 6 hours instead of the policy's 4.
    const refused = await h.cancel(
      jobId,
      restaurant.id,
      undefined,
      lateCancellation(posting, (n) => (n === 2 ? 6 * 2500 : 4 * 2500)),
    );
    await eventually(async () =>
      expect((await h.anomalies()).filter((a) => a.job_id === jobId).map((a) => a.reason)).toEqual([
        'decision_mismatch',
      ]),
    );
    await eventually(async () =>
      expect(await deadLetterCount(h, 'payments.job-cancelled')).toBeGreaterThan(before),
    );
    expect(await atStripe(jobId, restaurant)).toMatchObject({ transfers: [], refunds: [] });
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');

    await h.cancel(jobId, restaurant.id, undefined, lateCancellation(posting));
    await eventually(async () =>
      expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('settled'),
    );
    // The refused event, re-driven after the fix, is handled and moves nothing more: every seat is decided.
    await redrive(h, 'payments.job-cancelled');
    await eventually(async () => {
      const handled = await h.database.rows(
        sql`select 1 from payments.processed_events where event_id = ${refused}`,
      );
      expect(handled).toHaveLength(1);
    });
    expect((await atStripe(jobId, restaurant)).transfers).toHaveLength(2);
  });
});
