import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { BOOKING_FEE_BPS, platformFee, type EventInput } from '@brigade/contracts';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { applicationFacts, eventually, usePayments } from './harness';
import { deadLetterCount, type PaidShift } from './rules';

// Issue 17: an operator decides a disputed job (jobs.dispute.resolved.v1). Payments checks the figures against
// its own records, moves the money through its one decision per job (release, refund or split, reason
// dispute_decision), and the ledger rules stay green after each kind.

const h = usePayments({ ledgerAfterEach: true });

/** A paid shift worked by its accepted chef whose checkout answers disagreed: the money is disputed. */
async function disputedShift(): Promise<PaidShift> {
  const shift = await h.paidJob({ onboard: true });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  await h.checkout(
    shift.jobId,
    shift.restaurant.id,
    shift.chef.id,
    shift.applicationId,
    'disputed',
    shift.pay,
  );
  await eventually(async () => expect((await payment(shift)).payment_status).toBe('disputed'));
  return shift;
}

const payment = (shift: PaidShift) => h.jobPayment(shift.jobId, shift.restaurant.token);

/** The figures jobs publishes for an operator's decision paying the chef `chefPay`. */
function decision(shift: PaidShift, chefPay: number): EventInput<'jobs.dispute.resolved.v1'> {
  const fee = platformFee({ feeBps: BOOKING_FEE_BPS }, chefPay);
  return {
    ...applicationFacts(shift.applicationId, shift.jobId, shift.restaurant.id, shift.chef.id, shift),
    chef_pay_cents: chefPay,
    fee_cents: fee,
    refund_cents: shift.pay.totalCents - chefPay - fee,
    subtotal_cents: shift.pay.subtotalCents,
    total_cents: shift.pay.totalCents,
    note: 'The chef left two hours early; paid for the hours worked.',
    operator_id: randomUUID(),
    resolved_at: new Date().toISOString(),
  };
}

const resolve = (figures: EventInput<'jobs.dispute.resolved.v1'>, id?: string) =>
  h.publish('jobs.dispute.resolved.v1', figures, id);

async function atStripe(shift: PaidShift) {
  const intentId = (await payment(shift)).payment_intent_id as string;
  const transfers = (await h.stripe.transfers.list({ transfer_group: shift.jobId })).data;
  const refunds = (await h.stripe.refunds.list({ payment_intent: intentId })).data;
  return { transfers: transfers.map((t) => t.amount), refunds: refunds.map((r) => r.amount) };
}

async function ledgerCheckGreen() {
  const lines: string[] = [];
  const ok = await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy });
  expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  expect(ok).toBe(true);
}

const operator = () => h.auth.token({ type: 'operator' });

test('a split: the chef is paid part, 7% of it kept, the rest refunded; settled once (dispute_decision), even delivered twice', async () => {
  const shift = await disputedShift();
  const figures = decision(shift, 12_000);
  const id = await resolve(figures);
  await resolve(figures, id);
  await resolve(figures); // the same decision under another id: one decision per job

  await eventually(async () => expect((await payment(shift)).payment_status).toBe('settled'));
  expect(await atStripe(shift)).toEqual({ transfers: [12_000], refunds: [figures.refund_cents] });
  await eventually(() => expect(h.events('payments.escrow.settled.v1', shift.jobId)).toHaveLength(1));
  expect(h.events('payments.escrow.settled.v1', shift.jobId)[0].data).toMatchObject({
    chef_id: shift.chef.id,
    chef_pay_cents: 12_000,
    fee_cents: 840,
    refund_cents: figures.refund_cents,
    reason: 'dispute_decision',
  });
  expect(h.events('payments.payout.released.v1', shift.jobId)).toHaveLength(0);
  await ledgerCheckGreen();

  const ledger = await h.call('GET', `/ops/jobs/${shift.jobId}/ledger`, await operator());
  expect(ledger.status).toBe(200);
  expect(ledger.body).toMatchObject({
    job_id: shift.jobId,
    payment_status: 'settled',
    totals: {
      charged_cents: shift.pay.totalCents,
      transferred_cents: 12_000,
      fee_cents: 840,
      refunded_cents: figures.refund_cents,
    },
    decision: {
      kind: 'split',
      reason: 'dispute_decision',
      chef_pay_cents: 12_000,
      fee_cents: 840,
      refund_cents: figures.refund_cents,
    },
  });
  expect(ledger.body.entries.map((e: { kind: string }) => e.kind).sort()).toEqual([
    'charge',
    'fee',
    'refund',
    'transfer',
  ]);
  expect(ledger.body.entries.find((e: { kind: string }) => e.kind === 'transfer').provider_id).toMatch(
    /^tr_/,
  );

  // Issue 32: the receipt and the earnings row name it a split by a decision (never a late cancellation),
  // with the figures the ledger moved; the CSV says so too.
  const split = {
    outcome: 'split_by_decision',
    reason: 'dispute_decision',
    state: 'done',
    shift_pay_cents: shift.pay.subtotalCents,
    total_cents: shift.pay.totalCents,
    chef_pay_cents: 12_000,
    fee_cents: 840,
    refund_cents: figures.refund_cents,
  };
  const receipts = await h.call('GET', '/payments/receipts', shift.restaurant.token);
  expect(receipts.body.receipts.find((r: { job_id: string }) => r.job_id === shift.jobId).money).toEqual(
    split,
  );
  const earnings = await h.call('GET', '/payments/earnings', shift.chef.token);
  expect(earnings.body.shifts.find((r: { job_id: string }) => r.job_id === shift.jobId).money).toEqual(split);
  const csv = await h.call('GET', '/payments/receipts?format=csv', shift.restaurant.token);
  const line = (csv.body as string).split('\r\n').find((l) => l.endsWith(shift.jobId))!;
  expect(line).toContain(',Split by a decision,settled,');
  expect(line).not.toMatch(/late/i);
});

test('a full payout: the chef gets the shift pay, the booking fee is kept, nothing back (completed, dispute_decision)', async () => {
  const shift = await disputedShift();
  const figures = decision(shift, shift.pay.subtotalCents);
  expect(figures.fee_cents).toBe(shift.pay.feeCents);
  expect(figures.refund_cents).toBe(0);
  await resolve(figures);
  await eventually(async () => expect((await payment(shift)).payment_status).toBe('completed'));
  expect(await atStripe(shift)).toEqual({ transfers: [shift.pay.subtotalCents], refunds: [] });
  await eventually(() =>
    expect(h.events('payments.payout.released.v1', shift.jobId).map((e) => e.data)).toEqual([
      expect.objectContaining({ amount_cents: shift.pay.subtotalCents, reason: 'dispute_decision' }),
    ]),
  );
  await ledgerCheckGreen();
});

test('a full refund: nothing to the chef, the whole charge goes back (refunded, dispute_decision)', async () => {
  const shift = await disputedShift();
  await resolve(decision(shift, 0));
  await eventually(async () => expect((await payment(shift)).payment_status).toBe('refunded'));
  expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [shift.pay.totalCents] });
  await eventually(() =>
    expect(h.events('payments.escrow.refunded.v1', shift.jobId).map((e) => e.data)).toEqual([
      expect.objectContaining({ amount_cents: shift.pay.totalCents, reason: 'dispute_decision' }),
    ]),
  );
  await ledgerCheckGreen();
});

describe('a forged or wrong decision moves nothing: dead-lettered with an anomaly', () => {
  test.each([
    [
      'the chef paid more than the shift pay',
      (f: Figures, s: PaidShift) => ({
        chef_pay_cents: s.pay.subtotalCents + 100,
        fee_cents: platformFee({ feeBps: BOOKING_FEE_BPS }, s.pay.subtotalCents + 100),
        refund_cents: f.refund_cents - 100 - 7,
      }),
    ],
    [
      'a fee that is not 7% of the chef pay',
      (f: Figures) => ({ fee_cents: f.fee_cents + 100, refund_cents: f.refund_cents - 100 }),
    ],
    ['parts that do not add up to the charge', (f: Figures) => ({ refund_cents: f.refund_cents + 500 })],
    [
      'a shift pay that is not the job’s',
      (f: Figures) => ({ subtotal_cents: f.subtotal_cents + 1000, total_cents: f.total_cents + 1070 }),
    ],
    ['another chef paid', () => ({ chef_id: randomUUID() })],
  ])('%s', async (_name, tamper) => {
    const shift = await disputedShift();
    const right = decision(shift, 12_000);
    const deadBefore = await deadLetterCount(h, 'payments.dispute-resolved');
    await resolve({ ...right, ...tamper(right, shift) });
    await eventually(async () =>
      expect(await deadLetterCount(h, 'payments.dispute-resolved')).toBe(deadBefore + 1),
    );
    const anomalies = await eventually(async () => {
      const rows = (await h.anomalies()).filter((a) => a.job_id === shift.jobId);
      expect(rows.map((a) => a.reason)).toEqual(['decision_mismatch']);
      return rows;
    });
    expect(anomalies).toHaveLength(1);
    expect((await payment(shift)).payment_status).toBe('disputed');
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [] });
    const [tasks] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments.money_tasks where job_id = ${shift.jobId}`,
    );
    expect(Number(tasks.n)).toBe(0);
    await ledgerCheckGreen();

    // The operators' console lists it, with the job waiting for a decision.
    const listed = await h.call('GET', '/ops/anomalies', await operator());
    expect(listed.status).toBe(200);
    const mine = listed.body.anomalies.filter((a: { job_id: string }) => a.job_id === shift.jobId);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'decision_mismatch',
        summary: expect.stringContaining('jobs.dispute.resolved.v1'),
      }),
    ]);
    expect(listed.body.stuck).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job_id: shift.jobId, payment_status: 'disputed', deadline: null }),
      ]),
    );
    // The right figures still decide it.
    await resolve(right);
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('settled'));
  });

  test('a decision for a job that is not disputed is refused', async () => {
    const shift = await h.paidJob({ onboard: true });
    await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
    await resolve(decision(shift, 12_000));
    await eventually(async () =>
      expect((await h.anomalies()).filter((a) => a.job_id === shift.jobId).map((a) => a.reason)).toEqual([
        'decision_mismatch',
      ]),
    );
    expect((await payment(shift)).payment_status).toBe('held_in_escrow');
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [] });
    // leave the ledger clean for the afterEach: the job is decided by its checkout
    await h.checkout(
      shift.jobId,
      shift.restaurant.id,
      shift.chef.id,
      shift.applicationId,
      'release',
      shift.pay,
    );
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('completed'));
  });
});

type Figures = EventInput<'jobs.dispute.resolved.v1'>;

describe('ops routes', () => {
  test('chefs and restaurants get 403, no token 401, an unknown job 404, a bad limit 400', async () => {
    const shift = await disputedShift();
    for (const token of [shift.chef.token, shift.restaurant.token]) {
      for (const path of [`/ops/jobs/${shift.jobId}/ledger`, '/ops/anomalies']) {
        const res = await h.call('GET', path, token);
        expect(res).toMatchObject({ status: 403, body: { code: 'AUTH.OPERATORS_ONLY' } });
      }
    }
    expect((await h.call('GET', '/ops/anomalies')).status).toBe(401);
    const op = await operator();
    expect(await h.call('GET', `/ops/jobs/${randomUUID()}/ledger`, op)).toMatchObject({
      status: 404,
      body: { code: 'PAYMENTS.JOB_NOT_FOUND' },
    });
    expect((await h.call('GET', '/ops/jobs/not-a-uuid/ledger', op)).status).toBe(404);
    const bad = await h.call('GET', '/ops/anomalies?limit=0', op);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/limit/);
    const held = await h.call('GET', `/ops/jobs/${shift.jobId}/ledger`, op);
    expect(held.body).toMatchObject({ payment_status: 'disputed', decision: null });
    expect(held.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['charge']);
    // decide it so the shared ledger stays closed
    await resolve(decision(shift, 0));
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('refunded'));
  });
});
