import { freePort } from '@brigade/kit';
import { startEmbedded, type Embedded } from './embedded';

// Metrics wherever the product runs (issue 33): `npm start` (one process: the embedded default, or the real
// servers with DATABASE_URL set) with METRICS_PORT serves one `/metrics` carrying every service's figures, each
// labelled by its service, as the separate processes each serve theirs. On PGlite and the in-process bus, or on
// PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.

const SERVICES = ['identity', 'jobs', 'payments', 'messaging', 'notifications'];
const real = !!process.env.DATABASE_URL;

let brigade: Embedded;
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
  const stamp = `metrics${Date.now().toString(36)}`;
  const database = real ? new URL(process.env.DATABASE_URL!) : null;
  if (database) database.pathname = `/${stamp}`;
  brigade = await startEmbedded({
    port: 0,
    dataDir: null,
    buildWeb: false,
    env: {
      METRICS_PORT: String(metricsPort),
      ...(database
        ? { DATABASE_URL: database.toString(), BUS_NAMESPACE: stamp, SMS_SANDBOX: '1' }
        : { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' }),
    },
  });
});
afterAll(() => (real ? brigade?.destroy() : brigade?.stop()));

/** The sample lines of one metric (`name{labels} value`). */
const lines = (text: string, name: string) =>
  text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
const labelsOf = (line: string) =>
  Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

test('one /metrics on METRICS_PORT carries every service’s figures, each labelled with its service', async () => {
  expect(brigade.metrics?.port).toBe(metricsPort);
  // the gateway's readiness asks every service's: a request for each of them
  expect((await fetch(`${brigade.url}/ready`)).status).toBe(200);
  expect((await fetch(`${brigade.url}/api/payments/config`)).status).toBe(200);

  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();

  const answered = new Set(
    lines(text, 'http_request_duration_seconds_count').map((l) => labelsOf(l).service),
  );
  expect([...answered].sort()).toEqual(expect.arrayContaining(['gateway', ...SERVICES].sort()));
  const gatewayRoute = lines(text, 'http_request_duration_seconds_count')
    .map(labelsOf)
    .find((l) => l.service === 'gateway' && l.route === '/api/payments/config');
  expect(gatewayRoute).toMatchObject({ method: 'GET', status: '200' });
  // a payments route, measured by payments itself behind the gateway
  expect(
    lines(text, 'http_request_duration_seconds_count')
      .map(labelsOf)
      .some((l) => l.service === 'payments' && l.route === '/payments/config'),
  ).toBe(true);

  const outboxes = lines(text, 'brigade_outbox_pending_events').map((l) => labelsOf(l).service);
  expect(outboxes.sort()).toEqual([...SERVICES].sort());
  expect(lines(text, 'brigade_escrow_overdue_jobs')).toEqual([
    'brigade_escrow_overdue_jobs{service="payments"} 0',
  ]);
  expect(lines(text, 'brigade_payment_anomalies').length).toBeGreaterThan(0);
  for (const line of lines(text, 'brigade_payment_anomalies'))
    expect(labelsOf(line).service).toBe('payments');

  // every consumed queue once, under the service that consumes it (one bus shared by the whole process)
  const queues = lines(text, 'brigade_consumer_lag_messages').map(labelsOf);
  expect(new Set(queues.map((q) => q.service))).toEqual(new Set(SERVICES));
  for (const q of queues) expect(q.queue.startsWith(`${q.service}.`)).toBe(true);
  expect(new Set(queues.map((q) => q.queue)).size).toBe(queues.length);
  for (const line of lines(text, 'brigade_dead_letters')) {
    const l = labelsOf(line);
    expect(l.queue.startsWith(`${l.service}.`)).toBe(true);
  }
  expect(text).toContain('process_resident_memory_bytes');
});

test('the public port still never serves /metrics', async () => {
  expect((await fetch(`${brigade.url}/metrics`)).status).toBe(404);
});
