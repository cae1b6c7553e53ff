import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@brigade/contracts';
import {
  appendEvent,
  createHttpApp,
  createLogger,
  finishHttpApp,
  listen,
  platformOpsRouter,
  recordAudit,
  type RunningServer,
  type TimelineEntry,
} from '../src';
import {
  createTestAuth,
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
} from '../src/testing';

// The console's routes every service answers for its own records (ADR 11): the audit log, the dead letters of
// the service's own queues (listed without losing them, redriven and audited), and the service's part of a
// job's timeline. PGlite and the in-process bus by default; PostgreSQL and a real RabbitMQ broker (dead
// letters listed and redriven there) when DATABASE_URL / AMQP_URL are set.

let database: TestDatabase;
let testBus: TestBus;
let server: RunningServer;
let auth: Awaited<ReturnType<typeof createTestAuth>>;
let operatorToken: string;
let operatorId: string;
const jobId = randomUUID();
const restaurantId = randomUUID();
let failing = true;
const handled: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('kitops', []);
  testBus = await createTestBus([20, 40]);
  auth = await createTestAuth();
  operatorId = randomUUID();
  operatorToken = await auth.token({ type: 'operator', id: operatorId, email: 'ops@brigade.test' });
  const logger = createLogger('kit-ops-test', 'silent');
  const bus = testBus.bus;
  // jobs' own queue (its handler fails until the "fix"), and another service's queue on the same bus.
  await bus.subscribe({
    queue: 'jobs.payment-failed',
    types: ['jobs.job.payment_failed.v1'],
    handler: async (event) => {
      if (failing) throw new Error('read model is broken');
      handled.push(event.id);
    },
  });
  // two more of jobs' own: one that fails on the same events for good, one that never sees one
  await bus.subscribe({
    queue: 'jobs.payment-report',
    types: ['jobs.job.payment_failed.v1'],
    handler: async () => {
      throw new Error('the report is broken');
    },
  });
  await bus.subscribe({
    queue: 'jobs.job-cancelled',
    types: ['jobs.job.cancelled.v1'],
    handler: async () => undefined,
  });
  await bus.subscribe({
    queue: 'payments.payment-failed',
    types: ['jobs.job.payment_failed.v1'],
    handler: async () => {
      throw new Error('payments is broken too');
    },
  });
  const app = createHttpApp({ name: 'jobs', logger, ready: async () => undefined });
  app.use(
    platformOpsRouter({
      service: 'jobs',
      database,
      bus,
      keys: auth.keys,
      extraTimeline: async (id): Promise<TimelineEntry[]> => [
        {
          at: '2030-01-01T00:00:00.000Z',
          service: 'jobs',
          kind: 'sms',
          type: 'sms.sent',
          actor: { type: 'system', id: null },
          summary: `a text about ${id}`,
          data: {},
        },
      ],
    }),
  );
  finishHttpApp(app, logger);
  server = await listen(app, 0, '127.0.0.1');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await testBus?.destroy();
  await database?.destroy();
});

async function call(method: string, path: string, token: string | null = operatorToken, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function paymentFailed(): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'jobs.job.payment_failed.v1',
    occurred_at: new Date().toISOString(),
    producer: 'jobs',
    data: { job_id: jobId, restaurant_id: restaurantId, title: 'Line cook' },
  };
}

test('every route is for operators only: 401 without a token, 403 for chefs and restaurants', async () => {
  const paths: Array<[string, string, unknown?]> = [
    ['GET', '/ops/audit'],
    ['GET', '/ops/dead-letters'],
    ['POST', '/ops/dead-letters/redrive', { queue: 'jobs.payment-failed' }],
    ['GET', `/ops/jobs/${jobId}/timeline`],
  ];
  for (const [method, path, body] of paths) {
    expect((await call(method, path, null, body)).status).toBe(401);
    for (const type of ['chef', 'restaurant'] as const) {
      const reply = await call(method, path, await auth.token({ type }), body);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('AUTH.OPERATORS_ONLY');
    }
  }
});

test("dead letters: this service's queues only, listed without being taken, then redriven and audited", async () => {
  const events = [paymentFailed(), paymentFailed()];
  for (const event of events) await testBus.bus.publish(event);
  const listed = await eventually(
    async () => {
      const reply = await call('GET', '/ops/dead-letters');
      expect(reply.status).toBe(200);
      const queue = reply.body.queues.find((q: { queue: string }) => q.queue === 'jobs.payment-failed');
      expect(queue.count).toBe(2);
      return reply.body;
    },
    15_000,
    100,
  );
  // Only jobs' queues (payments' queue on the same bus is payments' to list), each with its own dead letters.
  expect(listed.queues.map((q: { queue: string }) => q.queue)).toEqual([
    'jobs.job-cancelled',
    'jobs.payment-failed',
    'jobs.payment-report',
  ]);
  const byQueue = (body: { queues: Array<{ queue: string }> }, name: string) =>
    body.queues.find((q) => q.queue === name) as any;
  expect(byQueue(listed, 'jobs.job-cancelled')).toEqual({
    service: 'jobs',
    queue: 'jobs.job-cancelled',
    count: 0,
    latest: [],
  });
  await eventually(async () =>
    expect(byQueue((await call('GET', '/ops/dead-letters')).body, 'jobs.payment-report').count).toBe(2),
  );
  const report = byQueue((await call('GET', '/ops/dead-letters')).body, 'jobs.payment-report');
  expect(report.latest.map((m: { event_id: string; error: string }) => [m.event_id, m.error])).toEqual([
    [events[1].id, 'the report is broken'],
    [events[0].id, 'the report is broken'],
  ]);
  const queue = byQueue(listed, 'jobs.payment-failed');
  expect(queue.service).toBe('jobs');
  expect(queue.latest).toHaveLength(2);
  expect(queue.latest[0]).toEqual({
    event_id: events[1].id, // newest first
    type: 'jobs.job.payment_failed.v1',
    subject: jobId,
    error: 'read model is broken',
    attempts: 3,
  });
  // Looking did not take them.
  const again = await call('GET', '/ops/dead-letters');
  expect(byQueue(again.body, 'jobs.payment-failed').count).toBe(2);
  expect(
    byQueue(again.body, 'jobs.payment-failed').latest.map((m: { event_id: string }) => m.event_id),
  ).toEqual([events[1].id, events[0].id]);

  // Another service's queue, or a queue that does not exist, is not this service's to redrive.
  expect(
    (await call('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'payments.payment-failed' }))
      .status,
  ).toBe(404);
  expect(
    (await call('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'jobs.nope' })).status,
  ).toBe(404);
  const bad = await call('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'Not a queue!' });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatch(/queue/);
  expect((await call('POST', '/ops/dead-letters/redrive', operatorToken, [])).status).toBe(400);

  failing = false; // the fix is deployed
  const redrive = await call('POST', '/ops/dead-letters/redrive', operatorToken, {
    queue: 'jobs.payment-failed',
  });
  expect(redrive).toEqual({ status: 200, body: { queue: 'jobs.payment-failed', redriven: 2 } });
  await eventually(() => expect(handled.sort()).toEqual(events.map((e) => e.id).sort()), 10_000, 50);
  const after = await call('GET', '/ops/dead-letters');
  expect(byQueue(after.body, 'jobs.payment-failed')).toMatchObject({ count: 0, latest: [] });
  // the other subscription's dead letters of the same events stay where they were
  expect(byQueue(after.body, 'jobs.payment-report').count).toBe(2);

  const audit = await call('GET', '/ops/audit?subject_id=jobs.payment-failed');
  expect(audit.body.entries).toEqual([
    expect.objectContaining({
      service: 'jobs',
      action: 'dead_letters.redrive',
      subject_type: 'queue',
      subject_id: 'jobs.payment-failed',
      operator_id: operatorId,
      operator_email: 'ops@brigade.test',
      detail: { redriven: 2 },
    }),
  ]);
}, 30_000);

test("the job's timeline: the events this service published about it, its operators' actions, and extras", async () => {
  const otherJob = randomUUID();
  await database.transaction(async (tx) => {
    await appendEvent(database, tx, 'jobs.job.payment_failed.v1', {
      job_id: jobId,
      restaurant_id: restaurantId,
      title: 'Line cook',
    });
    await appendEvent(database, tx, 'jobs.job.payment_failed.v1', {
      job_id: otherJob,
      restaurant_id: restaurantId,
      title: 'Other',
    });
    await appendEvent(database, tx, 'payments.escrow.refunded.v1', {
      job_id: jobId,
      restaurant_id: restaurantId,
      refund_id: 're_1',
      amount_cents: 21_400,
      reason: 'dispute_decision',
    });
  });
  await database.transaction((tx) =>
    recordAudit(database, tx, {
      operatorId,
      operatorEmail: 'ops@brigade.test',
      action: 'dispute.resolve',
      subjectType: 'job',
      subjectId: jobId,
      jobId,
      reason: 'The chef never arrived.',
      detail: { chef_pay_cents: 0 },
    }),
  );
  const reply = await call('GET', `/ops/jobs/${jobId}/timeline`);
  expect(reply.status).toBe(200);
  expect(reply.body.job_id).toBe(jobId);
  const entries: TimelineEntry[] = reply.body.entries;
  expect(entries.map((e) => [e.kind, e.type])).toEqual([
    ['state', 'jobs.job.payment_failed.v1'],
    ['money', 'payments.escrow.refunded.v1'],
    ['operator', 'dispute.resolve'],
    ['sms', 'sms.sent'],
  ]);
  expect(entries[0]).toMatchObject({
    service: 'jobs',
    actor: { type: 'system', id: null },
    summary: 'The payment for the shift failed',
    data: { job_id: jobId, title: 'Line cook' },
  });
  expect(entries[1].summary).toBe('$214.00 refunded to the restaurant (dispute decision)');
  expect(entries[2]).toMatchObject({
    actor: { type: 'operator', id: operatorId },
    summary: 'ops@brigade.test decided the dispute: The chef never arrived.',
    data: { chef_pay_cents: 0, reason: 'The chef never arrived.' },
  });
  expect(entries[3].summary).toBe(`a text about ${jobId}`);
  const at = entries.map((e) => Date.parse(e.at));
  expect(at).toEqual([...at].sort((a, b) => a - b));

  // A job nobody wrote about has an empty part; an id that is not one is a 404.
  expect((await call('GET', `/ops/jobs/${randomUUID()}/timeline`)).body.entries).toHaveLength(1); // the extra
  expect((await call('GET', '/ops/jobs/not-a-job/timeline')).status).toBe(404);
});

test('the audit log: newest first, by job or subject, limited; a bad filter is a 400', async () => {
  const all = await call('GET', '/ops/audit');
  expect(all.status).toBe(200);
  expect(all.body.entries.map((e: { action: string }) => e.action)).toEqual([
    'dispute.resolve',
    'dead_letters.redrive',
  ]);
  expect(all.body.entries.every((e: { service: string }) => e.service === 'jobs')).toBe(true);
  const byJob = await call('GET', `/ops/audit?job_id=${jobId}`);
  expect(byJob.body.entries.map((e: { action: string }) => e.action)).toEqual(['dispute.resolve']);
  expect((await call('GET', '/ops/audit?limit=1')).body.entries).toHaveLength(1);
  for (const query of ['job_id=nope', 'limit=0', 'limit=abc', 'limit=501']) {
    const reply = await call('GET', `/ops/audit?${query}`);
    expect(reply.status).toBe(400);
    expect(typeof reply.body.error).toBe('string');
  }
});
