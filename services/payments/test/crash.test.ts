import { sql } from '@brigade/kit';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { eventually, startPayments, type Harness } from './harness';

// A crash between the provider call and the ledger write must not move money twice: the transfer is repeated
// with the same idempotency key after a restart, Stripe answers with the same transfer, the ledger records it
// once, and ledger:check stays green.

let h: Harness;
beforeAll(async () => {
  h = await startPayments({ MONEY_TASK_RETRY_DELAYS_MS: '300000' });
});
afterAll(async () => {
  await h?.close();
});

test('when the ledger write fails right after the transfer, a restart finishes the payout without a second transfer', async () => {
  const { restaurant, chef, jobId, pay, applicationId } = await h.paidJob({ onboard: true });
  // Inject the crash: the next transfer written to the ledger fails once (a sequence is not rolled back).
  await h.database.db.execute(sql.raw('create sequence payments.crash_counter'));
  await h.database.db.execute(
    sql.raw(`create function payments.crash_once() returns trigger language plpgsql as $$
    begin
      if new.kind = 'transfer' and nextval('payments.crash_counter') = 1 then
        raise exception 'injected crash between the Stripe call and the ledger write';
      end if;
      return new;
    end $$`),
  );
  await h.database.db.execute(
    sql.raw(
      'create trigger crash_once before insert on payments.ledger_entries for each row execute function payments.crash_once()',
    ),
  );
  // The sandbox's transfer.created webhook would also record the transfer; hold deliveries back for this test.
  await h.service.sandbox!.stop();

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
  await h.database.db.execute(
    sql`update payments.money_tasks set next_attempt_at = now() where job_id = ${jobId}`,
  );
  await h.restart();

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
