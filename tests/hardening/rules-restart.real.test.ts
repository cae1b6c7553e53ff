import { freePort } from '@brigade/kit';
import { eventually, requireRealServers } from '@brigade/kit/testing';
import { compiled, spawnNode, type NodeChild } from './support/child';
import {
  expectNothingStuck,
  expectProcessLedgerGreen,
  startProcessStack,
  type ProcessStack,
} from './support/processes';
import {
  acceptAndConfirm,
  apply,
  payJob,
  postJob,
  signUp,
  type Account,
  type PostedJob,
  until,
} from './support/stack';

// Issue 16: a restart in the middle of an expiry or checkout-deadline pass changes nothing. The product as
// deployed (every service in its own process, real PostgreSQL, RabbitMQ and Redis) with a second instance of
// jobs and of payments: both jobs instances run the rules loop, both payments instances compete for the
// events and the money tasks. A batch of shifts falls due at once; while their rules are firing, one jobs
// instance and then one payments instance are SIGKILLed and started again. Afterwards each rule fired exactly
// once per shift (one event in the outbox, one refund or payout in the ledger), nothing is left in transit,
// ledger:check is green and no money is stuck.

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');
const EXPIRING = 6;
const DEADLINE = 3;
/** The checkout deadline after a shift's end (CHECKOUT_DEADLINE). */
const DEADLINE_MS = 4_000;

let stack: ProcessStack;
const extra: NodeChild[] = [];

/** Another instance of a service, on the stack's environment and its own port. */
async function secondInstance(service: 'jobs' | 'payments') {
  const port = await freePort();
  const instance = spawnNode(await compiled(`services/${service}/src/main.ts`), {
    ...stack.env,
    PORT: String(port),
  });
  extra.push(instance);
  await eventually(
    async () => {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) });
      if (ready.status !== 200) throw new Error(`${service} 2 /ready ${ready.status}`);
    },
    60_000,
    200,
  );
}

(real ? describe : describe.skip)('the timed rules with two instances of jobs and payments', () => {
  beforeAll(async () => {
    stack = await startProcessStack({
      prefix: 'rules',
      // The services' clock (ADR 41): moved to the shifts' start, then past their checkout deadline.
      movableClock: true,
      extraEnv: {
        JOBS_RULES_POLL_MS: '200',
        CHECKOUT_DEADLINE: `${DEADLINE_MS / 1000}s`,
        CHECKOUT_REMINDERS: '2s',
      },
    });
    await Promise.all([secondInstance('jobs'), secondInstance('payments')]);
  }, 180_000);
  afterAll(async () => {
    for (const i of extra) i.child.kill('SIGKILL');
    await Promise.all(extra.map((i) => i.exited));
    await stack?.destroy();
  });

  const count = async (service: 'jobs' | 'payments', text: string, values: unknown[]) =>
    Number((await stack.query<{ n: number }>(service, text, values))[0].n);
  const events = (type: string, jobId: string) =>
    count('jobs', `select count(*)::int as n from jobs.outbox where type = $1 and payload->>'job_id' = $2`, [
      type,
      jobId,
    ]);
  const ledger = (jobId: string, kind: string) =>
    count(
      'payments',
      'select count(*)::int as n from payments.ledger_entries where job_id = $1 and kind = $2',
      [jobId, kind],
    );

  test('each shift expires, or is settled at its checkout deadline, exactly once across a restart mid-pass', async () => {
    const restaurant = await signUp(stack, 'restaurant');
    const chefs = await Promise.all(Array.from({ length: DEADLINE }, () => signUp(stack, 'chef')));
    // Everything falls due together: EXPIRING paid shifts nobody confirms, DEADLINE confirmed 31-second shifts
    // (paid as a minute at $75/h) whose checkout nobody answers (at the deadline: paid out). The lead only has to
    // outlast booking them on a busy machine: the clock is moved to the start.
    const lead = 120_000;
    const expiring: PostedJob[] = await Promise.all(
      Array.from({ length: EXPIRING }, async () => {
        const job = await postJob(stack, restaurant, lead, 1);
        await payJob(stack, restaurant, job);
        return job;
      }),
    );
    const filled: PostedJob[] = await Promise.all(
      chefs.map(async (chef: Account) => {
        const job = await postJob(stack, restaurant, lead, 31 / 3600, 75);
        await payJob(stack, restaurant, job);
        await acceptAndConfirm(stack, restaurant, chef, await apply(stack, chef, job));
        return job;
      }),
    );

    // The first expiry starts the pass: one jobs instance dies in the middle of it and comes back.
    const expiredCount = () =>
      count('jobs', `select count(*)::int as n from jobs.jobs where status = 'expired' and id = any($1)`, [
        expiring.map((j) => j.id),
      ]);
    await until(stack, Math.min(...[...expiring, ...filled].map((j) => j.start.getTime())));
    await eventually(async () => expect(await expiredCount()).toBeGreaterThan(0), 60_000, 20);
    expect(await stack.kill('jobs')).toBe('SIGKILL');
    console.warn(`a jobs instance killed with ${await expiredCount()} of ${EXPIRING} shifts expired`);
    await stack.start('jobs');
    // Refunds are under way: one payments instance dies in the middle of them and comes back.
    await eventually(
      async () =>
        expect(
          await count(
            'payments',
            "select count(*)::int as n from payments.ledger_entries where kind = 'refund'",
            [],
          ),
        ).toBeGreaterThan(0),
      60_000,
      20,
    );
    expect(await stack.kill('payments')).toBe('SIGKILL');
    await stack.start('payments');

    // The deadline pass: jobs killed again while it settles the confirmed shifts.
    const settledCount = () =>
      count('jobs', `select count(*)::int as n from jobs.jobs where status = 'completed' and id = any($1)`, [
        filled.map((j) => j.id),
      ]);
    await until(stack, Math.max(...filled.map((j) => j.end.getTime())) + DEADLINE_MS);
    await eventually(async () => expect(await settledCount()).toBeGreaterThan(0), 90_000, 20);
    expect(await stack.kill('jobs')).toBe('SIGKILL');
    await stack.start('jobs');

    await eventually(
      async () => {
        expect(await expiredCount()).toBe(EXPIRING);
        expect(await settledCount()).toBe(DEADLINE);
        for (const job of expiring) {
          expect(await events('jobs.job.expired.v1', job.id)).toBe(1);
          expect([await ledger(job.id, 'refund'), await ledger(job.id, 'transfer')]).toEqual([1, 0]);
        }
        for (const job of filled) {
          expect(await events('jobs.checkout.deadline_passed.v1', job.id)).toBe(1);
          expect([await ledger(job.id, 'transfer'), await ledger(job.id, 'refund')]).toEqual([1, 0]);
        }
      },
      60_000,
      500,
    );
    const statuses = await stack.query<{ status: string; n: number }>(
      'payments',
      'select status, count(*)::int as n from payments.job_payments where job_id = any($1) group by status order by status',
      [[...expiring, ...filled].map((j) => j.id)],
    );
    expect(statuses).toEqual([
      { status: 'completed', n: DEADLINE },
      { status: 'refunded', n: EXPIRING },
    ]);
    await expectNothingStuck(stack);
    await expectProcessLedgerGreen(stack);
  }, 240_000);
});
