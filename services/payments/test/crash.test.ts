import { sql } from '@brigade/kit';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { eventually, usePayments } from './harness';
import { cancellationFigures, quoteFor } from './rules';

// A crash between the provider call and the ledger write must not move money twice: the transfer is repeated
// with the same idempotency key after a restart, Stripe answers with the same transfer, the ledger records it
// once, and ledger:check stays green.

const h = usePayments({ env: { MONEY_TASK_RETRY_DELAYS_MS: '300000' } });

/** The next ledger entry of this kind fails once, as a crash between the provider call and the write would. */
async function injectCrashOnce(kind: 'transfer' | 'refund') {
  // A sequence is not rolled back with the failed transaction: the second attempt goes through.
  await h.database.db.execute(sql.raw(`create sequence payments.crash_${kind}_counter`));
  await h.database.db.execute(
    sql.raw(`create function payments.crash_${kind}_once() returns trigger language plpgsql as $$
    begin
      if new.kind = '${kind}' and nextval('payments.crash_${kind}_counter') = 1 then
        raise exception 'injected crash between the Stripe call and the ledger write';
      end if;
      return new;
    end $$`),
  );
  await h.database.db.execute(
    sql.raw(
      `create trigger crash_${kind}_once before insert on payments.ledger_entries for each row execute function payments.crash_${kind}_once()`,
    ),
  );
}

/** Restart the service with the job's pending tasks due at boot (their backoff is five minutes here). */
async function restartWithTasksDue(jobId: string) {
  await h.database.db.execute(
    sql`update payments.money_tasks set next_attempt_at = now() where job_id = ${jobId} and status = 'pending'`,
  );
  await h.restart();
}

test('when the ledger write fails right after the transfer, a restart finishes the payout without a second transfer', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
  // Inject the crash: the next transfer written to the ledger fails once.
  await injectCrashOnce('transfer');
  // The sandbox's transfer.created webhook would also record the transfer; hold deliveries back for this test.
  await h.sandbox.deliverer.stop();

  await h.checkout(jobId, restaurant.id, chef.id, applicationId, 'release', pay);
  await eventually(async () => {
    const [task] = await h.database.rows<{ attempts: number; last_error: string | null }>(
      sql`select attempts, last_error from payments.money_tasks where job_id = ${jobId}`,
    );
    expect(task.last_error).toContain('injected crash');
  });
  // The transfer happened at Stripe; our ledger does not know it yet.
  expect((await h.stripe.transfers.list({ transfer_group: jobId })).data).toHaveLength(1);
  expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('held_in_escrow');

  // Restart: the pending task is due again at boot.
  await restartWithTasksDue(jobId);

  await eventually(async () =>
    expect((await h.jobPayment(jobId, restaurant.token)).payment_status).toBe('completed'),
  );
  const transfers = await h.stripe.transfers.list({ transfer_group: jobId });
  expect(transfers.data).toHaveLength(1);
  expect(transfers.data[0].amount).toBe(pay.subtotalCents);
  const entries = await h.database.rows<{ kind: string; provider_id: string | null }>(
    sql`select kind, provider_id from payments.ledger_entries where job_id = ${jobId} order by kind`,
  );
  expect(entries.map((e) => e.kind)).toEqual(['charge', 'fee', 'transfer']);
  expect(entries.find((e) => e.kind === 'transfer')!.provider_id).toBe(transfers.data[0].id);
  await eventually(() => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1));

  // The sandbox's own transfer.created webhook, delivered now, changes nothing.
  await eventually(async () => {
    const [row] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments.webhook_events where type = 'transfer.created'`,
    );
    expect(Number(row.n)).toBeGreaterThan(0);
  });
  expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(1);

  const lines: string[] = [];
  expect(await runLedgerCheck(h.database, (l) => lines.push(l))).toBe(true);
  expect(lines.some((l) => l.includes(jobId) && l.startsWith('ok'))).toBe(true);
});

test('a late cancellation whose refund write crashes: the transfer stays recorded, a restart refunds once, and the split settles once', async () => {
  const shift = await h.paidJob({ onboard: true, startsInMs: 2 * 3_600_000 });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  const quote = quoteFor(h, shift);
  await injectCrashOnce('refund');
  // The sandbox's refund.created webhook would also record the refund; hold deliveries back for this test.
  await h.sandbox.deliverer.stop();

  await h.cancel(shift.jobId, shift.restaurant.id, undefined, cancellationFigures(shift, quote));
  await eventually(async () => {
    const tasks = await h.database.rows<{ kind: string; status: string; last_error: string | null }>(
      sql`select kind, status, last_error from payments.money_tasks where job_id = ${shift.jobId} order by kind`,
    );
    expect(tasks).toEqual([
      { kind: 'refund', status: 'pending', last_error: expect.stringContaining('injected crash') },
      { kind: 'transfer', status: 'done', last_error: null },
    ]);
  });
  // Half of the split is in the ledger (the transfer and its fee), the refund happened at Stripe only: the job
  // is still held, and the ledger rules accept a part of its decision.
  const intentId = (await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_intent_id;
  expect((await h.stripe.refunds.list({ payment_intent: intentId })).data).toHaveLength(1);
  const half = await h.jobPayment(shift.jobId, shift.restaurant.token);
  expect(half.payment_status).toBe('held_in_escrow');
  expect(half.ledger).toMatchObject({ transferred_cents: quote.chef_pay_cents, refunded_cents: 0 });
  await h.expectLedgerGreen();

  await restartWithTasksDue(shift.jobId);

  await eventually(async () =>
    expect((await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_status).toBe('settled'),
  );
  expect((await h.stripe.refunds.list({ payment_intent: intentId })).data.map((r) => r.amount)).toEqual([
    quote.refund_cents,
  ]);
  expect((await h.stripe.transfers.list({ transfer_group: shift.jobId })).data.map((t) => t.amount)).toEqual([
    quote.chef_pay_cents,
  ]);
  const entries = await h.database.rows<{ kind: string; amount_cents: number }>(
    sql`select kind, amount_cents from payments.ledger_entries where job_id = ${shift.jobId} order by kind`,
  );
  expect(entries.map((e) => [e.kind, Number(e.amount_cents)])).toEqual([
    ['charge', shift.pay.totalCents],
    ['fee', quote.fee_cents],
    ['refund', quote.refund_cents],
    ['transfer', quote.chef_pay_cents],
  ]);
  await eventually(() => expect(h.events('payments.escrow.settled.v1', shift.jobId)).toHaveLength(1));
  // The sandbox's own refund.created webhook, delivered now, changes nothing.
  await eventually(async () => {
    const [row] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments.webhook_events where type = 'refund.created'`,
    );
    expect(Number(row.n)).toBeGreaterThan(0);
  });
  expect(h.events('payments.escrow.settled.v1', shift.jobId)).toHaveLength(1);
  const lines: string[] = [];
  expect(await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy })).toBe(true);
  expect(lines.find((l) => l.includes(shift.jobId))).toMatch(/^ok +job \S+ settled/);
});

test('ledger:check reports a closed job whose books do not balance', async () => {
  const restaurant = await h.user('restaurant');
  const { jobId } = await h.postJob(restaurant);
  await h.database.db.execute(
    sql`update payments.job_payments set status = 'completed' where job_id = ${jobId}`,
  );
  await h.database.db.execute(
    sql`insert into payments.ledger_entries (job_id, kind, amount_cents, provider_id) values (${jobId}, 'charge', 1000, 'ch_test_unbalanced')`,
  );
  const lines: string[] = [];
  expect(await runLedgerCheck(h.database, (l) => lines.push(l))).toBe(false);
  expect(lines.find((l) => l.includes(jobId))).toMatch(/^FAIL/);
  // Leave the books clean for anything after.
  await h.database.db.execute(sql`delete from payments.ledger_entries where job_id = ${jobId}`);
  await h.database.db.execute(
    sql`update payments.job_payments set status = 'pending' where job_id = ${jobId}`,
  );
});
