import { sql } from '@brigade/kit';
import { eventually, usePayments } from './harness';
import {
  cancellationFigures,
  deadLetterCount,
  deadlinePassed,
  expire,
  quoteFor,
  redrive,
  type PaidShift,
} from './rules';

// Issue 16: every paid shift leaves escrow by a rule. Jobs decides (cancellation rules, expiry at the start,
// checkout deadline) and publishes the decision; payments moves the money as decided, after checking the
// figures against its own records, and the ledger and its stuck-money report stay green after each.

const h = usePayments({ ledgerAfterEach: true });

const HOUR = 3_600_000;

/** A paid shift starting soon (within LATE_CANCEL_WINDOW), its chef accepted and able to be paid. */
async function acceptedShift(hours = 8, startsInMs = 2 * HOUR): Promise<PaidShift> {
  const shift = await h.paidJob({ onboard: true, hours, startsInMs });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  return shift;
}

const payment = (shift: PaidShift, who: 'restaurant' | 'chef' = 'restaurant') =>
  h.jobPayment(shift.jobId, shift[who].token);

async function atStripe(shift: PaidShift) {
  const intentId = (await payment(shift)).payment_intent_id as string;
  const transfers = (await h.stripe.transfers.list({ transfer_group: shift.jobId })).data;
  const refunds = (await h.stripe.refunds.list({ payment_intent: intentId })).data;
  return { transfers: transfers.map((t) => t.amount), refunds: refunds.map((r) => r.amount) };
}

describe('a restaurant cancels within LATE_CANCEL_WINDOW of the start', () => {
  test.each([
    [
      'an 8-hour shift: the chef gets 4 hours of pay, the platform keeps 7% of it, the rest goes back to the card',
      8,
    ],
    ['a 3-hour shift: the chef gets the whole shift pay, the platform keeps 7% of it, nothing comes back', 3],
  ])('%s; settled once, even when delivered again', async (_name, hours) => {
    const shift = await acceptedShift(hours);
    const quote = quoteFor(h, shift);
    expect(quote).toMatchObject({
      rule: 'late',
      chef_pay_cents: Math.min(shift.pay.subtotalCents, 4 * 2500),
    });
    const figures = cancellationFigures(shift, quote);
    const eventId = await h.cancel(shift.jobId, shift.restaurant.id, undefined, figures);
    await h.cancel(shift.jobId, shift.restaurant.id, eventId, figures);
    // The same decision published again under another id moves nothing more (one decision per job).
    await h.cancel(shift.jobId, shift.restaurant.id, undefined, figures);

    await eventually(async () => expect((await payment(shift)).payment_status).toBe('settled'));
    const { chef_pay_cents: chefPay, fee_cents: fee, refund_cents: refund } = quote;
    expect(chefPay + fee + refund).toBe(shift.pay.totalCents);
    expect(await atStripe(shift)).toEqual({ transfers: [chefPay], refunds: refund > 0 ? [refund] : [] });
    const seen = await payment(shift, 'chef');
    expect(seen.ledger).toMatchObject({
      charged_cents: shift.pay.totalCents,
      transferred_cents: chefPay,
      fee_cents: fee,
      refunded_cents: refund,
    });
    expect(
      seen.ledger.entries.map((e: { kind: string; amount_cents: number }) => [e.kind, e.amount_cents]),
    ).toEqual(
      expect.arrayContaining([
        ['charge', shift.pay.totalCents],
        ['transfer', chefPay],
        ['fee', fee],
        ...(refund > 0 ? [['refund', refund]] : []),
      ]),
    );
    expect(seen.settlements.map((s: { kind: string; state: string }) => [s.kind, s.state])).toEqual([
      ['payout', 'done'],
      ...(refund > 0 ? [['refund', 'done']] : []),
    ]);
    await eventually(() => expect(h.events('payments.escrow.settled.v1', shift.jobId)).toHaveLength(1));
    expect(h.events('payments.escrow.settled.v1', shift.jobId)[0].data).toMatchObject({
      restaurant_id: shift.restaurant.id,
      chef_id: shift.chef.id,
      chef_pay_cents: chefPay,
      fee_cents: fee,
      refund_cents: refund,
      transfer_id: expect.stringMatching(/^tr_/),
      refund_id: refund > 0 ? expect.stringMatching(/^re_/) : null,
      reason: 'late_cancellation',
    });
    expect(h.events('payments.payout.released.v1', shift.jobId)).toHaveLength(0);
    expect(h.events('payments.escrow.refunded.v1', shift.jobId)).toHaveLength(0);
  });

  test('more than LATE_CANCEL_WINDOW before the start, with a chef accepted: everything comes back, fee included', async () => {
    const shift = await acceptedShift(8, 30 * HOUR);
    const quote = quoteFor(h, shift);
    expect(quote).toMatchObject({ rule: 'early', late: false, refund_cents: shift.pay.totalCents });
    await h.cancel(shift.jobId, shift.restaurant.id, undefined, cancellationFigures(shift, quote));
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('refunded'));
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [shift.pay.totalCents] });
    await eventually(() =>
      expect(h.events('payments.escrow.refunded.v1', shift.jobId).map((e) => e.data)).toEqual([
        expect.objectContaining({ amount_cents: shift.pay.totalCents, reason: 'job_cancelled' }),
      ]),
    );
  });
});

describe('figures that do not match payments’ own records are refused', () => {
  test.each([
    ['the chef paid more than the shift pay', (q: Figures) => ({ ...q, chef_pay_cents: 30_000 })],
    [
      'a fee that is not 7% of the chef pay',
      (q: Figures) => ({ ...q, fee_cents: q.fee_cents + 100, refund_cents: q.refund_cents - 100 }),
    ],
    [
      'parts that do not add up to the charge',
      (q: Figures) => ({ ...q, refund_cents: q.refund_cents + 500 }),
    ],
  ])(
    '%s: nothing moves, the event is dead-lettered with an anomaly, and the right figures settle it',
    async (_name, tamper) => {
      const shift = await acceptedShift();
      const right = cancellationFigures(shift, quoteFor(h, shift));
      const deadBefore = await deadLetterCount(h, 'payments.job-cancelled');
      await h.cancel(shift.jobId, shift.restaurant.id, undefined, { ...right, ...tamper(right as Figures) });

      await eventually(async () =>
        expect((await h.anomalies()).filter((a) => a.job_id === shift.jobId).map((a) => a.reason)).toEqual([
          'decision_mismatch',
        ]),
      );
      await eventually(async () =>
        expect(await deadLetterCount(h, 'payments.job-cancelled')).toBe(deadBefore + 1),
      );
      expect((await payment(shift)).payment_status).toBe('held_in_escrow');
      expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [] });
      const [tasks] = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from payments.money_tasks where job_id = ${shift.jobId}`,
      );
      expect(Number(tasks.n)).toBe(0);
      await h.expectLedgerGreen();
      // Held past the refused decision by more than STUCK_MONEY_AFTER: the report says so.
      const later = await h.stuck(new Date(Date.now() + 2 * HOUR));
      expect(later.stuck.find((j) => j.job_id === shift.jobId)?.why).toMatch(/refused/);

      await h.cancel(shift.jobId, shift.restaurant.id, undefined, right);
      await eventually(async () => expect((await payment(shift)).payment_status).toBe('settled'));
    },
  );

  test('a chef payments never saw accepted is not paid: retried, dead-lettered, and paid once the acceptance arrives and the event is re-driven', async () => {
    const shift = await h.paidJob({ onboard: true, startsInMs: 2 * HOUR });
    const deadBefore = await deadLetterCount(h, 'payments.job-cancelled');
    await h.cancel(
      shift.jobId,
      shift.restaurant.id,
      undefined,
      cancellationFigures(shift, quoteFor(h, shift)),
    );
    await eventually(async () =>
      expect(await deadLetterCount(h, 'payments.job-cancelled')).toBe(deadBefore + 1),
    );
    expect((await payment(shift)).payment_status).toBe('held_in_escrow');
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [] });

    await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
    await eventually(async () => {
      const [row] = await h.database.rows<{ accepted_at: unknown }>(
        sql`select accepted_at from payments.applications where application_id = ${shift.applicationId}`,
      );
      expect(row.accepted_at).not.toBeNull();
    });
    expect(await redrive(h, 'payments.job-cancelled')).toBeGreaterThanOrEqual(1);
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('settled'));
    expect((await atStripe(shift)).transfers).toEqual([quoteFor(h, shift).chef_pay_cents]);
  });
});

type Figures = { chef_pay_cents: number; fee_cents: number; refund_cents: number };

test('a paid shift nobody confirmed expires: the restaurant gets everything back once (job_expired)', async () => {
  const shift = await h.paidJob({ startsInMs: -60_000 });
  const eventId = await expire(h, shift);
  await expire(h, shift, eventId);
  await eventually(async () => expect((await payment(shift)).payment_status).toBe('refunded'));
  expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [shift.pay.totalCents] });
  await eventually(() =>
    expect(h.events('payments.escrow.refunded.v1', shift.jobId).map((e) => e.data)).toEqual([
      expect.objectContaining({ amount_cents: shift.pay.totalCents, reason: 'job_expired' }),
    ]),
  );
  // An expired job cannot be paid again.
  const again = await h.call('POST', '/payments/create-escrow-payment', shift.restaurant.token, {
    job_id: shift.jobId,
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'PAYMENTS.JOB_CLOSED' } });
});

describe('the checkout deadline passed', () => {
  const ended = { startsInMs: -60 * HOUR, onboard: true };

  test.each([
    ['only the restaurant said worked: the chef is paid', { restaurant: true, chef: null }],
    ['nobody answered on a confirmed shift: the chef is paid', { restaurant: null, chef: null }],
  ])('%s', async (_name, answers) => {
    const shift = await h.paidJob(ended);
    await deadlinePassed(h, shift, 'release', answers);
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('completed'));
    expect(await atStripe(shift)).toEqual({ transfers: [shift.pay.subtotalCents], refunds: [] });
    await eventually(() => expect(h.events('payments.payout.released.v1', shift.jobId)).toHaveLength(1));
  });

  test('only one side said "did not work": the restaurant is refunded in full', async () => {
    const shift = await h.paidJob(ended);
    await deadlinePassed(h, shift, 'refund', { restaurant: null, chef: false });
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('refunded'));
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [shift.pay.totalCents] });
    await eventually(() =>
      expect(h.events('payments.escrow.refunded.v1', shift.jobId)[0]?.data.reason).toBe('work_not_completed'),
    );
  });

  test('the answers disagree: the money stays held, awaiting a decision (not stuck)', async () => {
    const shift = await h.paidJob(ended);
    await deadlinePassed(h, shift, 'disputed', { restaurant: false, chef: true });
    await eventually(async () => expect((await payment(shift)).payment_status).toBe('disputed'));
    expect(await atStripe(shift)).toEqual({ transfers: [], refunds: [] });
    const report = await h.stuck(new Date(Date.now() + 30 * 24 * HOUR));
    expect(report.stuck.map((j) => j.job_id)).not.toContain(shift.jobId);
    expect(report.awaitingDecision.map((j) => j.job_id)).toContain(shift.jobId);
  });
});
