import { refusedEverywhere, worksEverywhere, type Target } from './support/sessions';
import { expectStatus, startStack, type Stack } from './support/stack';

// Issue 33's finding: an operator could not be cut off. After a password change the old access token still
// read /api/ops/audit and the old refresh token still worked. Now a password change, a suspension or a removal
// ends every session of the operator, through the same revocations as members' (ADR 8): their access tokens
// are refused within 3 s at the gateway and at every service reached directly, and their refresh tokens die.
// (A restart of identity announcing them again: services/identity/test/operator-accounts.test.ts.)

const ADMIN = { email: 'lead.ops@brigade.test', password: 'the lead password 1' };

let stack: Stack;
let admin: string;
beforeAll(async () => {
  stack = await startStack({ OPERATOR_EMAIL: ADMIN.email, OPERATOR_PASSWORD: ADMIN.password });
  admin = expectStatus(await stack.call('POST', '/api/auth/signin', { body: ADMIN }), 200).body.session
    .access_token;
}, 120_000);
afterAll(() => stack?.close());

let counter = 0;
/** An operator added by the admin through the gateway, past their one-time password: a signed-in session. */
async function newOperator() {
  counter += 1;
  const email = `console${counter}.${Date.now()}@brigade.test`;
  const added = expectStatus(
    await stack.call('POST', '/api/ops/operators', { token: admin, body: { email } }),
    201,
  );
  const password = `console password ${counter}`;
  expectStatus(
    await stack.call('POST', '/api/auth/password/change', {
      body: { email, password: added.body.one_time_password, new_password: password },
    }),
    200,
  );
  const session = expectStatus(
    await stack.call('POST', '/api/auth/signin', { body: { email, password } }),
    200,
  ).body.session;
  return {
    id: added.body.operator.id as string,
    email,
    password,
    token: session.access_token as string,
    refresh: session.refresh_token as string,
  };
}

/** The console's reads at the gateway (the merged audit, users) and at each of the five services directly. */
function consoleTargets(): Target[] {
  const s = Object.fromEntries(Object.entries(stack.brigade.services).map(([n, v]) => [n, v!.url]));
  return [
    { where: 'gateway audit', url: `${stack.url}/api/ops/audit` },
    { where: 'gateway users', url: `${stack.url}/api/ops/users?q=brigade` },
    { where: 'identity', url: `${s.identity}/ops/users?q=brigade` },
    { where: 'jobs', url: `${s.jobs}/ops/disputes` },
    { where: 'payments', url: `${s.payments}/ops/anomalies` },
    { where: 'messaging', url: `${s.messaging}/ops/audit` },
    { where: 'notifications', url: `${s.notifications}/ops/audit` },
  ];
}

async function refreshStatus(refreshToken: string) {
  return (await stack.call('POST', '/api/auth/refresh', { body: { refresh_token: refreshToken } })).status;
}

test("an operator's password change: the old access token is refused within 3 s everywhere, the old refresh token is dead", async () => {
  const op = await newOperator();
  const targets = consoleTargets();
  await worksEverywhere(targets, op.token);
  expectStatus(
    await stack.call('POST', '/api/auth/password/change', {
      body: { email: op.email, password: op.password, new_password: 'a fresh password 9' },
    }),
    200,
  );
  await refusedEverywhere(targets, op.token, Date.now());
  expect(await refreshStatus(op.refresh)).toBe(401);
  // The new password opens a session that works everywhere.
  const next = expectStatus(
    await stack.call('POST', '/api/auth/signin', {
      body: { email: op.email, password: 'a fresh password 9' },
    }),
    200,
  ).body.session.access_token;
  await worksEverywhere(targets, next);
});

test('an admin suspends an operator: refused within 3 s everywhere, then removed: refused again after reinstating', async () => {
  const op = await newOperator();
  const targets = consoleTargets();
  await worksEverywhere(targets, op.token);
  expectStatus(
    await stack.call('POST', `/api/ops/users/${op.id}/suspend`, { token: admin, body: { reason: 'Left' } }),
    200,
  );
  await refusedEverywhere(targets, op.token, Date.now());
  expect(await refreshStatus(op.refresh)).toBe(401);
  expect(
    (await stack.call('POST', '/api/auth/signin', { body: { email: op.email, password: op.password } })).body
      .code,
  ).toBe('IDENTITY.SUSPENDED');

  expectStatus(
    await stack.call('POST', `/api/ops/users/${op.id}/reinstate`, { token: admin, body: {} }),
    200,
  );
  const back = expectStatus(
    await stack.call('POST', '/api/auth/signin', { body: { email: op.email, password: op.password } }),
    200,
  ).body.session;
  await worksEverywhere(targets, back.access_token);
  expectStatus(await stack.call('DELETE', `/api/ops/operators/${op.id}`, { token: admin }), 200);
  await refusedEverywhere(targets, back.access_token, Date.now());
  expect(await refreshStatus(back.refresh_token)).toBe(401);
  expect(
    (await stack.call('POST', '/api/auth/signin', { body: { email: op.email, password: op.password } }))
      .status,
  ).toBe(401);
});

test('through the gateway, operators who are not admins get 403 IDENTITY.ADMIN_ONLY', async () => {
  const op = await newOperator();
  for (const [method, path, body] of [
    ['GET', '/api/ops/operators', undefined],
    ['POST', '/api/ops/operators', { email: 'x@brigade.test' }],
    ['DELETE', `/api/ops/operators/${op.id}`, undefined],
  ] as const)
    expect(await stack.call(method, path, { token: op.token, body })).toMatchObject({
      status: 403,
      body: { code: 'IDENTITY.ADMIN_ONLY' },
    });
  await worksEverywhere(consoleTargets(), op.token);
});
