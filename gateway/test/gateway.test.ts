import http from 'node:http';
import { Redis } from 'ioredis';
import { createLogger, listen, type RunningServer } from '@brigade/kit';
import { requireRealServers, uniqueName } from '@brigade/kit/testing';
import { allRoutes, LIMITED_PUBLIC_ROUTES } from '@brigade/contracts/openapi';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { AUTH_LIMITS, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/rate-limit';
import { GATEWAY_OWN_PATHS, matchRoute } from '../src/routes';
import { newAccount, startIdentity, type Harness } from '../../services/identity/test/harness';

// The gateway in front of the real identity service, plus a deliberately slow upstream for timeouts.

let identity: Harness;
let slow: RunningServer;
let gateway: RunningServer;
let limiter: RateLimiter;

beforeAll(async () => {
  identity = await startIdentity();
  const slowServer = http.createServer((req, res) => {
    if (req.url?.startsWith('/jobs/slow')) setTimeout(() => res.end('{}'), 4000);
    else res.end(JSON.stringify({ jobs: [], seen_user: req.headers['x-user-id'] ?? null, path: req.url }));
  });
  slow = await new Promise<RunningServer>((resolve) =>
    slowServer.listen(0, '127.0.0.1', () => {
      const port = (slowServer.address() as any).port;
      resolve({
        server: slowServer,
        port,
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => slowServer.close(() => r())),
      });
    }),
  );
  if (process.env.REDIS_URL) {
    limiter = new RedisRateLimiter(new Redis(process.env.REDIS_URL), uniqueName('rl-test'));
  } else limiter = new MemoryRateLimiter();
  const { localKeys } = await import('@brigade/kit');
  const app = createGateway({
    config: loadGatewayConfig({
      // Room for identity's password hashing on a busy CI worker; the slow service takes longer still.
      UPSTREAM_TIMEOUT_MS: '1500',
      RATE_LIMIT_API_PER_MINUTE: '50',
      PUBLIC_URL: 'http://localhost:8080',
      SMS_SANDBOX_URL: identity.sms!.url,
    }),
    services: { identity: identity.url, jobs: slow.url, messaging: 'http://127.0.0.1:1' },
    rateLimiter: limiter,
    keys: localKeys(identity.service.context.keyRing.jwks),
    logger: createLogger('gateway-test'),
  });
  gateway = await listen(app);
});
afterAll(async () => {
  await gateway.close();
  await slow.close();
  await identity.close();
  await limiter.close();
});

async function api(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${gateway.url}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, headers: res.headers };
}

describe('routing', () => {
  test('every documented API path has an owner in the route table', () => {
    const missing = allRoutes().filter(
      (r) =>
        !GATEWAY_OWN_PATHS.includes(r.path) &&
        !matchRoute(r.method.toUpperCase(), r.path.replace(/\{[^}]+\}/g, 'x')),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test('a route is public at the gateway exactly when its contract says so', () => {
    const mismatched = allRoutes()
      .filter((r) => !GATEWAY_OWN_PATHS.includes(r.path))
      .filter(
        (r) =>
          Boolean(matchRoute(r.method.toUpperCase(), r.path.replace(/\{[^}]+\}/g, 'x'))?.public) !==
          (r.auth === 'public'),
      );
    expect(mismatched.map((r) => `${r.method} ${r.path} (${r.auth})`)).toEqual([]);
  });

  test('the document says 429 on exactly the public routes the gateway limits', () => {
    const limited = allRoutes()
      .filter((r) => r.auth === 'public')
      .filter((r) => {
        const rule = matchRoute(r.method.toUpperCase(), r.path.replace(/\{[^}]+\}/g, 'x'));
        return Boolean(rule?.publicLimits) || (r.method === 'post' && r.path in AUTH_LIMITS);
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(limited.sort()).toEqual([...LIMITED_PUBLIC_ROUTES].sort());
  });

  test('spec paths go to the right service', () => {
    const cases: Array<[string, string, string]> = [
      ['POST', '/auth/signup', 'identity'],
      ['GET', '/profiles/chefs', 'identity'],
      ['POST', '/agreements/accept', 'identity'],
      ['GET', '/jobs', 'jobs'],
      ['POST', '/jobs/abc/apply', 'jobs'],
      ['PATCH', '/applications/abc', 'jobs'],
      ['POST', '/applications/abc/checkout', 'jobs'],
      ['POST', '/applications/abc/confirm-payment', 'payments'],
      ['POST', '/payments/create-escrow-payment', 'payments'],
      ['GET', '/payments/connect/account-status', 'payments'],
      ['DELETE', '/favorites/worker/abc', 'jobs'],
      ['GET', '/messages/conversations', 'messaging'],
      ['GET', '/notifications/preferences', 'notifications'],
    ];
    for (const [method, path, service] of cases)
      expect([method, path, matchRoute(method, path)?.service]).toEqual([method, path, service]);
  });

  test('the sign-up path works end to end through the gateway', async () => {
    const res = await api('POST', '/auth/signup', newAccount('chef'));
    expect(res.status).toBe(201);
    const me = await api('GET', '/profiles/me', undefined, res.body.session.access_token);
    expect(me.body.user.user_type).toBe('chef');
  });

  test('the verified user is passed on, and the path keeps its query', async () => {
    const { body } = await api('POST', '/auth/signup', newAccount('restaurant'));
    const res = await api('GET', '/jobs?status=all&limit=5', undefined, body.session.access_token);
    expect(res.body).toMatchObject({ seen_user: body.user.id, path: '/jobs?status=all&limit=5' });
  });
});

describe('authentication at the door', () => {
  test('no token, a garbage token, and a token with alg none are 401', async () => {
    expect((await api('GET', '/jobs')).status).toBe(401);
    expect((await api('GET', '/jobs', undefined, 'garbage')).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","user_type":"chef"}').toString('base64url')}.`;
    expect((await api('GET', '/jobs', undefined, none)).body).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
  });

  test('the SMS sandbox shows verification texts as JSON and as a dev page', async () => {
    const account = newAccount('chef');
    const { body } = await api('POST', '/auth/signup', account);
    const sms = await api('GET', '/dev/sms');
    expect(sms.body.messages[0]).toMatchObject({ to: body.user.phone, body: expect.stringMatching(/\d{6}/) });
    const page = await (await fetch(`${gateway.url}/dev/sms`)).text();
    expect(page).toContain(body.user.phone);
  });

  test('phone codes are checked and sent for the signed-in account only: no token, 401', async () => {
    for (const path of ['/auth/verify-phone', '/auth/resend-code'])
      expect(await api('POST', path, { phone: '6125550100', code: '123456' })).toMatchObject({
        status: 401,
        body: { code: 'AUTH.REQUIRED' },
      });
  });

  test('public routes need no token', async () => {
    expect((await api('GET', '/auth/jwks.json')).body.keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
    });
  });
});

describe('upstream failures never hang', () => {
  test('a slow service answers 504 after the upstream timeout', async () => {
    const { body } = await api('POST', '/auth/signup', newAccount('chef'));
    const res = await api('GET', '/jobs/slow', undefined, body.session.access_token);
    expect(res).toMatchObject({ status: 504, body: { code: 'GATEWAY.TIMEOUT' } });
  });

  test('a dead service answers 503, an absent one too', async () => {
    const { body } = await api('POST', '/auth/signup', newAccount('chef'));
    expect((await api('GET', '/messages/conversations', undefined, body.session.access_token)).status).toBe(
      503,
    );
    expect(
      (await api('GET', '/payments/connect/account-status', undefined, body.session.access_token)).status,
    ).toBe(503);
  });

  test('an unknown API path is a 404 with an error body', async () => {
    expect(await api('GET', '/nope')).toMatchObject({ status: 404, body: { code: 'GATEWAY.NOT_FOUND' } });
  });
});

describe('rate limits', () => {
  test('sign-in attempts for one email are capped, whatever the address', async () => {
    const account = newAccount('chef');
    await api('POST', '/auth/signup', account);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await api('POST', '/auth/signin', { email: account.email, password: 'wrong password' }, undefined, {
            'x-forwarded-for': `10.0.0.${i}`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window: guessing gains nothing.
    const right = await api('POST', '/auth/signin', { email: account.email, password: account.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('phone codes: ten guesses an hour per phone, so a 6-digit code cannot be brute-forced', async () => {
    const phone = `612555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const { body } = await api('POST', '/auth/signup', newAccount('chef', { phone }));
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api(
        'POST',
        '/auth/verify-phone',
        { phone, code: String(100000 + i) },
        body.session.access_token,
      );
      answers.push(`${res.status} ${res.body.code}`);
    }
    // Identity burns a code after 5 wrong tries; the gateway stops the 11th guess of the hour, whatever code.
    expect(answers[10]).toBe('429 GATEWAY.RATE_LIMITED');
    // 10 tries per hour against 1,000,000 codes: expected time to guess is about 50,000 hours.
    expect(answers.slice(0, 10).filter((a) => a.includes('GATEWAY'))).toEqual([]);
  });

  test('a signed-in user is limited per minute across the API', async () => {
    const { body } = await api('POST', '/auth/signup', newAccount('chef'));
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++)
      statuses.push((await api('GET', '/jobs', undefined, body.session.access_token)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });
});

describe('headers', () => {
  test('security headers, no x-powered-by, request ids', async () => {
    const res = await fetch(`${gateway.url}/api/auth/jwks.json`);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('CORS is locked to the configured origin', async () => {
    const ok = await fetch(`${gateway.url}/api/jobs`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8080' },
    });
    expect(ok.status).toBe(204);
    const evil = await fetch(`${gateway.url}/api/jobs`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
  });

  test('the OpenAPI document and the docs page are served', async () => {
    const doc: any = await (await fetch(`${gateway.url}/api/openapi.json`)).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/auth/signup'].post.requestBody).toBeTruthy();
    const page = await (await fetch(`${gateway.url}/api/docs`)).text();
    expect(page).toContain('/api/auth/signup');
  });
});

describe('real mode', () => {
  const run = requireRealServers('REDIS_URL') ? test : test.skip;
  run('the Redis limiter shares counts between gateway instances', async () => {
    const prefix = uniqueName('rl-shared');
    const a = new RedisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    const b = new RedisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    const key = uniqueName('shared');
    const results = [await a.hit(key, 2, 60), await b.hit(key, 2, 60), await a.hit(key, 2, 60)];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    await a.close();
    await b.close();
  });
});
