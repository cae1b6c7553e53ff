import { freePort } from '@brigade/kit';
import { requireRealServers } from '@brigade/kit/testing';
import { detectApertiumCommand } from '../services/messaging/src/adapters/apertium-command';
import type { MessagingHandle } from '../services/messaging/src/app';
import { startEmbedded, type Embedded } from './embedded';

// What a newcomer does after `npm start`: sign up, verify the phone from the SMS outbox, accept the terms,
// onboard. Once on the embedded default (PGlite, in-process bus), once in real mode when the servers are set.
// And what the platform team scrapes (issue 33): with METRICS_PORT, the one process serves one `/metrics`
// carrying every service's figures, each labelled by its service, as the separate processes each serve theirs.

const SERVICES = ['identity', 'jobs', 'payments', 'messaging', 'notifications'];

async function onboardThroughTheGateway(url: string, type: 'chef' | 'restaurant') {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const phone = `612555${String(1000 + Math.floor(Math.random() * 8999))}`;
  const email = `${type}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signup = await call('POST', '/auth/signup', {
    email,
    password: 'long enough pw',
    confirmPassword: 'long enough pw',
    phone,
    userType: type,
    tosAccepted: true,
  });
  expect(signup.status).toBe(201);
  const token = signup.body.session.access_token;
  const sms = await call('GET', '/dev/sms');
  const code = /(\d{6})/.exec(sms.body.messages.find((m: any) => m.to === `+1${phone}`).body)![1];
  expect((await call('POST', '/auth/verify-phone', { phone, code }, token)).status).toBe(200);
  expect(
    (
      await call(
        'POST',
        '/agreements/accept',
        { agreementType: type === 'chef' ? 'worker_tos' : 'restaurant_tos', version: '1.0' },
        token,
      )
    ).status,
  ).toBe(201);
  const profile =
    type === 'chef'
      ? { name: 'Smoke Chef', bio: 'Grill and prep', city: 'Detroit', skills: JSON.stringify(['Grill Cook']) }
      : {
          name: 'Smoke Diner',
          description: 'Diner',
          address: '1 Main St',
          city: 'Minneapolis',
          cuisineTypes: JSON.stringify(['American']),
        };
  const saved = await call('POST', `/profiles/${type}`, profile, token);
  expect(saved.status).toBe(200);
  const me = await call('GET', '/profiles/me', undefined, token);
  expect(me.body).toMatchObject({
    user: { email, phone_verified: true, user_type: type },
    profile: { name: profile.name },
  });
  return token as string;
}

/** The sample lines of one metric (`name{labels} value`). */
const lines = (text: string, name: string) =>
  text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
const labelsOf = (line: string) =>
  Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

async function expectEveryServiceMeasured(brigade: Embedded, metricsPort: number) {
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
  // the public port never serves them
  expect((await fetch(`${brigade.url}/metrics`)).status).toBe(404);
}

describe('the embedded default (npm start)', () => {
  let brigade: Embedded;
  let chefToken: string;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    brigade = await startEmbedded({
      port: 0,
      dataDir: null,
      buildWeb: false,
      env: { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', METRICS_PORT: String(metricsPort) },
    });
  });
  afterAll(() => brigade?.stop());

  test('runs every service on PGlite and the in-process bus', async () => {
    expect(brigade.mode).toEqual({ database: 'pglite', bus: 'in-process', rateLimit: 'memory' });
    const ready: any = await (await fetch(`${brigade.url}/ready`)).json();
    expect(ready.status).toBe('ready');
    expect(Object.keys(ready.services)).toContain('identity');
  });

  test('a restaurant and a chef sign up, verify, accept the terms and onboard', async () => {
    await onboardThroughTheGateway(brigade.url, 'restaurant');
    chefToken = await onboardThroughTheGateway(brigade.url, 'chef');
  });

  test('finds a local apertium by itself, and says which translator it uses', async () => {
    const res = await fetch(`${brigade.url}/api/messages/translation`, {
      headers: { authorization: `Bearer ${chefToken}` },
    });
    const installed = (await detectApertiumCommand('apertium')).length === 2;
    expect(await res.json()).toEqual(
      installed ? { provider: 'apertium', pairs: ['en-es', 'es-en'] } : { provider: 'none', pairs: [] },
    );
    // The start banner reads the same from the running service.
    expect((brigade.services.messaging!.handle as MessagingHandle).translation).toMatchObject({
      provider: installed ? 'apertium' : 'none',
    });
  });

  test('with METRICS_PORT, one /metrics carries every service’s figures, each labelled with its service', () =>
    expectEveryServiceMeasured(brigade, metricsPort));
});

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');
(real ? describe : describe.skip)('real mode (PostgreSQL, RabbitMQ, Redis)', () => {
  let brigade: Embedded;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    const base = new URL(process.env.DATABASE_URL!);
    base.pathname = `/smoke${Date.now().toString(36)}`;
    brigade = await startEmbedded({
      port: 0,
      buildWeb: false,
      env: {
        DATABASE_URL: base.toString(),
        BUS_NAMESPACE: `smoke${Date.now().toString(36)}`,
        EVENT_RETRY_DELAYS_MS: '100,200',
        SMS_SANDBOX: '1',
        METRICS_PORT: String(metricsPort),
      },
    });
  });
  afterAll(() => brigade?.destroy());

  test('the same path works against the real servers', async () => {
    expect(brigade.mode).toEqual({ database: 'postgres', bus: 'rabbitmq', rateLimit: 'redis' });
    await onboardThroughTheGateway(brigade.url, 'restaurant');
    await onboardThroughTheGateway(brigade.url, 'chef');
  });
  test('one /metrics on the real servers too, every service labelled', () =>
    expectEveryServiceMeasured(brigade, metricsPort));
});
