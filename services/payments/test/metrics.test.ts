import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { appendEvent, createLogger, freePort, listen, startMetrics, type RunningServer } from '@brigade/kit';
import { createGateway } from '../../../gateway/src/app';
import { loadGatewayConfig } from '../../../gateway/src/config';
import { MemoryRateLimiter } from '../../../gateway/src/rate-limit';
import { eventually, startPayments, type Harness } from './harness';

// Prometheus metrics (issue 21): a service started with METRICS_PORT serves them on that port of its own, with
// the names the alert rules of docs/operations.md use; the gateway's public port never serves them.

const HOUR = 3_600_000;
const WEBHOOK_SECRET = `whsec_metrics_${randomBytes(8).toString('hex')}`;
let h: Harness;
let metricsPort: number;
let metrics: { url: string; close(): Promise<void> } | null;
let gateway: RunningServer;

beforeAll(async () => {
  metricsPort = await freePort();
  h = await startPayments({ METRICS_PORT: String(metricsPort), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  // what runService does with METRICS_PORT once the service is up
  metrics = await startMetrics({
    config: { ...h.config, HOST: '127.0.0.1' },
    service: 'payments',
    database: h.database,
    bus: h.bus,
  });
  const config = loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080' });
  gateway = await listen(
    createGateway({
      config,
      services: { payments: h.url },
      rateLimiter: new MemoryRateLimiter(),
      keys: h.auth.keys,
      logger: createLogger('gateway-test'),
    }),
  );
});
afterAll(async () => {
  await gateway?.close();
  await metrics?.close();
  await h?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample, by metric name and the labels it must carry. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

test('METRICS_PORT is read from the environment like every setting', () => {
  expect(h.config.METRICS_PORT).toBe(metricsPort);
});

test('a service serves its request durations by route pattern and status, its outbox, its queues and the money it watches', async () => {
  const restaurant = await h.user('restaurant');
  const unknownJob = '00000000-0000-4000-8000-000000000000';
  expect((await h.call('GET', `/payments/job/${unknownJob}`, restaurant.token)).status).toBe(404);
  expect((await h.call('GET', `/payments/job/${unknownJob}`)).status).toBe(401);
  expect((await h.call('GET', '/payments/config')).status).toBe(200);
  expect((await h.call('GET', '/no/such/path')).status).toBe(404);
  let text = await scrape();
  const route = (r: string, status: string) => ({ service: 'payments', route: r, status });
  // the route's pattern, never the raw URL (one series per route, whatever the ids)
  expect(sample(text, 'http_request_duration_seconds_count', route('/payments/job/:jobId', '404'))).toBe(1);
  expect(sample(text, 'http_request_duration_seconds_count', route('/payments/job/:jobId', '401'))).toBe(1);
  expect(sample(text, 'http_request_duration_seconds_count', route('/payments/config', '200'))).toBe(1);
  expect(sample(text, 'http_request_duration_seconds_count', route('unmatched', '404'))).toBe(1);
  expect(text).not.toContain(unknownJob);
  expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",service="payments"/);

  // a paid shift that ended 60 hours ago and was never checked out: its money is past the checkout deadline
  await h.paidJob({ startsInMs: -60 * HOUR, onboard: true });
  // an event written and not published (the relay has not passed yet or the broker is down)
  await h.service.relay.stop();
  await h.database.transaction((tx) =>
    appendEvent(h.database, tx, 'payments.payout_account.updated.v1', {
      user_id: restaurant.id,
      account_id: 'acct_metrics_test',
      charges_enabled: false,
      payouts_enabled: false,
      currently_due: [],
    }),
  );

  // a signed webhook naming a payment Stripe never made: refused, and kept as an anomaly
  const forged = JSON.stringify({
    id: `evt_metrics_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: 'pi_forged_for_metrics',
        object: 'payment_intent',
        amount: 100,
        amount_received: 100,
        currency: 'usd',
        status: 'succeeded',
        metadata: { job_id: randomUUID() },
      },
    },
  });
  const delivered = await fetch(`${h.url}/payments/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: forged,
        secret: WEBHOOK_SECRET,
      }),
    },
    body: forged,
  });
  expect(delivered.status).toBe(200);
  await eventually(async () => {
    expect(sample(await scrape(), 'brigade_payment_anomalies', { reason: 'not_at_provider' })).toBe(1);
  });

  text = await scrape();
  expect(sample(text, 'brigade_outbox_pending_events', { service: 'payments' })).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'brigade_escrow_overdue_jobs')).toBe(1);
  // every queue the service consumes, with what waits in it and its dead letters: on RabbitMQ the service's
  // work queue (ADR 15), in process each subscription's
  const queue = { queue: h.bus.kind === 'rabbitmq' ? 'payments.events' : 'payments.user-registered' };
  expect(sample(text, 'brigade_consumer_lag_messages', queue)).toBeGreaterThanOrEqual(0);
  expect(sample(text, 'brigade_dead_letters', queue)).toBe(0);
  // the money facts refused, every reason counted from 0 (an alert on an increase sees the first one)
  expect(sample(text, 'brigade_payment_anomalies', { reason: 'amount_mismatch' })).toBe(0);
  // the process's own figures too
  expect(text).toContain('process_resident_memory_bytes');
});

test('the metrics port serves nothing but /metrics', async () => {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/payments/config`);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'Only GET /metrics is served here', code: 'HTTP.NOT_FOUND' });
});

test('the gateway measures its routes by the route table and never serves metrics on its public port', async () => {
  const through = await fetch(`${gateway.url}/api/payments/config`);
  expect(through.status).toBe(200);
  const publicMetrics = await fetch(`${gateway.url}/metrics`);
  expect(publicMetrics.status).toBe(404);
  const body = await publicMetrics.text();
  expect(body).not.toContain('http_request_duration_seconds');
  expect(JSON.parse(body)).toEqual({ error: 'Not found: /metrics', code: 'GATEWAY.NOT_FOUND' });
  expect((await fetch(`${gateway.url}/api/metrics`)).status).toBe(404);

  const text = await scrape();
  const gatewayRoute = { service: 'gateway', route: '/api/payments/config', status: '200' };
  expect(sample(text, 'http_request_duration_seconds_count', gatewayRoute)).toBe(1);
});
