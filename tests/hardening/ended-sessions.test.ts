import { eventually } from '@brigade/kit/testing';
import {
  createLogger,
  listen,
  RedisRevocations,
  RedisStamps,
  remoteKeys,
  type RunningServer,
} from '@brigade/kit';
import { createGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { MemoryRateLimiter } from '../../gateway/src/rate-limit';
import {
  ENDED,
  gatewayTargets,
  get,
  refusedEverywhere,
  serviceTargets,
  signIn,
  worksEverywhere,
  type Target,
} from './support/sessions';
import { expectStatus, realServers, signUp, startStack, type Account, type Stack } from './support/stack';

// An ended session ends everywhere: once a user signs out, or a session is revoked because its refresh
// token was replayed, its access tokens (valid for 15 minutes) are refused within 3 seconds at the gateway,
// on the polls the gateway answers itself, at a second gateway instance, and at each service reached
// directly. Real mode shares the ended sessions through Redis; the embedded default through one map.
// The same with every service and the gateway in its own process: `ended-sessions.real.test.ts`.

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

/** Both gateways (with their 304 polls) and the five services. */
async function chefTargets(token: string): Promise<Target[]> {
  const services = Object.fromEntries(Object.entries(stack.brigade.services).map(([n, s]) => [n, s!.url]));
  return [
    ...(await gatewayTargets({ gateway: stack.url, 'second gateway': second.server.url }, token)),
    ...serviceTargets(services),
  ];
}

test('after sign-out the access token is refused within 3 s at both gateways, on the 304 poll and at each service', async () => {
  const session = await signIn(stack, chef);
  const targets = await chefTargets(session.access_token);
  await worksEverywhere(targets, session.access_token);

  expectStatus(await stack.call('POST', '/api/auth/signout', { token: session.access_token }), 200);
  await refusedEverywhere(targets, session.access_token, Date.now());

  // Signing out again succeeds (it announces the end once more); the user's other sessions are untouched.
  expectStatus(await stack.call('POST', '/api/auth/signout', { token: session.access_token }), 200);
  expect((await get(targets[0], session.access_token)).body).toEqual(ENDED);
  expect((await stack.call('GET', '/api/profiles/me', { token: chef.token })).status).toBe(200);
  const next = await signIn(stack, chef);
  await worksEverywhere(await chefTargets(next.access_token), next.access_token);
});

test('a session revoked for a replayed refresh token: its access tokens, old and new, are refused within 3 s everywhere', async () => {
  const stolen = await signIn(stack, chef);
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

test('a password reset (issue 32) ends every session of the account within 3 s everywhere; their refresh tokens die with them', async () => {
  const person = await signUp(stack, 'chef', { payouts: false });
  const sessions = [
    { access_token: person.token, refresh_token: person.refresh },
    await signIn(stack, person),
  ];
  const targets = await chefTargets(sessions[1].access_token);
  for (const s of sessions) await worksEverywhere(targets, s.access_token);

  expectStatus(await stack.call('POST', '/api/auth/password/forgot', { body: { email: person.email } }), 200);
  const code = await eventually(() => latestResetCode(person.phone));
  expectStatus(
    await stack.call('POST', '/api/auth/password/reset', {
      body: { email: person.email, code, password: 'a new kitchen password' },
    }),
    200,
  );
  const since = Date.now();
  for (const s of sessions) await refusedEverywhere(targets, s.access_token, since);
  for (const s of sessions)
    expect(
      (await stack.call('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh_token } })).status,
    ).toBe(401);
  // The new password opens a new session, which works everywhere.
  const next = await signIn(stack, { ...person, password: 'a new kitchen password' });
  await worksEverywhere(await chefTargets(next.access_token), next.access_token);
});

/** The code of the newest text to a phone, when it is a new one (the reset's text leaves after the answer). */
async function latestResetCode(phone: string): Promise<string> {
  const sms = await stack.call('GET', '/api/dev/sms');
  const texts = sms.body.messages.filter((m: { to: string }) => m.to === `+1${phone}`);
  // The sign-up's verification text, then the reset's.
  if (texts.length < 2) throw new Error('no reset code yet');
  return /(\d{6})/.exec(texts[0].body)![1];
}
