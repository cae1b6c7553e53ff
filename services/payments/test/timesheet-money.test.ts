import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  collectedByEscrow,
  escrowCharge,
  sentHomeChefPay,
  timesheetMoney,
  workedMinutes,
  workedPay,
  type EventInput,
  type TimesheetShift,
} from '@brigade/contracts';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { applicationFacts, eventually, usePayments } from './harness';

// Issue 34 (ADR 0028): money that follows the hours worked. The jobs service's timesheet events are published on
// the bus as jobs would; payments recomputes every figure from its own records and moves the money: a partial
// refund, an extra charged off-session to the kept card (the chef's extra transferred once collected), a balance
// the restaurant pays in the app when the card fails. Real database and bus, the Stripe sandbox as the provider;
// the ledger is checked green after every test.

const h = usePayments({ ledgerAfterEach: true });

const MIN = 60_000;
const HOUR = 3_600_000;
type User = { id: string; token: string };

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

/**
 * A shift that ended two hours ago, posted with a break (the escrow charges the time less it), a chef accepted,
 * the escrow paid by card (the pay page's answer says the card is kept for extra hours), the chef onboarded.
 */
async function paidShift({ hours = 8, breakMinutes = 30, rate = 25 } = {}) {
  const restaurant = await h.user('restaurant');
  const chef = await h.user('chef');
  const jobId = randomUUID();
  const end = new Date(Date.now() - 2 * HOUR);
  const start = new Date(end.getTime() - hours * HOUR);
  const shift: TimesheetShift = {
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hourly_rate_cents: rate * 100,
    break_minutes: breakMinutes,
  };
  const escrow = escrowCharge(shift);
  await h.publish('jobs.job.posted.v1', {
    job_id: jobId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    start_time: shift.start_time as string,
    end_time: shift.end_time as string,
    hourly_rate_cents: shift.hourly_rate_cents,
    emergency_level: 'normal',
    subtotal_cents: escrow.subtotalCents,
    fee_cents: escrow.feeCents,
    total_cents: escrow.totalCents,
    notify_favorites: [],
    break_minutes: breakMinutes,
  });
  const answer = await eventually(async () => {
    const res = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, { job_id: jobId });
    expect(res.status).toBe(200);
    return res;
  });
  expect(answer.body).toMatchObject({ amount_cents: escrow.totalCents, card_kept_for_extra_hours: true });
  const applicationId = randomUUID();
  const facts = applicationFacts(applicationId, jobId, restaurant.id, chef.id, { start, end });
  await h.publish('jobs.application.submitted.v1', facts);
  await h.publish('jobs.application.accepted.v1', facts);
  await h.payWithCard(restaurant, applicationId);
  await h.onboard(chef);
  return { restaurant, chef, jobId, applicationId, shift, escrow, facts, start, end };
}
type Shift = Awaited<ReturnType<typeof paidShift>>;

/** The figures jobs computes for a timesheet (the contracts' functions), as the event carries them. */
function figures(s: Shift, inAt: Date, outAt: Date, breakMinutes: number, sentHome = false) {
  const policy = h.config.policy;
  const times = {
    clock_in_at: inAt.toISOString(),
    clock_out_at: outAt.toISOString(),
    break_minutes: breakMinutes,
  };
  const worked = workedMinutes(policy, s.shift, times);
  const pay = sentHome ? sentHomeChefPay(policy, s.shift, worked) : workedPay(s.shift, worked);
  const money = timesheetMoney(policy, pay, collectedByEscrow(s.shift));
  return {
    ...times,
    worked_minutes: worked,
    hourly_rate_cents: s.shift.hourly_rate_cents,
    ...money.pay,
    money,
  };
}

function approve(s: Shift, f: ReturnType<typeof figures>, id?: string) {
  const { money: _money, ...carried } = f;
  const data: EventInput<'jobs.timesheet.approved.v1'> = {
    ...s.facts,
    ...carried,
    status: 'approved',
    approved_by: 'restaurant',
  };
  return h.publish('jobs.timesheet.approved.v1', data, id);
}

const transfersOf = async (jobId: string) => (await h.stripe.transfers.list({ transfer_group: jobId })).data;
const refundsOf = async (s: Shift) => {
  const job = await h.jobPayment(s.jobId, s.restaurant.token);
  return (await h.stripe.refunds.list({ payment_intent: job.payment_intent_id })).data;
};
const settlement = async (applicationId: string) =>
  (
    await h.database.rows<{ extra_status: string; extra_payment_intent_id: string | null }>(
      sql`select extra_status, extra_payment_intent_id from payments.timesheet_settlements where application_id = ${applicationId}`,
    )
  )[0];
const extraIntents = async (s: Shift) => {
  const [c] = await h.database.rows<{ customer_id: string }>(
    sql`select customer_id from payments.customers where restaurant_id = ${s.restaurant.id}`,
  );
  const all = await h.stripe.paymentIntents.list({ customer: c.customer_id, limit: 100 });
  return all.data.filter((pi) => pi.metadata?.kind === 'extra_charge');
};
const paidOut = (transfers: Array<{ amount: number }>) => transfers.reduce((n, t) => n + t.amount, 0);

test('on time: the chef is paid what the escrow charged (the break left out), nothing more is charged', async () => {
  const s = await paidShift();
  expect(s.escrow.subtotalCents).toBe(18_750); // 7.5 h at $25
  const f = figures(s, new Date(s.start.getTime() - 5 * MIN), s.end, 30);
  expect(f.money.on_collection).toBeNull();
  await approve(s, f);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('completed'),
  );
  expect(paidOut(await transfersOf(s.jobId))).toBe(18_750);
  expect(await refundsOf(s)).toEqual([]);
  expect(await extraIntents(s)).toEqual([]);
});

test('short: the difference and its fee go back to the card as a partial refund', async () => {
  const s = await paidShift();
  const f = figures(s, s.start, new Date(s.end.getTime() - 2 * HOUR), 30); // 5.5 h
  expect(f.refund_cents).toBe(5_350); // 2 h at $25 + 7%
  await approve(s, f);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('settled'),
  );
  expect(paidOut(await transfersOf(s.jobId))).toBe(13_750);
  expect((await refundsOf(s)).map((r) => r.amount)).toEqual([5_350]);
  // Receipts and earnings show the hours worked and the partial refund.
  const receipts = await h.call('GET', '/payments/receipts', s.restaurant.token);
  expect(receipts.body.receipts[0]).toMatchObject({
    job_id: s.jobId,
    refund_cents: 5_350,
    timesheet: { worked_minutes: 330, worked_hours: 5.5, partial_refund_cents: 5_350, extra_charge_cents: 0 },
  });
  const earnings = await h.call('GET', '/payments/earnings', s.chef.token);
  expect(earnings.body.shifts[0]).toMatchObject({
    gross_pay_cents: 13_750,
    timesheet: { worked_minutes: 330, chef_pay_cents: 13_750 },
  });
});

test('stay late: the extra is charged off-session to the kept card, then the chef’s extra is transferred', async () => {
  const s = await paidShift();
  const f = figures(s, s.start, new Date(s.end.getTime() + 90 * MIN), 30); // 9 h
  const extra = f.money.on_collection!;
  expect(extra.chef_cents).toBe(3_750); // 1.5 h at $25, its fee beside it
  expect(f.extra_charge_cents).toBe(extra.charge_cents);
  await approve(s, f);
  await eventually(() => expect(h.events('payments.extra_charge.collected.v1', s.jobId)).toHaveLength(1));
  const [pi] = await extraIntents(s);
  expect(pi).toMatchObject({ amount: extra.charge_cents, status: 'succeeded' });
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(22_500));
  const receipts = await h.call('GET', '/payments/receipts', s.restaurant.token);
  expect(receipts.body.receipts[0]).toMatchObject({
    charged_cents: s.escrow.totalCents + extra.charge_cents,
    timesheet: {
      worked_minutes: 540,
      extra_charge_cents: extra.charge_cents,
      extra_charge_status: 'collected',
    },
  });
  expect(h.events('payments.extra_charge.collected.v1', s.jobId)[0].data).toMatchObject({
    amount_cents: extra.charge_cents,
    chef_pay_cents: 3_750,
    fee_cents: extra.fee_cents,
    paid_in_app: false,
  });
});

test('declined: the chef gets the scheduled part only, the restaurant owes a balance and pays it in the app', async () => {
  const s = await paidShift();
  await saveCard(s.restaurant, '4000000000000341'); // attaches fine, every charge declined
  const f = figures(s, s.start, new Date(s.end.getTime() + HOUR), 30);
  await approve(s, f);
  await eventually(() => expect(h.events('payments.extra_charge.failed.v1', s.jobId)).toHaveLength(1));
  expect(h.events('payments.extra_charge.failed.v1', s.jobId)[0].data).toMatchObject({
    amount_cents: f.extra_charge_cents,
    code: 'card_declined',
    requires_authentication: false,
  });
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(18_750));
  const owed = await h.call('GET', '/payments/balances', s.restaurant.token);
  expect(owed.body).toMatchObject({
    total_cents: f.extra_charge_cents,
    balances: [
      {
        application_id: s.applicationId,
        why: 'declined',
        amount_cents: f.extra_charge_cents,
        overdue: false,
      },
    ],
  });
  // Someone else cannot see or pay it.
  const other = await h.user('restaurant');
  expect((await h.call('GET', '/payments/balances', other.token)).body.balances).toEqual([]);
  expect((await h.call('POST', `/payments/balances/${s.applicationId}/pay`, other.token, {})).status).toBe(
    404,
  );
  // Paid later in the app with a good card: the chef's extra moves.
  const paid = await h.call('POST', `/payments/balances/${s.applicationId}/pay`, s.restaurant.token, {
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.body).toMatchObject({ payment_status: 'collected', amount_cents: f.extra_charge_cents });
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(18_750 + 2_500));
  expect(h.events('payments.extra_charge.collected.v1', s.jobId)[0].data.paid_in_app).toBe(true);
  expect((await h.call('GET', '/payments/balances', s.restaurant.token)).body.balances).toEqual([]);
});

test('a balance unpaid past BALANCE_DUE_AFTER is owed money in the console and the stuck-money report', async () => {
  const s = await paidShift();
  await saveCard(s.restaurant, '4000000000000341');
  await approve(s, figures(s, s.start, new Date(s.end.getTime() + HOUR), 30));
  await eventually(() => expect(h.events('payments.extra_charge.failed.v1', s.jobId)).toHaveLength(1));
  const later = new Date(Date.now() + h.config.policy.balanceDueAfterMs + MIN);
  const report = await h.stuck(later);
  expect(report.owed.map((b) => b.application_id)).toContain(s.applicationId);
  // The operator console lists owed money once it is due; chefs and restaurants may not read it.
  const ops = await h.call('GET', '/ops/balances', await h.auth.token({ type: 'operator' }));
  expect(ops.status).toBe(200);
  expect(ops.body.balances.map((b: { application_id: string }) => b.application_id)).not.toContain(
    s.applicationId,
  ); // not yet due
  expect((await h.call('GET', '/ops/balances', s.restaurant.token)).status).toBe(403);
  const lines: string[] = [];
  await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy, now: later });
  expect(lines.join('\n')).toContain(`OWED job ${s.jobId}`);
  // Pay it so the next tests start clean.
  await h.call('POST', `/payments/balances/${s.applicationId}/pay`, s.restaurant.token, {
    paymentMethodId: 'pm_card_visa',
  });
  await eventually(async () => expect((await settlement(s.applicationId)).extra_status).toBe('collected'));
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(21_250));
});

test('authentication required: the restaurant gets a client secret to pay on-session', async () => {
  const s = await paidShift();
  await saveCard(s.restaurant, '4000002760003184'); // 3-D Secure on every charge: off-session needs the customer
  await approve(s, figures(s, s.start, new Date(s.end.getTime() + HOUR), 30));
  await eventually(() => expect(h.events('payments.extra_charge.failed.v1', s.jobId)).toHaveLength(1));
  expect(h.events('payments.extra_charge.failed.v1', s.jobId)[0].data).toMatchObject({
    code: 'authentication_required',
    requires_authentication: true,
  });
  const owed = await h.call('GET', '/payments/balances', s.restaurant.token);
  expect(owed.body.balances[0].why).toBe('authentication_required');
  const start = await h.call('POST', `/payments/balances/${s.applicationId}/pay`, s.restaurant.token);
  expect(start.status).toBe(200);
  expect(start.body.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
  expect(start.body.payment_status).toBe('requires_payment_method');
  // The restaurant confirms on-session (the card form; the sandbox passes 3-D Secure with the customer present).
  const paid = await h.call('POST', `/payments/balances/${s.applicationId}/pay`, s.restaurant.token, {
    paymentMethodId: 'pm_card_authenticationRequired',
  });
  expect(paid.body.payment_status).toBe('collected');
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(21_250));
});

test('under the card minimum: an extra under 50 cents is not charged, the chef is still paid every minute', async () => {
  const s = await paidShift();
  const f = figures(s, s.start, new Date(s.end.getTime() + MIN), 30); // one more minute: 42 cents + its fee
  expect(f.money.under_minimum).toEqual({ kind: 'extra', cents: expect.any(Number) });
  expect(f.money.under_minimum!.cents).toBeLessThan(50);
  await approve(s, f);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('completed'),
  );
  expect(paidOut(await transfersOf(s.jobId))).toBe(18_792);
  expect(await extraIntents(s)).toEqual([]);
});

test('sent home: the chef is paid the 4-hour minimum at once, the rest refunded', async () => {
  const s = await paidShift();
  const f = figures(s, s.start, new Date(s.start.getTime() + 45 * MIN), 0, true);
  expect(f.chef_pay_cents).toBe(10_000);
  const { money: _m, ...carried } = f;
  await h.publish('jobs.timesheet.sent_home.v1', { ...s.facts, ...carried, reason: 'slow night' });
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('settled'),
  );
  expect(paidOut(await transfersOf(s.jobId))).toBe(10_000);
  expect((await refundsOf(s)).map((r) => r.amount)).toEqual([s.escrow.totalCents - 10_700]);
});

test('a no-show jobs confirmed final is refunded in full, once; a contested one waits for the operator', async () => {
  const uncontested = await paidShift();
  const contested = await paidShift();
  for (const s of [uncontested, contested])
    await h.publish('jobs.timesheet.no_show_marked.v1', {
      ...s.facts,
      marked_at: new Date().toISOString(),
      contest_until: new Date(Date.now() - MIN).toISOString(),
    });
  await h.publish('jobs.timesheet.disputed.v1', {
    ...contested.facts,
    about: 'no_show',
    statement: 'I was there, the door was locked',
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ job_id: string; no_show_contested: boolean }>(
      sql`select job_id, no_show_contested from payments.timesheets
          where no_show_contest_until is not null and job_id in (${uncontested.jobId}, ${contested.jobId})
          order by no_show_contested`,
    );
    expect(rows).toEqual([
      { job_id: uncontested.jobId, no_show_contested: false },
      { job_id: contested.jobId, no_show_contested: true },
    ]);
  });
  // Jobs says the uncontested one is final once its window passed (it owns the window).
  const confirmed = {
    ...uncontested.facts,
    clock_in_at: null,
    clock_out_at: null,
    break_minutes: 0,
    worked_minutes: 0,
    hourly_rate_cents: uncontested.shift.hourly_rate_cents,
    chef_pay_cents: 0,
    fee_cents: 0,
    total_cents: 0,
    extra_charge_cents: 0,
    refund_cents: uncontested.escrow.totalCents,
    marked_at: new Date(Date.now() - 2 * MIN).toISOString(),
    confirmed_at: new Date().toISOString(),
  };
  await h.publish('jobs.timesheet.no_show_confirmed.v1', confirmed);
  await eventually(async () =>
    expect((await h.jobPayment(uncontested.jobId, uncontested.restaurant.token)).payment_status).toBe(
      'refunded',
    ),
  );
  expect((await refundsOf(uncontested)).map((r) => r.amount)).toEqual([uncontested.escrow.totalCents]);
  expect((await h.jobPayment(contested.jobId, contested.restaurant.token)).payment_status).toBe(
    'held_in_escrow',
  );
  // The operator decides: no work, the whole charge back.
  await h.publish('jobs.timesheet.resolved.v1', {
    ...contested.facts,
    clock_in_at: null,
    clock_out_at: null,
    break_minutes: 0,
    worked_minutes: 0,
    hourly_rate_cents: 2500,
    chef_pay_cents: 0,
    fee_cents: 0,
    total_cents: 0,
    extra_charge_cents: 0,
    refund_cents: contested.escrow.totalCents,
    note: 'no clock event, no message from the chef that day',
    operator_id: randomUUID(),
  });
  await eventually(async () =>
    expect((await h.jobPayment(contested.jobId, contested.restaurant.token)).payment_status).toBe('refunded'),
  );
  // The same confirmation delivered again moves nothing more.
  await h.publish('jobs.timesheet.no_show_confirmed.v1', confirmed);
  await new Promise((r) => setTimeout(r, 500));
  expect((await refundsOf(uncontested)).map((r) => r.amount)).toEqual([uncontested.escrow.totalCents]);
});

test('hours decided by an operator: the decided minutes are paid, the extra charged', async () => {
  const s = await paidShift();
  const worked = 500; // 8 h 20 min decided
  const pay = workedPay(s.shift, worked);
  const money = timesheetMoney(h.config.policy, pay, collectedByEscrow(s.shift));
  await h.publish('jobs.timesheet.resolved.v1', {
    ...s.facts,
    clock_in_at: s.start.toISOString(),
    clock_out_at: s.end.toISOString(),
    break_minutes: 0,
    worked_minutes: worked,
    hourly_rate_cents: 2500,
    ...money.pay,
    note: 'the chef stayed to close',
    operator_id: randomUUID(),
  });
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(pay));
  expect((await extraIntents(s)).map((pi) => pi.amount)).toEqual([money.pay.extra_charge_cents]);
});

test('redelivered timesheet events (same id or a duplicate) move nothing twice', async () => {
  const late = await paidShift();
  const f = figures(late, late.start, new Date(late.end.getTime() + HOUR), 30);
  const id = await approve(late, f);
  await approve(late, f, id);
  await approve(late, f);
  const home = await paidShift();
  const g = figures(home, home.start, new Date(home.start.getTime() + 30 * MIN), 0, true);
  const { money: _m, ...carried } = g;
  const sentId = await h.publish('jobs.timesheet.sent_home.v1', { ...home.facts, ...carried, reason: null });
  await h.publish('jobs.timesheet.sent_home.v1', { ...home.facts, ...carried, reason: null }, sentId);
  await approve(home, figures(home, home.start, home.end, 30)); // a later approval of the same seat
  await eventually(async () => expect(paidOut(await transfersOf(late.jobId))).toBe(21_250));
  await eventually(async () => expect(paidOut(await transfersOf(home.jobId))).toBe(10_000));
  expect(await extraIntents(late)).toHaveLength(1);
  expect(h.events('payments.extra_charge.collected.v1', late.jobId)).toHaveLength(1);
  expect(await refundsOf(home)).toHaveLength(1);
});

test('a crash between the approval and the extra charge’s record charges the card exactly once', async () => {
  const s = await paidShift();
  await h.database.db.execute(sql.raw(`create sequence if not exists payments.crash_extra_counter`));
  await h.database.db.execute(
    sql.raw(`create or replace function payments.crash_extra_once() returns trigger language plpgsql as $$
    begin
      if new.kind = 'charge' and new.part = 'extra' and nextval('payments.crash_extra_counter') = 1 then
        raise exception 'injected crash between the off-session charge and the ledger write';
      end if;
      return new;
    end $$`),
  );
  await h.database.db.execute(
    sql.raw(
      `create trigger crash_extra_once before insert on payments.ledger_entries for each row execute function payments.crash_extra_once()`,
    ),
  );
  await h.sandbox.deliverer.stop(); // the succeeded webhook would record it too: the runner's retry must
  try {
    await approve(s, figures(s, s.start, new Date(s.end.getTime() + HOUR), 30));
    await eventually(() => expect(h.events('payments.extra_charge.collected.v1', s.jobId)).toHaveLength(1));
    // The crash happened (the first ledger write of the extra failed after the provider charged), and the retry
    // with the same idempotency key got the same PaymentIntent: one charge at the provider, one in the ledger.
    const [counter] = await h.database.rows<{ last_value: string }>(
      sql.raw(`select last_value from payments.crash_extra_counter`),
    );
    expect(Number(counter.last_value)).toBe(2);
    expect(await extraIntents(s)).toHaveLength(1);
    await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(21_250));
    const entries = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments.ledger_entries where job_id = ${s.jobId} and kind = 'charge' and part = 'extra'`,
    );
    expect(Number(entries[0].n)).toBe(1);
  } finally {
    await h.database.db.execute(
      sql.raw(`drop trigger if exists crash_extra_once on payments.ledger_entries`),
    );
    await h.restart(); // the sandbox's webhooks flow again
  }
});

test('a mismatched figure is refused loudly: an anomaly, nothing moves', async () => {
  const s = await paidShift();
  const f = figures(s, s.start, s.end, 30);
  const id = await approve(s, {
    ...f,
    chef_pay_cents: f.chef_pay_cents + 100,
    total_cents: f.total_cents + 107,
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ event_id: string; reason: string }>(
      sql`select event_id, reason from payments.anomalies where job_id = ${s.jobId}`,
    );
    expect(rows).toEqual([{ event_id: id, reason: 'decision_mismatch' }]);
  });
  expect(await transfersOf(s.jobId)).toEqual([]);
  expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('held_in_escrow');
  // The right figures (a corrected event) move it.
  await approve(s, f);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('completed'),
  );
});

test('a posting whose amounts are not escrowCharge of its times and break is refused', async () => {
  const restaurant = await h.user('restaurant');
  const jobId = randomUUID();
  const start = new Date(Date.now() + 86_400_000);
  const end = new Date(start.getTime() + 8 * HOUR);
  await h.publish('jobs.job.posted.v1', {
    job_id: jobId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hourly_rate_cents: 2500,
    emergency_level: 'normal',
    subtotal_cents: 20_000, // the whole 8 h, the 60-minute break not left out
    fee_cents: 1_400,
    total_cents: 21_400,
    notify_favorites: [],
    break_minutes: 60,
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ reason: string }>(
      sql`select reason from payments.anomalies where job_id = ${jobId}`,
    );
    expect(rows).toEqual([{ reason: 'decision_mismatch' }]);
  });
  expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(404);
});

test('ledger:check is red on a tampered timesheet ledger', async () => {
  const s = await paidShift();
  await approve(s, figures(s, s.start, new Date(s.end.getTime() + HOUR), 30));
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(21_250));
  await eventually(async () => {
    const lines: string[] = [];
    expect(await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy })).toBe(true);
  });
  await h.database.db.execute(
    sql`update payments.ledger_entries set amount_cents = amount_cents + 100 where job_id = ${s.jobId} and kind = 'transfer' and part = 'extra'`,
  );
  const lines: string[] = [];
  expect(await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy })).toBe(false);
  expect(lines.find((l) => l.includes(s.jobId))).toMatch(/FAIL.*extra transferred/);
  await h.database.db.execute(
    sql`update payments.ledger_entries set amount_cents = amount_cents - 100 where job_id = ${s.jobId} and kind = 'transfer' and part = 'extra'`,
  );
});

test('the checkout of a shift with clock events does not move the money: its timesheet does', async () => {
  const s = await paidShift();
  await h.publish('jobs.timesheet.clocked_in.v1', {
    ...s.facts,
    clock_in_at: s.start.toISOString(),
    method: 'code',
    distance_m: null,
    late: false,
  });
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from payments.timesheets where job_id = ${s.jobId}`);
    expect(rows).toHaveLength(1);
  });
  const pay = {
    subtotalCents: s.escrow.subtotalCents,
    feeCents: s.escrow.feeCents,
    totalCents: s.escrow.totalCents,
  };
  await h.checkout(s.jobId, s.restaurant.id, s.chef.id, s.applicationId, 'release', pay);
  const f = figures(s, s.start, new Date(s.end.getTime() - HOUR), 30);
  await approve(s, f);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('settled'),
  );
  expect(paidOut(await transfersOf(s.jobId))).toBe(f.chef_pay_cents);
});

test('an extra the provider cannot charge yet is retried with its key, and shows as stuck money past its deadline', async () => {
  const s = await paidShift();
  const down = await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, {
    method: 'POST',
    path: '/v1/payment_intents',
    mode: '500',
  });
  expect(down.status).toBe(201);
  try {
    await approve(s, figures(s, s.start, new Date(s.end.getTime() + HOUR), 30));
    // The chef's scheduled part moves at once; the extra waits for the provider.
    await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(18_750));
    await eventually(async () => {
      const [task] = await h.database.rows<{ attempts: number }>(
        sql`select attempts from payments.money_tasks where job_id = ${s.jobId} and kind = 'charge'`,
      );
      expect(Number(task.attempts)).toBeGreaterThan(0);
    });
    const later = new Date(Date.now() + h.config.policy.stuckMoneyAfterMs + MIN);
    const report = await h.stuck(later);
    expect(report.stuck).toEqual([
      expect.objectContaining({ job_id: s.jobId, why: expect.stringMatching(/extra charge was due/) }),
    ]);
  } finally {
    await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  }
  await eventually(() => expect(h.events('payments.extra_charge.collected.v1', s.jobId)).toHaveLength(1));
  await eventually(async () => expect(paidOut(await transfersOf(s.jobId))).toBe(21_250));
  expect(await extraIntents(s)).toHaveLength(1);
});
