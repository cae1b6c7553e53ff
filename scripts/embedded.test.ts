import { requireRealServers } from '@brigade/kit/testing';
import { detectApertiumCommand } from '../services/messaging/src/adapters/apertium-command';
import type { MessagingHandle } from '../services/messaging/src/app';
import { startEmbedded, type Embedded } from './embedded';

// What a newcomer does after `npm start`: sign up, verify the phone from the SMS outbox, accept the terms,
// onboard. Once on the embedded default (PGlite, in-process bus), once in real mode when the servers are set.

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

describe('the embedded default (npm start)', () => {
  let brigade: Embedded;
  let chefToken: string;
  beforeAll(async () => {
    brigade = await startEmbedded({
      port: 0,
      dataDir: null,
      buildWeb: false,
      env: { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' },
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
});

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');
(real ? describe : describe.skip)('real mode (PostgreSQL, RabbitMQ, Redis)', () => {
  let brigade: Embedded;
  beforeAll(async () => {
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
      },
    });
  });
  afterAll(() => brigade?.destroy());

  test('the same path works against the real servers', async () => {
    expect(brigade.mode).toEqual({ database: 'postgres', bus: 'rabbitmq', rateLimit: 'redis' });
    await onboardThroughTheGateway(brigade.url, 'restaurant');
    await onboardThroughTheGateway(brigade.url, 'chef');
  });
});
