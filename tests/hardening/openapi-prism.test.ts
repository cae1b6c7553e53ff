import { randomUUID } from 'node:crypto';
import { eventually } from '@brigade/kit/testing';
import { startPrismProxy, type PrismProxy } from './support/prism';
import {
  acceptAndConfirm,
  apiCall,
  apply,
  checkout,
  expectStatus,
  paymentStatus,
  payJob,
  postJob,
  randomClientIp,
  signUp,
  startStack,
  untilEnded,
  type Api,
  type Reply,
  type Stack,
} from './support/stack';

// Issue 33: the served /api/openapi.json is the contract partners read. The whole product's API story (sign-up,
// a shift posted and paid into escrow in the Stripe sandbox, an application accepted and confirmed, messages,
// polls answered 304, both checkouts, the payout, the ratings, and the error answers 401/403/404/429) runs
// through Prism (`prism proxy --errors`) in front of the gateway: any request or answer that breaks the
// document is a violation, and the test fails on the first one.

const OPERATOR = { email: 'ops@brigade.test', password: 'operator-password-1' };
let stack: Stack;
let prism: PrismProxy;
/** The API as a partner calls it: `/api/...` through Prism, the Stripe sandbox's own pages directly. */
let api: Api;
const violations: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    CHECKOUT_DEADLINE: '6s',
    CHECKOUT_REMINDERS: '4s,2s',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
  const doc = expectStatus(await stack.call('GET', '/api/openapi.json'), 200).body;
  prism = await startPrismProxy(doc, `${stack.url}/api`);
  const direct = stack.call;
  const proxied = apiCall(prism.url, stack.ip);
  api = {
    url: stack.url,
    clock: stack.clock, // the shift's end is reached by moving the product's clock (ADR 41)
    call: async (method, path, options) => {
      if (!path.startsWith('/api/')) return direct(method, path, options);
      const reply = await proxied(method, path.slice('/api'.length), options);
      const problem = prismProblem(reply);
      if (problem) violations.push(`${method} ${path} -> ${problem}`);
      return reply;
    },
  };
}, 120_000);
afterAll(async () => {
  await prism?.stop();
  await stack?.close();
});

/** Prism's own answer when a request or an answer broke the document (`--errors`): what broke. */
function prismProblem(reply: Reply): string | null {
  const type = typeof reply.body?.type === 'string' ? reply.body.type : '';
  if (!type.startsWith('https://stoplight.io/prism/errors')) return null;
  return `${reply.status} ${type.split('#')[1]}: ${JSON.stringify(reply.body.validation ?? reply.body.detail)}`;
}

const as = (token: string) => ({
  get: (path: string, headers?: Record<string, string>) => api.call('GET', `/api${path}`, { token, headers }),
  post: (path: string, body?: unknown) => api.call('POST', `/api${path}`, { token, body }),
});

test('the whole story through Prism: every request and every answer matches the served document', async () => {
  const [restaurant, chef] = await Promise.all([signUp(api, 'restaurant'), signUp(api, 'chef')]);
  expect(violations).toEqual([]);

  // A 31-second shift at $75/h (paid as one minute), paid into escrow with the sandbox card, applied for,
  // accepted and confirmed.
  const job = await postJob(api, restaurant, 6_000, 31 / 3600, 75);
  await payJob(api, restaurant, job);
  const applicationId = await apply(api, chef, job);
  await acceptAndConfirm(api, restaurant, chef, applicationId);
  expect(violations).toEqual([]);

  // Messages both ways, read in the thread and the conversation list.
  expectStatus(
    await as(chef.token).post(`/messages/application/${applicationId}`, {
      message: 'On my way, see you at five.',
      client_id: randomUUID(),
    }),
    201,
  );
  expectStatus(
    await as(restaurant.token).post(`/messages/job/${job.id}`, {
      content: 'Great, ask for Sam at the back door.',
      client_id: randomUUID(),
    }),
    201,
  );
  const thread = expectStatus(await as(chef.token).get(`/messages/application/${applicationId}`), 200);
  expect(thread.body.messages).toHaveLength(2);
  expectStatus(await as(restaurant.token).get(`/messages/job/${job.id}`), 200);

  // Polls: an unchanged list answers 304 to its ETag.
  for (const [who, path] of [
    [chef, '/messages/conversations'],
    [chef, '/jobs'],
    [restaurant, '/jobs'],
    [chef, '/applications'],
    [restaurant, '/applications'],
  ] as const) {
    const first = expectStatus(await as(who.token).get(path), 200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expectStatus(await as(who.token).get(path, { 'if-none-match': etag! }), 304);
  }

  // Both say the shift was worked, with five stars: the chef is paid out, and the ratings show.
  await untilEnded(job);
  await checkout(api, chef, applicationId);
  await checkout(api, restaurant, applicationId);
  const money = await paymentStatus(api, restaurant, job.id, 'completed');
  expect(money.ledger).toMatchObject({ transferred_cents: 125 });
  expectStatus(await as(restaurant.token).get(`/jobs/${job.id}`), 200);
  expectStatus(await as(chef.token).get('/payments/earnings'), 200);
  expectStatus(await as(restaurant.token).get('/payments/receipts'), 200);
  await eventually(async () => {
    const profile = expectStatus(await as(restaurant.token).get(`/profiles/chef/${chef.profileId}`), 200);
    expect(profile.body.profile.total_ratings).toBe(1);
  });
  expectStatus(await as(chef.token).get(`/profiles/restaurant/${restaurant.profileId}`), 200);
  // The rest of what a phone reads around a shift.
  for (const [who, path] of [
    [chef, '/profiles/me'],
    [restaurant, '/profiles/restaurant'],
    [chef, `/applications/${applicationId}`],
    [chef, '/calendar/feed'],
    [chef, `/jobs/${job.id}/calendar.ics`],
    [chef, '/messages/translation'],
    [chef, '/notifications/preferences'],
    [restaurant, '/favorites'],
    [chef, '/payments/connect/account-status'],
    [restaurant, '/payments/config'],
  ] as const)
    expectStatus(await as(who.token).get(path), 200);
  // The console's reads of the same shift and people.
  const operator = expectStatus(
    await api.call('POST', '/api/auth/signin', { body: OPERATOR, ip: randomClientIp() }),
    200,
  ).body.session.access_token as string;
  for (const path of [
    '/ops/disputes',
    `/ops/users?q=${encodeURIComponent(chef.email)}`,
    `/ops/users/${chef.id}`,
    `/ops/jobs/${job.id}/timeline`,
    `/ops/jobs/${job.id}/ledger`,
    `/ops/jobs/${job.id}/messages`,
    '/ops/audit',
    '/ops/dead-letters',
    '/ops/anomalies',
  ])
    expectStatus(await as(operator).get(path), 200);
  expect(violations).toEqual([]);
}, 90_000);

test('Prism does catch an answer that breaks the document', async () => {
  // The same document, except that the payments config is said to carry a field it never has.
  const doc = expectStatus(await stack.call('GET', '/api/openapi.json'), 200).body;
  const answer = doc.paths['/payments/config'].get.responses['200'].content['application/json'].schema;
  answer.required = [...(answer.required ?? []), 'not_a_field'];
  const strict = await startPrismProxy(doc, `${stack.url}/api`);
  try {
    const reply = await apiCall(strict.url, stack.ip)('GET', '/payments/config');
    expect(prismProblem(reply)).toContain('not_a_field');
  } finally {
    await strict.stop();
  }
}, 30_000);

test('the error answers match the document too: 401, 403, 404 and 429 with { error, code }', async () => {
  const chef = await signUp(api, 'chef', { payouts: false });
  for (const [reply, status] of [
    [await as('not-a-token').get('/jobs'), 401],
    [
      await as(chef.token).post('/jobs', {
        title: 'Line Cook',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 90_000_000).toISOString(),
        hourlyRate: 25,
        emergencyLevel: 'normal',
      }),
      403,
    ],
    [await as(chef.token).get(`/jobs/${randomUUID()}`), 404],
  ] as const) {
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual(
      expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
    );
  }
  // Sign-in with a wrong password, from one address, until the limit answers 429 with Retry-After.
  const ip = randomClientIp();
  const wrong = { email: chef.email, password: 'not-the-password' };
  const statuses: number[] = [];
  for (let i = 0; i < 12 && !statuses.includes(429); i++)
    statuses.push((await api.call('POST', '/api/auth/signin', { body: wrong, ip })).status);
  expect(statuses).toContain(401);
  expect(statuses.at(-1)).toBe(429);
  expect(violations).toEqual([]);
}, 30_000);
