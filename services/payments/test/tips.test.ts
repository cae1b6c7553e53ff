import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@brigade/kit';
import { checkLedger } from '../src/queries/check-ledger';
import { tipLedgerProblems } from '../src/domain/tips';
import { eventually, usePayments } from './harness';

// Issue 38: a restaurant tips the chef of a worked shift. The tip is charged off-session to the card on file with
// no fee and transferred whole to the chef, once under duplicate requests, replayed webhooks and crashes; every
// refusal is a clear 4xx that changes nothing; a declined card reaches nobody. The ledger is green after each.

const h = usePayments({ ledgerAfterEach: true });
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

/** A shift paid by card, released at checkout and transferred to the chef: worked, by payments' records. */
async function workedShift() {
  const s = await h.paidJob({ onboard: true });
  await h.checkout(s.jobId, s.restaurant.id, s.chef.id, s.applicationId, 'release', s.pay);
  await eventually(async () =>
    expect((await h.jobPayment(s.jobId, s.restaurant.token)).payment_status).toBe('completed'),
  );
  return s;
}

const tipPath = (applicationId: string) => `/applications/${applicationId}/tip`;

const tipEntries = (jobId: string) =>
  h.database.rows<{ kind: string; amount_cents: number; provider_id: string | null }>(
    sql`select kind, amount_cents, provider_id from payments.ledger_entries
        where job_id = ${jobId} and part = 'tip' order by id`,
  );

const tipRows = (applicationId: string) =>
  h.database.rows<{ status: string; attempt: number }>(
    sql`select status, attempt from payments.tips where application_id = ${applicationId}`,
  );

const tipTransfers = async (jobId: string) =>
  (await h.stripe.transfers.list({ transfer_group: jobId })).data.filter((t) => t.metadata?.part === 'tip');

function signed(type: string, object: { id: string }) {
  const payload = JSON.stringify({
    id: `evt_tip_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: h.config.STRIPE_WEBHOOK_SECRET!,
  });
  return { payload, signature };
}

async function deliver(type: string, object: { id: string }) {
  const { payload, signature } = signed(type, object);
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${h.url}/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(res.status).toBe(200);
  }
}

test('the quote says what a tip would be: the most (100% of the pay), until when, the card, no fee', async () => {
  const s = await workedShift();
  const res = await h.call('GET', tipPath(s.applicationId), s.restaurant.token);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    application_id: s.applicationId,
    job_id: s.jobId,
    chef_id: s.chef.id,
    chef_pay_cents: s.pay.subtotalCents,
    max_cents: s.pay.subtotalCents,
    fee_cents: 0,
    refusal: null,
    card: { last4: '4242' },
    tip: null,
  });
  const windowEnds = new Date(res.body.window_ends_at).getTime();
  expect(windowEnds).toBe(s.end.getTime() + h.config.policy.tipWindowMs);
});

test('a tip is charged once with no fee and transferred whole, under a duplicate request and replayed webhooks', async () => {
  const s = await workedShift();
  const [first, second] = await Promise.all([
    h.call('POST', tipPath(s.applicationId), s.restaurant.token, { amount_cents: 2_000 }),
    h.call('POST', tipPath(s.applicationId), s.restaurant.token, { amount_cents: 2_000 }),
  ]);
  const answers = [first, second].sort((a, b) => a.status - b.status);
  expect(answers.map((a) => a.status)).toEqual([201, 409]);
  expect(answers[1].body).toMatchObject({ code: 'PAYMENTS.TIP_ALREADY_GIVEN' });
  expect(answers[0].body.tip).toMatchObject({ amount_cents: 2_000, fee_cents: 0, failure: null });
  expect(['charged', 'paid']).toContain(answers[0].body.tip.status);

  await eventually(async () => {
    const state = await h.call('GET', tipPath(s.applicationId), s.restaurant.token);
    expect(state.body.tip).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect(state.body.refusal).toBe('PAYMENTS.TIP_ALREADY_GIVEN');
  });
  const entries = await tipEntries(s.jobId);
  expect(entries.map((e) => [e.kind, Number(e.amount_cents)])).toEqual([
    ['charge', 2_000],
    ['transfer', 2_000],
  ]);
  const transfers = await tipTransfers(s.jobId);
  expect(transfers.map((t) => t.amount)).toEqual([2_000]);

  // The provider's events for the tip, delivered again (twice each): nothing more is booked.
  await deliver('payment_intent.succeeded', { id: entries[0].provider_id! });
  await deliver('transfer.created', { id: entries[1].provider_id! });
  expect(await tipEntries(s.jobId)).toHaveLength(2);
  await eventually(() => {
    expect(h.events('payments.tip.charged.v1', s.jobId)).toHaveLength(1);
    expect(h.events('payments.tip.paid.v1', s.jobId)).toHaveLength(1);
  });
  expect(h.events('payments.tip.paid.v1', s.jobId)[0].data).toMatchObject({
    amount_cents: 2_000,
    chef_id: s.chef.id,
    transfer_id: transfers[0].id,
  });

  // The job's ledger names the tip apart; the chef's earnings and the restaurant's receipts show it.
  const job = await h.jobPayment(s.jobId, s.restaurant.token);
  expect(job.ledger.tip_cents).toBe(2_000);
  expect(job.ledger.entries.filter((e: { part?: string }) => e.part === 'tip')).toHaveLength(2);
  const earnings = await h.call('GET', '/payments/earnings', s.chef.token);
  expect(earnings.body.tips_cents).toBe(2_000);
  expect(earnings.body.paid_out_cents).toBe(s.pay.subtotalCents + 2_000);
  expect(earnings.body.shifts[0]).toMatchObject({ job_id: s.jobId, tip_cents: 2_000 });
  const receipts = await h.call('GET', '/payments/receipts', s.restaurant.token);
  expect(receipts.body.receipts[0]).toMatchObject({ job_id: s.jobId, tip_cents: 2_000 });
  const csv = await h.call('GET', '/payments/receipts?format=csv', s.restaurant.token);
  expect(csv.body).toContain(',20.00,1,');
  const check = (await checkLedger(h.database)).find((c) => c.job_id === s.jobId)!;
  expect(check).toMatchObject({ ok: true, problems: [] });
});

test('each refusal is a clear 4xx and moves nothing', async () => {
  const s = await workedShift();
  const held = await h.paidJob({ onboard: true });
  const stranger = await h.user('restaurant');

  const tooLarge = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, {
    amount_cents: s.pay.subtotalCents + 1,
  });
  expect(tooLarge.status).toBe(400);
  expect(tooLarge.body).toMatchObject({ code: 'PAYMENTS.TIP_TOO_LARGE' });
  expect(tooLarge.body.error).toContain('$200.00');

  const notWorked = await h.call('POST', tipPath(held.applicationId), held.restaurant.token, {
    amount_cents: 100,
  });
  expect(notWorked).toMatchObject({ status: 409, body: { code: 'PAYMENTS.TIP_NOT_WORKED' } });

  const other = await h.call('POST', tipPath(s.applicationId), stranger.token, { amount_cents: 100 });
  expect(other).toMatchObject({ status: 404, body: { code: 'PAYMENTS.APPLICATION_NOT_FOUND' } });
  expect((await h.call('GET', tipPath(s.applicationId), stranger.token)).status).toBe(404);
  const chef = await h.call('POST', tipPath(s.applicationId), s.chef.token, { amount_cents: 100 });
  expect(chef.status).toBe(403);

  for (const bad of [{ amount_cents: 0 }, { amount_cents: 1.5 }, { amount_cents: '100' }, {}]) {
    const res = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, bad);
    expect(res.status).toBe(400);
  }
  expect(
    (await h.call('POST', '/applications/not-a-uuid/tip', s.restaurant.token, { amount_cents: 1 })).status,
  ).toBe(404);

  // The window closed: the shift ended longer ago than TIP_WINDOW.
  await h.database.db.execute(
    sql`update payments.job_payments set end_time = now() - interval '8 days' where job_id = ${s.jobId}`,
  );
  const late = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, { amount_cents: 100 });
  expect(late).toMatchObject({ status: 409, body: { code: 'PAYMENTS.TIP_WINDOW_CLOSED' } });

  expect(await tipRows(s.applicationId)).toEqual([]);
  expect(await tipRows(held.applicationId)).toEqual([]);
  expect(await tipEntries(s.jobId)).toEqual([]);
  expect(await tipTransfers(s.jobId)).toEqual([]);
});

test('a declined card: 402 with the card text, the restaurant is told, nothing reaches the chef; a new card tips', async () => {
  const s = await workedShift();
  await saveCard(s.restaurant, '4000000000000341'); // attaches fine, every charge declined
  const declined = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, {
    amount_cents: 1_500,
  });
  expect(declined.status).toBe(402);
  expect(declined.body).toMatchObject({
    code: 'PAYMENTS.CARD_ERROR',
    error: expect.stringMatching(/declined/i),
  });
  const state = await h.call('GET', tipPath(s.applicationId), s.restaurant.token);
  expect(state.body.refusal).toBeNull();
  expect(state.body.tip).toMatchObject({
    status: 'failed',
    failure: { code: 'card_declined', message: expect.stringMatching(/declined/i) },
  });
  await eventually(() => expect(h.events('payments.tip.failed.v1', s.jobId)).toHaveLength(1));
  expect(await tipEntries(s.jobId)).toEqual([]);
  expect(await tipTransfers(s.jobId)).toEqual([]);
  const check = (await checkLedger(h.database)).find((c) => c.job_id === s.jobId)!;
  expect(check.ok).toBe(true);

  // A good card saved: the restaurant tips again (a new attempt, its own key), and the chef is paid once.
  await saveCard(s.restaurant, '4242424242424242');
  const again = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, { amount_cents: 1_500 });
  expect(again.status).toBe(201);
  expect(await tipRows(s.applicationId)).toEqual([{ status: expect.any(String), attempt: 2 }]);
  await eventually(async () => expect((await tipRows(s.applicationId))[0].status).toBe('paid'));
  expect((await tipTransfers(s.jobId)).map((t) => t.amount)).toEqual([1_500]);
});

test('a crash between the provider charge and its booking: the runner asks again with the same key, booked once', async () => {
  const s = await workedShift();
  await h.sandbox.deliverer.stop(); // no webhook books it: only the re-drive can
  try {
    // a sequence is not rolled back with the failed transaction: only the first booking fails
    await h.database.db.execute(sql.raw(`create sequence if not exists payments.crash_tip_counter`));
    await h.database.db.execute(
      sql.raw(`create or replace function payments.crash_tip_once() returns trigger language plpgsql as $$
        begin
          if new.part = 'tip' and new.kind = 'charge' and nextval('payments.crash_tip_counter') = 1 then
            raise exception 'injected crash between the tip charge and its booking';
          end if;
          return new;
        end $$`),
    );
    await h.database.db.execute(
      sql.raw(
        `create trigger crash_tip_once before insert on payments.ledger_entries for each row execute function payments.crash_tip_once()`,
      ),
    );
    const crashed = await h.call('POST', tipPath(s.applicationId), s.restaurant.token, { amount_cents: 999 });
    expect(crashed.status).toBe(500);
    expect(await tipRows(s.applicationId)).toEqual([{ status: 'charging', attempt: 1 }]);
    // the task of the tip's charge is due (after its grace), and the runner re-drives it
    await h.database.db.execute(
      sql`update payments.money_tasks set next_attempt_at = now() where job_id = ${s.jobId} and part = 'tip'`,
    );
    await eventually(async () => expect((await tipRows(s.applicationId))[0].status).toBe('paid'), 20_000);
  } finally {
    await h.database.db.execute(sql.raw(`drop trigger if exists crash_tip_once on payments.ledger_entries`));
    await h.database.db.execute(sql.raw(`drop sequence if exists payments.crash_tip_counter`));
    h.sandbox.deliverer.start(`${h.url}/payments/webhooks/stripe`);
  }
  const entries = await tipEntries(s.jobId);
  expect(entries.map((e) => e.kind)).toEqual(['charge', 'transfer']);
  const intents = (await h.stripe.paymentIntents.list({ limit: 100 })).data.filter(
    (pi) => pi.metadata?.kind === 'tip' && pi.metadata.application_id === s.applicationId,
  );
  expect(intents).toHaveLength(1);
});

test('the tip rule of ledger:check: once each, no fee, nothing transferred without its charge', () => {
  const base = { seat_no: 1, amount_cents: 2_000, fees: [], refunds: [] };
  expect(tipLedgerProblems({ ...base, status: 'paid', charges: [2_000], transfers: [2_000] })).toEqual([]);
  expect(tipLedgerProblems({ ...base, status: 'charged', charges: [2_000], transfers: [] })).toEqual([]);
  expect(tipLedgerProblems({ ...base, status: 'failed', charges: [], transfers: [] })).toEqual([]);
  expect(
    tipLedgerProblems({ ...base, status: 'paid', charges: [2_000, 2_000], transfers: [2_000] }),
  ).toContain('tip of seat 1 charged 2 times');
  expect(tipLedgerProblems({ ...base, status: 'paid', charges: [], transfers: [2_000] })).toContain(
    'tip of seat 1 transferred without its charge',
  );
  expect(
    tipLedgerProblems({ ...base, status: 'paid', charges: [2_000], transfers: [1_860], fees: [140] }),
  ).toEqual(expect.arrayContaining(['tip of seat 1 kept a fee of 140']));
  expect(tipLedgerProblems({ ...base, status: 'failed', charges: [2_000], transfers: [] })).toContain(
    'tip of seat 1 is failed but has ledger entries',
  );
});
