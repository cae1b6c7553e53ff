import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { createTestDatabase, eventually } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { startPayments, type Harness } from './harness';

// Issue 35 (ADR 0030), step 1: migration 0012 gives payments the seat dimension with every job at one seat. Jobs
// written before it (rows of migration 0011's shape) keep their ledger and decision, become seat 1 (their escrow
// charge the posting's own, seat 0), and settle exactly as before: the same idempotency keys at the provider, the
// same movements, the same closing events (now naming seat 1), and ledger:check green with the seat under its job.

const restaurant = randomUUID();
const chef = randomUUID();
const times = { start: new Date(Date.now() - 10 * 3_600_000), end: new Date(Date.now() - 2 * 3_600_000) };
// 8 h at $25/h: the chef's 20000, the 7% fee 1400, charged 21400
const PAY = { subtotal: 20_000, fee: 1_400, total: 21_400 };

/** A one-chef job as migration 0011 left it: paid into escrow, the chef accepted. */
function oldJob(label: string) {
  return {
    jobId: randomUUID(),
    applicationId: randomUUID(),
    intent: `pi_migrated_${label}_${randomUUID().slice(0, 8)}`,
  };
}
const decidedBeforeDeploy = oldJob('decided'); // release decided, its transfer not made yet
const heldAtDeploy = oldJob('held'); // no decision yet: checked out after the deploy
const closedBeforeDeploy = oldJob('closed'); // released and closed

let h: Harness;

beforeAll(async () => {
  const migrations = await loadMigrations();
  const database = await createTestDatabase(
    'payments',
    migrations.filter((m) => m.name < '0012'),
  );
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await run(sql`insert into payments.users (user_id, email, user_type) values
    (${restaurant}, ${`r-${restaurant.slice(0, 8)}@example.com`}, 'restaurant'),
    (${chef}, ${`c-${chef.slice(0, 8)}@example.com`}, 'chef')`);
  for (const j of [decidedBeforeDeploy, heldAtDeploy, closedBeforeDeploy]) {
    const closed = j === closedBeforeDeploy;
    await run(sql`insert into payments.job_payments (job_id, restaurant_id, title, subtotal_cents, fee_cents, total_cents,
        status, payment_intent_id, chef_id, held_at, closed_at, start_time, end_time, hourly_rate_cents, break_minutes)
      values (${j.jobId}, ${restaurant}, 'Line Cook', ${PAY.subtotal}, ${PAY.fee}, ${PAY.total},
        ${closed ? 'completed' : 'held_in_escrow'}, ${j.intent}, ${j === heldAtDeploy ? null : chef}, now(),
        ${closed ? new Date().toISOString() : null}, ${times.start.toISOString()}, ${times.end.toISOString()}, 2500, 0)`);
    await run(sql`insert into payments.applications (application_id, job_id, chef_id, restaurant_id, accepted_at)
      values (${j.applicationId}, ${j.jobId}, ${chef}, ${restaurant}, now())`);
    await run(sql`insert into payments.ledger_entries (job_id, kind, amount_cents, provider_id, idempotency_key)
      values (${j.jobId}, 'charge', ${PAY.total}, ${j.intent}, ${`job:${j.jobId}:payment_intent`})`);
  }
  for (const j of [decidedBeforeDeploy, closedBeforeDeploy]) {
    await run(sql`insert into payments.decisions (job_id, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents)
      values (${j.jobId}, 'release', 'release', ${chef}, ${PAY.subtotal}, ${PAY.fee}, 0)`);
    await run(sql`insert into payments.money_tasks (job_id, kind, reason, amount_cents, fee_cents, destination_user_id,
        idempotency_key, status, next_attempt_at)
      values (${j.jobId}, 'transfer', 'release', ${PAY.subtotal}, ${PAY.fee}, ${chef}, ${`job:${j.jobId}:transfer`},
        ${j === closedBeforeDeploy ? 'done' : 'pending'}, now())`);
  }
  const old = closedBeforeDeploy.jobId;
  await run(sql`insert into payments.ledger_entries (job_id, kind, amount_cents, provider_id, idempotency_key) values
    (${old}, 'transfer', ${PAY.subtotal}, ${`tr_migrated_${old.slice(0, 8)}`}, ${`job:${old}:transfer`}),
    (${old}, 'fee', ${PAY.fee}, null, ${`job:${old}:fee`})`);
  // The deploy: migration 0012, then the new payments service on the same database.
  h = await startPayments({}, { database });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

test('migration 0012 makes every job seat 1, its escrow charge seat 0, and keeps its keys and decision', async () => {
  const charges = await h.database.rows<{ job_id: string; seat_no: number; idempotency_key: string }>(
    sql`select job_id, seat_no, idempotency_key from payments.ledger_entries where kind = 'charge'`,
  );
  expect(charges).toHaveLength(3);
  for (const c of charges) {
    expect(Number(c.seat_no)).toBe(0);
    expect(c.idempotency_key).toBe(`job:${c.job_id}:payment_intent`);
  }
  const old = closedBeforeDeploy.jobId;
  expect(
    await h.database.rows(
      sql`select kind, seat_no, amount_cents from payments.ledger_entries where job_id = ${old} and kind <> 'charge' order by kind`,
    ),
  ).toEqual([
    { kind: 'fee', seat_no: 1, amount_cents: PAY.fee },
    { kind: 'transfer', seat_no: 1, amount_cents: PAY.subtotal },
  ]);
  const seats = await h.database.rows<Record<string, unknown>>(
    sql`select job_id, seat_no, application_id, chef_id, status from payments.seat_payments
        where job_id in ${[decidedBeforeDeploy.jobId, heldAtDeploy.jobId, old]}`,
  );
  expect(seats).toEqual(
    expect.arrayContaining([
      {
        job_id: old,
        seat_no: 1,
        application_id: closedBeforeDeploy.applicationId,
        chef_id: chef,
        status: 'completed',
      },
      {
        job_id: decidedBeforeDeploy.jobId,
        seat_no: 1,
        application_id: decidedBeforeDeploy.applicationId,
        chef_id: chef,
        status: expect.any(String),
      },
      // no chef recorded on the job yet: the seat waits for its checkout to name one
      {
        job_id: heldAtDeploy.jobId,
        seat_no: 1,
        application_id: null,
        chef_id: null,
        status: expect.any(String),
      },
    ]),
  );
  expect(seats).toHaveLength(3);
  const decisions = await h.database.rows<{ job_id: string; seat_no: number }>(
    sql`select job_id, seat_no from payments.decisions where job_id in ${[decidedBeforeDeploy.jobId, old]}`,
  );
  expect(decisions.map((d) => Number(d.seat_no))).toEqual([1, 1]);
  const [task] = await h.database.rows<{ seat_no: number; idempotency_key: string }>(
    sql`select seat_no, idempotency_key from payments.money_tasks where job_id = ${decidedBeforeDeploy.jobId}`,
  );
  expect(task).toEqual({ seat_no: 1, idempotency_key: `job:${decidedBeforeDeploy.jobId}:transfer` });
});

test('a migrated job settles exactly as before: same keys, same movements, ledger:check green per seat', async () => {
  // The platform's balance the transfers are paid from (the migrated charges are not at this sandbox), then the
  // chef's payout account: the transfer decided before the deploy goes out now.
  const funds = await h.stripe.paymentIntents.create({
    amount: 2 * PAY.total,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
  });
  expect(funds.status).toBe('succeeded');
  await h.onboard({ id: chef, token: await h.auth.token({ id: chef, type: 'chef' }) });
  // The job held at the deploy is checked out after it, by an event that names no seat (seat 1).
  await h.checkout(heldAtDeploy.jobId, restaurant, chef, heldAtDeploy.applicationId, 'release', {
    subtotalCents: PAY.subtotal,
    feeCents: PAY.fee,
    totalCents: PAY.total,
  });

  for (const j of [decidedBeforeDeploy, heldAtDeploy]) {
    await eventually(async () => {
      const [job] = await h.database.rows<{ status: string }>(
        sql`select status from payments.job_payments where job_id = ${j.jobId}`,
      );
      expect(job!.status).toBe('completed');
    }, 20_000);
    expect(
      await h.database.rows(
        sql`select kind, seat_no, amount_cents, idempotency_key from payments.ledger_entries
            where job_id = ${j.jobId} order by seat_no, kind`,
      ),
    ).toEqual([
      {
        kind: 'charge',
        seat_no: 0,
        amount_cents: PAY.total,
        idempotency_key: `job:${j.jobId}:payment_intent`,
      },
      { kind: 'fee', seat_no: 1, amount_cents: PAY.fee, idempotency_key: `job:${j.jobId}:fee` },
      {
        kind: 'transfer',
        seat_no: 1,
        amount_cents: PAY.subtotal,
        idempotency_key: `job:${j.jobId}:transfer`,
      },
    ]);
    expect(
      await h.database.rows(
        sql`select kind, seat_no, status, idempotency_key from payments.money_tasks where job_id = ${j.jobId}`,
      ),
    ).toEqual([{ kind: 'transfer', seat_no: 1, status: 'done', idempotency_key: `job:${j.jobId}:transfer` }]);
    expect(
      await h.database.rows(
        sql`select seat_no, kind, chef_pay_cents, fee_cents, refund_cents from payments.decisions where job_id = ${j.jobId}`,
      ),
    ).toEqual([
      { seat_no: 1, kind: 'release', chef_pay_cents: PAY.subtotal, fee_cents: PAY.fee, refund_cents: 0 },
    ]);
    expect(
      await h.database.rows(
        sql`select seat_no, status, chef_id, application_id from payments.seat_payments where job_id = ${j.jobId}`,
      ),
    ).toEqual([{ seat_no: 1, status: 'completed', chef_id: chef, application_id: j.applicationId }]);
    // The transfer at the provider carries the key it always had, and the closing event names seat 1.
    const transfers = await h.stripe.transfers.list({ transfer_group: j.jobId } as never);
    expect(transfers.data.map((t) => t.amount)).toEqual([PAY.subtotal]);
    await eventually(() => {
      const released = h.events('payments.payout.released.v1', j.jobId);
      expect(released).toHaveLength(1);
      expect(released[0]!.data).toMatchObject({
        chef_id: chef,
        amount_cents: PAY.subtotal,
        fee_cents: PAY.fee,
        seat_no: 1,
        application_id: j.applicationId,
      });
    });
  }

  const lines: string[] = [];
  expect(await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy })).toBe(true);
  for (const j of [decidedBeforeDeploy, heldAtDeploy, closedBeforeDeploy]) {
    const at = lines.findIndex((l) => l.includes(j.jobId));
    expect(lines[at]).toMatch(
      new RegExp(
        `^ok +job ${j.jobId} completed +charged ${PAY.total} = transferred ${PAY.subtotal} \\+ fee ${PAY.fee} \\+ refunded 0$`,
      ),
    );
    expect(lines[at + 1]).toBe(`    ok   seat 1 moved ${PAY.total} of share ${PAY.total}`);
  }
});
