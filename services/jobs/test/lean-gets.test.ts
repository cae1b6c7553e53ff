import { randomUUID } from 'node:crypto';
import { createLogger, MemoryRevocations } from '@brigade/kit';
import { leanComparison } from '@brigade/kit/testing';
import { createJobsService } from '../src/app';
import { loadJobsConfig } from '../src/config';
import { chefWithProfile, openJob, operator, restaurantWithProfile, useHarness, type User } from './harness';

// GET /jobs and GET /applications are answered by the lean path in front of Express (ADR 19). Asked the same
// things, the service with it and the service without it (LEAN_GETS=0) give the same status, headers (but the
// Date and a new request id) and body; the lean path alone answers the plain signed-in polls and leaves every
// other request (each error) to Express.
const h = useHarness();
const revocations = new MemoryRevocations();
let compare: Awaited<ReturnType<typeof leanComparison>>;
let chef: User;
let restaurant: User;
let other: User;
let jobId: string;
let othersJobId: string;

beforeAll(async () => {
  const build = (leanGets: boolean) =>
    createJobsService(
      {
        database: h.database,
        bus: h.bus.bus,
        logger: createLogger('jobs-test', 'silent'),
        keys: h.keys,
        revocations,
        leanGets,
      },
      loadJobsConfig({}),
    );
  compare = await leanComparison((await build(true)).app, (await build(false)).app);
  restaurant = await restaurantWithProfile(h, 'Blue Door');
  other = await restaurantWithProfile(h, 'Red Door');
  chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
  jobId = (await openJob(h, restaurant)).id;
  othersJobId = (await openJob(h, other)).id;
  expect((await chef.api.post(`/jobs/${jobId}/apply`)).status).toBe(201);
});

afterAll(async () => {
  await compare.close();
});

const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

const expectSame: typeof compare.expectSame = (...args) => compare.expectSame(...args);

describe('the polled lists, lean path and Express alike', () => {
  test('200 and 304 (If-None-Match) for the applications and the jobs lists, chef and restaurant', async () => {
    const polls: Array<[User, string]> = [
      [chef, '/applications'],
      [chef, '/applications?status=pending'],
      [restaurant, '/applications'],
      [restaurant, `/applications?jobId=${jobId}`],
      [chef, '/jobs?status=open&limit=50'],
      [chef, '/jobs?status=open&shared=1&limit=50'],
      [chef, '/jobs?shared=1&near=all&unknown=1'],
      [restaurant, '/jobs?status=all&limit=5'],
    ];
    for (const [user, path] of polls) {
      const ok = await expectSame(path, bearer(user), true);
      expect(ok.status).toBe(200);
      expect(ok.headers).toContain('Content-Type: application/json; charset=utf-8');
      const etag = ok.headers.find((line) => line.startsWith('ETag: '))!.slice(6);
      for (const ifNoneMatch of [etag, `W/"other", ${etag}`, `"other" ${etag}`])
        expect((await expectSame(path, { ...bearer(user), 'if-none-match': ifNoneMatch }, true)).status).toBe(
          304,
        );
      // Asked again anyway (no-cache): the list, as Express's freshness check answered a malformed header
      const again = { ...bearer(user), 'if-none-match': `"other" ${etag}`, 'cache-control': 'no-cache' };
      expect((await expectSame(path, again, true)).status).toBe(200);
    }
  });

  test('the request id: the caller’s is kept and echoed', async () => {
    const { on, off, alone } = await compare.ask('/applications', {
      ...bearer(chef),
      'x-request-id': 'poll-7',
    });
    expect([on.requestId, off.requestId, alone.requestId]).toEqual(['poll-7', 'poll-7', 'poll-7']);
  });

  test('401 without a token, with a bad one, and with a token of an ended session; 403 for an operator', async () => {
    const sessionId = randomUUID();
    const ended = await h.token({ id: chef.id, type: 'chef', sessionId });
    await revocations.revoke(sessionId, Math.floor(Date.now() / 1000) + 3600);
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${ended}` },
    ];
    for (const headers of refused)
      for (const path of ['/applications', '/jobs'])
        expect((await expectSame(path, headers, false)).status).toBe(401);
    const o = await operator(h);
    expect((await expectSame('/applications', bearer(o), false)).status).toBe(403);
  });

  test('a restaurant asking for the applications of a job: 404 unknown, 403 another’s', async () => {
    expect((await expectSame(`/applications?jobId=${randomUUID()}`, bearer(restaurant), false)).status).toBe(
      404,
    );
    expect((await expectSame(`/applications?jobId=${othersJobId}`, bearer(restaurant), false)).status).toBe(
      403,
    );
  });

  test('400 for a query the schema refuses, and a NUL in it', async () => {
    for (const path of [
      '/applications?jobId=nope',
      '/applications?status=bogus',
      '/jobs?limit=0',
      '/jobs?status=a&status=b',
      '/jobs?skills=%00',
    ])
      expect((await expectSame(path, bearer(chef), false)).status).toBe(400);
  });

  test('anything else is Express’s: HEAD, a trailing slash, another GET', async () => {
    expect((await expectSame('/applications', bearer(chef), false, 'HEAD')).status).toBe(200);
    expect((await expectSame('/jobs/', bearer(chef), false)).status).toBe(200);
    expect((await expectSame(`/jobs/${jobId}`, bearer(chef), false)).status).toBe(200);
  });
});
