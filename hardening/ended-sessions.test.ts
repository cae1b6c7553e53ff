import {
  createLogger,
  listen,
  RedisRevocations,
  RedisStamps,
  remoteKeys,
  type RunningServer,
} from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createGateway } from '../gateway/src/app';
import { loadGatewayConfig } from '../gateway/src/config';
import { MemoryRateLimiter } from '../gateway/src/rate-limit';
import {
  expectStatus,
  randomClientIp,
  realServers,
  signUp,
  startStack,
  type Account,
  type Stack,
} from './support/stack';

// An ended session ends everywhere: once a user signs out, or a session is revoked because its refresh
// token was replayed, its access tokens (valid for 15 minutes) are refused within 3 seconds at the gateway,
// on the polls the gateway answers itself, at every gateway instance, and at each service reached directly.
// Real mode shares the ended sessions through Redis; the embedded default through one in-process map.

const WITHIN_MS = 3000;
const ENDED = { error: 'Your session has ended. Please sign in again.', code: 'AUTH.SESSION_REVOKED' };

let stack: Stack;
let chef: Account;
let second: { server: RunningServer; close(): Promise<void> };

beforeAll(async () => {
  stack = await startStack();
  chef = await signUp(stack, 'chef', { payouts: false });
  // A second gateway instance in front of the same services, learning ended sessions on its own (its own
  // Redis connections in real mode; in one process the gateways share the process's maps).
  const services = stack.brigade.services;
  const real = realServers();
  const [stamps, revocations] = real
    ? [
        new RedisStamps(process.env.REDIS_URL!, stack.env.BUS_NAMESPACE),
        new RedisRevocations(process.env.REDIS_URL!, stack.env.BUS_NAMESPACE),
      ]
    : [stack.brigade.stamps, stack.brigade.revocations];
  await revocations.start();
  const app = createGateway({
    config: loadGatewayConfig({ PUBLIC_URL: stack.url }),
    services: Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s!.url])),
    rateLimiter: new MemoryRateLimiter(),
    keys: remoteKeys(`${services.identity!.url}/auth/jwks.json`),
    stamps,
    revocations,
    logger: createLogger('gateway-2', 'silent'),
  });
  const server = await listen(app, 0, '127.0.0.1');
  second = {
    server,
    async close() {
      await server.close();
      if (real) await Promise.all([stamps.close(), revocations.close()]);
    },
  };
}, 120_000);
afterAll(async () => {
  await second?.close();
  await stack?.close();
});

interface Target {
  where: string;
  url: string;
  headers?: Record<string, string>;
}

const get = async (target: Target, token: string) => {
  const res = await fetch(target.url, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': stack.ip, ...target.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
};

/**
 * GETs that work for a signed-in chef: at the gateway (one of them a poll the gateway answers 304 itself),
 * at the second gateway, and straight at each of the five services.
 */
async function chefTargets(token: string): Promise<Target[]> {
  const services = stack.brigade.services;
  const polls: Target[] = [];
  for (const [where, gateway] of [
    ['gateway', stack.url],
    ['second gateway', second.server.url],
  ]) {
    const url = `${gateway}/api/jobs?status=open`;
    const first = await get({ where, url }, token);
    expect([first.status, first.etag]).toEqual([200, expect.any(String)]);
    polls.push({ where: `${where}, 304 poll`, url, headers: { 'if-none-match': first.etag! } });
  }
  return [
    ...polls,
    { where: 'gateway', url: `${stack.url}/api/profiles/me` },
    { where: 'second gateway', url: `${second.server.url}/api/applications` },
    { where: 'identity', url: `${services.identity!.url}/profiles/me` },
    { where: 'jobs', url: `${services.jobs!.url}/applications` },
    { where: 'payments', url: `${services.payments!.url}/payments/connect/account-status` },
    { where: 'messaging', url: `${services.messaging!.url}/messages/conversations` },
    { where: 'notifications', url: `${services.notifications!.url}/notifications/preferences` },
  ];
}

/** Every target answers this token (the conditional poll with 304, from the gateway itself). */
async function worksEverywhere(targets: Target[], token: string) {
  const answers = await Promise.all(targets.map(async (t) => [t.where, (await get(t, token)).status]));
  expect(answers).toEqual(targets.map((t) => [t.where, t.headers?.['if-none-match'] ? 304 : 200]));
}

/** Within 3 s of the session's end, every target refuses the token with 401 "Your session has ended". */
async function refusedEverywhere(targets: Target[], token: string, since: number) {
  await eventually(
    async () => {
      const answers = await Promise.all(targets.map(async (t) => [t.where, (await get(t, token)).body]));
      expect(answers).toEqual(targets.map((t) => [t.where, ENDED]));
    },
    WITHIN_MS - (Date.now() - since),
    50,
  );
  expect(Date.now() - since).toBeLessThan(WITHIN_MS);
  // And stays refused (a 304 from the gateway would otherwise still answer a known poll).
  for (const t of targets) expect([t.where, (await get(t, token)).status]).toEqual([t.where, 401]);
}

async function signIn(account: Account) {
  const signin = expectStatus(
    await stack.call('POST', '/api/auth/signin', {
      body: { email: account.email, password: account.password },
      ip: randomClientIp(),
    }),
    200,
  );
  return signin.body.session as { access_token: string; refresh_token: string };
}

test('after sign-out the access token is refused within 3 s at both gateways, on the 304 poll and at each service', async () => {
  const session = await signIn(chef);
  const targets = await chefTargets(session.access_token);
  await worksEverywhere(targets, session.access_token);

  expectStatus(await stack.call('POST', '/api/auth/signout', { token: session.access_token }), 200);
  await refusedEverywhere(targets, session.access_token, Date.now());

  // Signing out again succeeds (it announces the end once more); the user's other sessions are untouched.
  expectStatus(await stack.call('POST', '/api/auth/signout', { token: session.access_token }), 200);
  expect((await stack.call('GET', '/api/profiles/me', { token: session.access_token })).body).toEqual(ENDED);
  expect((await stack.call('GET', '/api/profiles/me', { token: chef.token })).status).toBe(200);
  const next = await signIn(chef);
  await worksEverywhere(await chefTargets(next.access_token), next.access_token);
});

test('a session revoked for a replayed refresh token: its access tokens, old and new, are refused within 3 s everywhere', async () => {
  const stolen = await signIn(chef);
  const rotated = expectStatus(
    await stack.call('POST', '/api/auth/refresh', { body: { refresh_token: stolen.refresh_token } }),
    200,
  ).body.session as { access_token: string };
  const targets = await chefTargets(rotated.access_token);
  await worksEverywhere(targets, rotated.access_token);
  await worksEverywhere(await chefTargets(stolen.access_token), stolen.access_token);

  const replay = await stack.call('POST', '/api/auth/refresh', {
    body: { refresh_token: stolen.refresh_token },
  });
  expect(replay).toMatchObject({ status: 401, body: { code: 'IDENTITY.REFRESH_TOKEN_REUSED' } });
  const since = Date.now();
  await refusedEverywhere(targets, rotated.access_token, since);
  await refusedEverywhere(targets, stolen.access_token, since);
  expect((await stack.call('GET', '/api/profiles/me', { token: chef.token })).status).toBe(200);
});
