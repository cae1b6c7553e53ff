import { requireRealServers } from '@brigade/kit/testing';
import { SERVICE_NAMES, startProcessStack, type ProcessStack } from './support/processes';
import {
  ENDED,
  gatewayTargets,
  get,
  refusedEverywhere,
  serviceTargets,
  signIn,
  worksEverywhere,
} from './support/sessions';
import { expectStatus, signUp, type Account } from './support/stack';

// Ended sessions as deployed: the gateway and each service in its own process, learning ended sessions
// from Redis (each process its own reader). Sign-out in identity's process reaches every other process
// within 3 seconds, and a gateway started later learns it at start.

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');

(real ? describe : describe.skip)('ended sessions across processes (real servers)', () => {
  let stack: ProcessStack;
  let chef: Account;

  beforeAll(async () => {
    stack = await startProcessStack({ prefix: 'ended' });
    chef = await signUp(stack, 'chef', { payouts: false });
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  }, 60_000);

  test('a signed-out session is refused within 3 s by the gateway and each service process, and by a gateway restarted afterwards', async () => {
    const session = await signIn(stack, chef);
    const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, stack.processes[name].url]));
    const targets = [
      ...(await gatewayTargets({ gateway: stack.url }, session.access_token)),
      ...serviceTargets(services),
    ];
    await worksEverywhere(targets, session.access_token);

    expectStatus(await stack.call('POST', '/api/auth/signout', { token: session.access_token }), 200);
    await refusedEverywhere(targets, session.access_token, Date.now());

    await stack.kill('gateway');
    await stack.start('gateway');
    const profile = targets.find((t) => t.where === 'gateway')!;
    expect(await get(profile, session.access_token)).toMatchObject({ status: 401, body: ENDED });
    expect((await get(profile, chef.token)).status).toBe(200);
  });
});
