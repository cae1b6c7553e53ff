import { randomUUID } from 'node:crypto';
import {
  appendEvent,
  createHttpApp,
  createLogger,
  finishHttpApp,
  InProcessBus,
  listen,
  platformOpsRouter,
  recordAudit,
  type EvidenceEntry,
  type RunningServer,
  type TimelineEntry,
} from '@brigade/kit';
import { createTestAuth, createTestDatabase, eventually, type TestDatabase } from '@brigade/kit/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter } from '../src/rate-limit';

// The console's merged routes at the gateway (ADR 11): the operator's request goes to every service (same
// token, same request id), their parts are merged (timeline by time then service, audit newest first with the
// limit applied after the merge, dead-letter queues side by side), a service that is down is named in
// `unavailable` instead of failing the answer, and a redrive goes to the service the queue belongs to.
// The services here are the kit's real ops router on their own databases and one in-process bus (as in the
// embedded default); identity is not configured and messaging is down.

type Service = 'jobs' | 'payments' | 'notifications';
const logger = createLogger('ops-fanout-test', 'silent');
const bus = new InProcessBus({ retryDelaysMs: [10, 20], logger });
const databases: TestDatabase[] = [];
const upstreams: RunningServer[] = [];
const seen: Record<string, Array<{ path: string; requestId: string | undefined }>> = {};
let gateway: RunningServer;
let auth: Awaited<ReturnType<typeof createTestAuth>>;
let operatorToken: string;
const operatorId = randomUUID();
const jobId = randomUUID();
const restaurantId = randomUUID();
const TIE = '2031-01-01T00:00:00.000Z';
const db: Partial<Record<Service, TestDatabase>> = {};
const MISSING_JOB = randomUUID();
const evidenceEntry = (service: Service, section: EvidenceEntry['section'], at: string): EvidenceEntry => ({
  section,
  service,
  title: `${service} ${section}`,
  text: `${service} says`,
  at,
});
/** Each service's evidence in its own order; the merge puts them by Stripe's sections, then by time. */
const EVIDENCE: Record<Service, EvidenceEntry[]> = {
  jobs: [
    evidenceEntry('jobs', 'service_documentation', '2031-01-01T12:00:00.000Z'),
    evidenceEntry('jobs', 'product_description', '2031-01-01T10:00:00.000Z'),
    evidenceEntry('jobs', 'service_date', '2031-01-02T00:00:00.000Z'),
  ],
  payments: [evidenceEntry('payments', 'receipt', '2031-01-01T09:00:00.000Z')],
  notifications: [evidenceEntry('notifications', 'product_description', '2031-01-01T08:00:00.000Z')],
};

beforeAll(async () => {
  auth = await createTestAuth();
  operatorToken = await auth.token({ type: 'operator', id: operatorId, email: 'ops@brigade.test' });
  const urls: Record<string, string> = {};
  for (const service of ['jobs', 'payments', 'notifications'] as const) {
    const database = await createTestDatabase(service, []);
    databases.push(database);
    db[service] = database;
    seen[service] = [];
    const app = createHttpApp({ name: service, logger, ready: async () => undefined });
    app.use((req, _res, next) => {
      seen[service].push({ path: req.originalUrl, requestId: req.headers['x-request-id'] as string });
      next();
    });
    app.use(
      platformOpsRouter({
        service,
        database,
        bus,
        keys: auth.keys,
        // Each service adds one entry at the same instant: the merge orders them by service.
        extraTimeline: async (): Promise<TimelineEntry[]> => [
          {
            at: TIE,
            service,
            kind: 'sms',
            type: `${service}.extra`,
            actor: { type: 'system', id: null },
            summary: service,
            data: {},
          },
        ],
        // Issue 38: each service's part of a job's evidence (jobs owns the job: an unknown one is its 404).
        ...(service === 'jobs' ? { jobExists: async (id: string) => id !== MISSING_JOB } : {}),
        evidence: async (): Promise<EvidenceEntry[]> => EVIDENCE[service],
      }),
    );
    finishHttpApp(app, logger);
    const server = await listen(app, 0, '127.0.0.1');
    upstreams.push(server);
    urls[service] = server.url;
  }
  await bus.subscribe({
    queue: 'jobs.on-payment-failed',
    types: ['jobs.job.payment_failed.v1'],
    handler: async () => {
      throw new Error('jobs cannot');
    },
  });
  await bus.subscribe({
    queue: 'payments.on-payment-failed',
    types: ['jobs.job.payment_failed.v1'],
    handler: async () => {
      throw new Error('payments cannot');
    },
  });
  const app = createGateway({
    config: loadGatewayConfig({ UPSTREAM_TIMEOUT_MS: '2000', PUBLIC_URL: 'http://localhost:8080' }),
    services: { ...urls, messaging: 'http://127.0.0.1:1' },
    rateLimiter: new MemoryRateLimiter(),
    keys: auth.keys,
    logger,
  });
  gateway = await listen(app, 0, '127.0.0.1');
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  for (const server of upstreams) await server.close();
  await bus.close();
  for (const database of databases) await database.destroy();
});

async function api(method: string, path: string, token: string | null = operatorToken, body?: unknown) {
  const res = await fetch(`${gateway.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-request-id': 'req-ops-1',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const audit = (service: Service, action: string) =>
  db[service]!.transaction((tx) =>
    recordAudit(db[service]!, tx, {
      operatorId,
      operatorEmail: 'ops@brigade.test',
      action,
      subjectType: 'job',
      subjectId: jobId,
      jobId,
      reason: `${service} ${action}`,
    }),
  );

test('chefs and restaurants are refused at the gateway before any service is asked', async () => {
  const before = Object.values(seen).flat().length;
  for (const type of ['chef', 'restaurant'] as const) {
    const token = await auth.token({ type });
    for (const [method, path, body] of [
      ['GET', `/ops/jobs/${jobId}/timeline`],
      ['GET', '/ops/audit'],
      ['GET', '/ops/dead-letters'],
      ['POST', '/ops/dead-letters/redrive', { queue: 'jobs.on-payment-failed' }],
    ] as Array<[string, string, unknown?]>) {
      const reply = await api(method, path, token, body);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('AUTH.OPERATORS_ONLY');
    }
  }
  expect((await api('GET', '/ops/audit', null)).status).toBe(401);
  expect(Object.values(seen).flat().length).toBe(before);
});

test("the timeline merges every service's part by time, then service; a service down is named", async () => {
  await db.jobs!.transaction((tx) =>
    appendEvent(db.jobs!, tx, 'jobs.job.payment_failed.v1', {
      job_id: jobId,
      restaurant_id: restaurantId,
      title: 'Prep cook',
    }),
  );
  await db.payments!.transaction((tx) =>
    appendEvent(db.payments!, tx, 'payments.escrow.refunded.v1', {
      job_id: jobId,
      restaurant_id: restaurantId,
      refund_id: 're_1',
      amount_cents: 5_350,
      reason: 'job_cancelled',
    }),
  );
  await audit('jobs', 'dispute.resolve');
  const reply = await api('GET', `/ops/jobs/${jobId}/timeline`);
  expect(reply.status).toBe(200);
  expect(reply.body.job_id).toBe(jobId);
  expect(reply.body.unavailable).toEqual(['identity', 'messaging']);
  const entries: TimelineEntry[] = reply.body.entries;
  expect(entries.map((e) => `${e.service} ${e.type}`)).toEqual([
    'jobs jobs.job.payment_failed.v1',
    'payments payments.escrow.refunded.v1',
    'jobs dispute.resolve',
    'jobs jobs.extra',
    'payments payments.extra',
    'notifications notifications.extra',
  ]);
  // Every service got the operator's request with the same request id.
  for (const service of ['jobs', 'payments', 'notifications'])
    expect(seen[service].at(-1)).toEqual({ path: `/ops/jobs/${jobId}/timeline`, requestId: 'req-ops-1' });
  // Not an id: every service says 404, and so does the gateway.
  expect((await api('GET', '/ops/jobs/nope/timeline')).status).toBe(404);
});

test("a card dispute's evidence merges every part by Stripe's sections, then time; a service down is named", async () => {
  const reply = await api('GET', `/ops/jobs/${jobId}/evidence?restaurant_id=${restaurantId}`);
  expect(reply.status).toBe(200);
  expect(reply.body.job_id).toBe(jobId);
  expect(reply.body.unavailable).toEqual(['identity', 'messaging']);
  expect(reply.body.entries.map((e: EvidenceEntry) => `${e.section} ${e.service}`)).toEqual([
    'product_description notifications',
    'product_description jobs',
    'service_date jobs',
    'service_documentation jobs',
    'receipt payments',
  ]);
  // the query reaches every service as the console sent it
  for (const service of ['jobs', 'payments', 'notifications'])
    expect(seen[service].at(-1)?.path).toBe(`/ops/jobs/${jobId}/evidence?restaurant_id=${restaurantId}`);
  // as the timeline: the job's owner says it does not exist, so does the gateway; not an id, every service 404
  expect(await api('GET', `/ops/jobs/${MISSING_JOB}/evidence`)).toMatchObject({
    status: 404,
    body: { code: 'OPS.JOB_NOT_FOUND' },
  });
  expect((await api('GET', '/ops/jobs/nope/evidence')).status).toBe(404);
  expect((await api('GET', `/ops/jobs/${jobId}/evidence?restaurant_id=nope`)).status).toBe(400);
  for (const type of ['chef', 'restaurant'] as const)
    expect(await api('GET', `/ops/jobs/${jobId}/evidence`, await auth.token({ type }))).toMatchObject({
      status: 403,
      body: { code: 'AUTH.OPERATORS_ONLY' },
    });
});

test('the audit log: newest first across services, the limit applied after the merge', async () => {
  await new Promise((r) => setTimeout(r, 5));
  await audit('payments', 'user.suspend');
  await new Promise((r) => setTimeout(r, 5));
  await audit('notifications', 'user.reinstate');
  const all = await api('GET', '/ops/audit');
  expect(all.status).toBe(200);
  expect(
    all.body.entries.map((e: { service: string; action: string }) => `${e.service} ${e.action}`),
  ).toEqual(['notifications user.reinstate', 'payments user.suspend', 'jobs dispute.resolve']);
  expect(all.body.unavailable).toEqual(['identity', 'messaging']);
  const two = await api('GET', `/ops/audit?job_id=${jobId}&limit=2`);
  expect(two.body.entries.map((e: { action: string }) => e.action)).toEqual([
    'user.reinstate',
    'user.suspend',
  ]);
  const bad = await api('GET', '/ops/audit?limit=0');
  expect(bad.status).toBe(400);
  expect(typeof bad.body.error).toBe('string');
});

test('dead letters side by side; a redrive goes to the queue owner; unknown prefix 400, owner down 503', async () => {
  await bus.publish({
    id: randomUUID(),
    type: 'jobs.job.payment_failed.v1',
    occurred_at: new Date().toISOString(),
    producer: 'jobs',
    data: { job_id: jobId, restaurant_id: restaurantId, title: 'Prep cook' },
  });
  const listed = await eventually(
    async () => {
      const reply = await api('GET', '/ops/dead-letters');
      expect(reply.body.queues.map((q: { queue: string; count: number }) => [q.queue, q.count])).toEqual([
        ['jobs.on-payment-failed', 1],
        ['payments.on-payment-failed', 1],
      ]);
      return reply.body;
    },
    5_000,
    50,
  );
  expect(listed.unavailable).toEqual(['identity', 'messaging']);
  expect(listed.queues[1]).toMatchObject({
    service: 'payments',
    latest: [{ type: 'jobs.job.payment_failed.v1', subject: jobId, error: 'payments cannot', attempts: 3 }],
  });

  const redrive = await api('POST', '/ops/dead-letters/redrive', operatorToken, {
    queue: 'payments.on-payment-failed',
  });
  expect(redrive).toEqual({ status: 200, body: { queue: 'payments.on-payment-failed', redriven: 1 } });
  expect(seen.payments.at(-1)?.path).toBe('/ops/dead-letters/redrive');
  const suspend = await api('GET', '/ops/audit?subject_id=payments.on-payment-failed');
  expect(suspend.body.entries).toEqual([
    expect.objectContaining({ service: 'payments', action: 'dead_letters.redrive', operator_id: operatorId }),
  ]);

  const unknown = await api('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'billing.on-x' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error).toMatch(/billing/);
  expect(
    (await api('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'messaging.on-x' })).status,
  ).toBe(503);
  expect((await api('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'jobs.nope' })).status).toBe(
    404,
  );
  expect((await api('POST', '/ops/dead-letters/redrive', operatorToken, { queue: 'Bad Name' })).status).toBe(
    400,
  );
  expect((await api('POST', '/ops/dead-letters/redrive', operatorToken, ['x'])).status).toBe(400);
}, 30_000);
