import { randomUUID } from 'node:crypto';
import {
  createLogger,
  MemoryRevocations,
  metricsRegistry,
  serveMetrics,
  type MetricsServer,
} from '@brigade/kit';
import { leanComparison } from '@brigade/kit/testing';
import { createMessagingService } from '../src/app';
import { startMessaging, type Messaging, type User } from './harness';

// The polled GETs (the conversation list, a thread by job or by application) are answered by the lean path in
// front of Express (ADR 19). Asked the same things, the service with it and the service without it
// (LEAN_GETS=0) give the same status, headers (but the Date and a new request id) and body; the lean path alone
// answers the plain signed-in polls and leaves every other request (each error) to Express.

let m: Messaging;
let compare: Awaited<ReturnType<typeof leanComparison>>;
let metrics: MetricsServer;
const revocations = new MemoryRevocations();
let chef: User;
let restaurant: User;
let stranger: User;
let job: { id: string; title: string; restaurant: User };
let applicationId: string;
let messageId: string;

beforeAll(async () => {
  m = await startMessaging();
  metrics = await serveMetrics(0, '127.0.0.1');
  const build = (leanGets: boolean) =>
    createMessagingService(
      {
        database: m.database,
        bus: m.bus,
        logger: createLogger('messaging-test', 'silent'),
        keys: m.auth.keys,
        revocations,
        leanGets,
      },
      { TRANSLATE_TIMEOUT_MS: 4000, TRANSLATION_PROVIDER: 'none' },
    );
  compare = await leanComparison((await build(true)).app, (await build(false)).app);
  restaurant = await m.user('restaurant', { name: 'Blue Door' });
  chef = await m.user('chef', { name: 'Ana' });
  stranger = await m.user('chef', { name: 'Ben' });
  job = await m.postJob(restaurant);
  applicationId = await m.apply(job, chef);
  const sent = await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'Hello' });
  expect(sent.status).toBe(201);
  messageId = sent.body.message.id;
});

afterAll(async () => {
  await compare.close();
  await metrics.close();
  await m.stop();
});

const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

const expectSame: typeof compare.expectSame = (...args) => compare.expectSame(...args);

describe('the polls, lean path and Express alike', () => {
  test('200 and 304 (If-None-Match) for the conversation list and both threads, chef and restaurant', async () => {
    const polls: Array<[User, string]> = [
      [chef, '/messages/conversations'],
      [restaurant, '/messages/conversations?unused=1'],
      [chef, `/messages/job/${job.id}`],
      [chef, `/messages/job/${job.id}?since=${messageId}`],
      [chef, `/messages/job/${job.id.toUpperCase()}?limit=5`],
      [restaurant, `/messages/job/${job.id}?chef_id=${chef.id}`],
      [chef, `/messages/application/${applicationId}`],
      [restaurant, `/messages/application/${applicationId}?since=2020-01-01T00:00:00Z`],
    ];
    for (const [user, path] of polls) {
      const ok = await expectSame(path, bearer(user), true);
      expect(ok.status).toBe(200);
      expect(ok.headers).toContain('Content-Type: application/json; charset=utf-8');
      const etag = ok.headers.find((h) => h.startsWith('ETag: '))!.slice(6);
      const notModified = await expectSame(path, { ...bearer(user), 'if-none-match': etag }, true);
      expect(notModified.status).toBe(304);
    }
  });

  test('the request id: the caller’s is kept and echoed, a new one made otherwise', async () => {
    const path = `/messages/job/${job.id}`;
    const { on, off, alone } = await compare.ask(path, { ...bearer(chef), 'x-request-id': 'poll-42' });
    expect([on.requestId, off.requestId, alone.requestId]).toEqual(['poll-42', 'poll-42', 'poll-42']);
    const fresh = await compare.ask(path, bearer(chef));
    expect(fresh.alone.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('401 without a token, with a bad one, and with a token of an ended session', async () => {
    const sessionId = randomUUID();
    const ended = await m.auth.token({ id: chef.id, type: 'chef', sessionId });
    await revocations.revoke(sessionId, Math.floor(Date.now() / 1000) + 3600);
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${ended}` },
    ];
    for (const headers of refused)
      for (const path of ['/messages/conversations', `/messages/job/${job.id}`])
        expect((await expectSame(path, headers, false)).status).toBe(401);
    const operator = await m.operator();
    expect((await expectSame('/messages/conversations', bearer(operator), false)).status).toBe(403);
  });

  test('404 for an id that is not a uuid and for a thread that is not the user’s', async () => {
    for (const [user, path] of [
      [chef, '/messages/job/not-a-uuid'],
      [chef, `/messages/application/${randomUUID()}`],
      [stranger, `/messages/job/${job.id}`],
      [stranger, `/messages/application/${applicationId}`],
    ] as const)
      expect((await expectSame(path, bearer(user), false)).status).toBe(404);
  });

  test('400 for a query the schema refuses, and a NUL in it', async () => {
    for (const [user, path] of [
      [chef, `/messages/job/${job.id}?limit=0`],
      [chef, `/messages/job/${job.id}?limit=a&limit=b`],
      [restaurant, `/messages/job/${job.id}?chef_id=nobody`],
      [chef, `/messages/application/${applicationId}?since=`],
      [chef, '/messages/conversations?x=%00'],
    ] as const)
      expect((await expectSame(path, bearer(user), false)).status).toBe(400);
  });

  test('anything else is Express’s: HEAD, a trailing slash, another route', async () => {
    expect((await expectSame(`/messages/job/${job.id}`, bearer(chef), false, 'HEAD')).status).toBe(200);
    expect((await expectSame('/messages/conversations/', bearer(chef), false)).status).toBe(200);
    expect((await expectSame('/messages/translation', bearer(chef), false)).status).toBe(200);
  });
});

test('HTTP metrics count each answer once, the lean path’s under its route', async () => {
  const count = async (route: string, status: string) => {
    const metric = await metricsRegistry.getSingleMetric('http_request_duration_seconds')!.get();
    const sample = metric.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
        v.labels.service === 'messaging' &&
        v.labels.route === route &&
        v.labels.status === status,
    );
    return sample?.value ?? 0;
  };
  const route = '/messages/job/:jobId';
  const [ok, missing] = [await count(route, '200'), await count(route, '404')];
  const asked = await compare.ask(`/messages/job/${job.id}`, bearer(chef)); // on, off, alone: three answers
  expect(asked.alone.status).toBe(200);
  expect(await count(route, '200')).toBe(ok + 3);
  // Refused by the lean path, answered by Express: once, under the same route.
  await compare.ask(`/messages/job/${job.id}`, bearer(stranger));
  expect(await count(route, '404')).toBe(missing + 2);
});
