import { randomUUID } from 'node:crypto';
import { leanRoutesOf } from '@brigade/kit';
import { eventually, leanComparison } from '@brigade/kit/testing';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  type Account,
  type Operator,
  type Stack,
} from './support/stack';

// Every GET a service answers on its lean path (ADR 19), asked of the service with it and of the same app without
// it (Express alone, what LEAN_GETS=0 builds) on the same data, the whole product running: the same status, headers
// (but the Date and a new request id) and body, for each route's 200 and 304, the request id, 401 (no token, a bad
// one, an ended session), 403 (an operator), 404 (an id that is not a uuid), 400 (a query refused, a NUL), the
// route's own refusals, and HEAD and a trailing slash left to Express. The lean path alone (no Express behind it)
// must answer the plain signed-in GETs the same and take nothing else. A route on a lean path without cases here
// fails the first test.

type ServiceName = 'identity' | 'jobs' | 'messaging' | 'notifications' | 'payments';
type Who = 'chef' | 'restaurant' | 'stranger' | 'otherRestaurant';

interface RouteCases {
  /** Plain signed-in GETs: 200 (and 304 with the ETag, when the route has one). */
  ok: Array<[Who, string]>;
  /** Queries refused, by the schema or the use case: 400 (a NUL is asked of every route besides). */
  badQueries: Array<[Who, string]>;
  /** The route's own refusals (someone else's thread or job, a restaurant asking for a chef's list). */
  refused?: Array<[Who, string, number]>;
}

let stack: Stack;
let operator: Operator;
const people = {} as Record<Who, Account>;
let ended: string;
let jobId: string;
let othersJobId: string;
let applicationId: string;
let messageId: string;
let entryId: string;

/** The cases of every route, by service and route path (as the route names itself). */
function cases(): Partial<Record<ServiceName, Record<string, RouteCases>>> {
  const other = randomUUID();
  return {
    identity: {
      '/profiles/chefs': {
        ok: [
          ['restaurant', '/profiles/chefs'],
          ['restaurant', '/profiles/chefs?limit=25&radius=25'],
          ['chef', '/profiles/chefs?minRate=10&maxRate=90&offset=1'],
        ],
        badQueries: [
          ['restaurant', '/profiles/chefs?radius=far'],
          ['restaurant', '/profiles/chefs?limit=0'],
          ['restaurant', '/profiles/chefs?skills=nope'],
        ],
      },
    },
    jobs: {
      '/jobs': {
        ok: [
          ['chef', '/jobs?status=open&limit=50'],
          ['chef', '/jobs?status=open&shared=1&limit=50'],
          ['restaurant', '/jobs?status=all&limit=5'],
        ],
        badQueries: [
          ['chef', '/jobs?limit=0'],
          ['chef', '/jobs?status=a&status=b'],
        ],
      },
      '/applications': {
        ok: [
          ['chef', '/applications'],
          ['chef', '/applications?status=pending'],
          ['restaurant', `/applications?jobId=${jobId}`],
        ],
        badQueries: [
          ['chef', '/applications?jobId=nope'],
          ['chef', '/applications?status=bogus'],
        ],
        refused: [
          ['restaurant', `/applications?jobId=${other}`, 404],
          ['restaurant', `/applications?jobId=${othersJobId}`, 403],
        ],
      },
      '/jobs/offered-first': {
        ok: [['chef', '/jobs/offered-first']],
        badQueries: [],
        refused: [['restaurant', '/jobs/offered-first', 403]],
      },
    },
    messaging: {
      '/messages/conversations': {
        ok: [
          ['chef', '/messages/conversations'],
          ['restaurant', '/messages/conversations?unused=1'],
        ],
        badQueries: [],
      },
      '/messages/job/:jobId': {
        ok: [
          ['chef', `/messages/job/${jobId}`],
          ['chef', `/messages/job/${jobId}?since=${messageId}`],
          ['chef', `/messages/job/${jobId.toUpperCase()}?limit=5`],
          ['restaurant', `/messages/job/${jobId}?chef_id=${people.chef.id}`],
        ],
        badQueries: [
          ['chef', `/messages/job/${jobId}?limit=0`],
          ['restaurant', `/messages/job/${jobId}?chef_id=nobody`],
          ['chef', `/messages/job/${jobId}?since=${other}`],
        ],
        refused: [['stranger', `/messages/job/${jobId}`, 404]],
      },
      '/messages/application/:id': {
        ok: [
          ['chef', `/messages/application/${applicationId}`],
          ['restaurant', `/messages/application/${applicationId}?since=2020-01-01T00:00:00Z`],
        ],
        badQueries: [['chef', `/messages/application/${applicationId}?since=`]],
        refused: [
          ['stranger', `/messages/application/${applicationId}`, 404],
          ['chef', `/messages/application/${other}`, 404],
        ],
      },
    },
    notifications: {
      '/notifications': {
        ok: [
          ['restaurant', '/notifications'],
          ['restaurant', '/notifications?limit=1'],
          ['restaurant', `/notifications?before=${entryId}`],
          ['chef', '/notifications?limit=50'],
        ],
        badQueries: [
          ['restaurant', '/notifications?limit=0'],
          ['restaurant', '/notifications?before=nope'],
          ['restaurant', `/notifications?before=${other}`],
          ['chef', `/notifications?before=${entryId}`], // another's entry
        ],
      },
      '/notifications/unread-count': {
        ok: [
          ['restaurant', '/notifications/unread-count'],
          ['chef', '/notifications/unread-count?unused=1'],
        ],
        badQueries: [],
      },
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (who: Who) => people[who].token;

beforeAll(async () => {
  ({ stack, operator } = await startStackWithOperator());
  // One after another: four sign-ups at once (a password hash each) can outlast the gateway's timeout on a busy CI.
  const kinds = {
    restaurant: 'restaurant',
    otherRestaurant: 'restaurant',
    chef: 'chef',
    stranger: 'chef',
  } as const;
  for (const [who, kind] of Object.entries(kinds)) people[who as Who] = await signUp(stack, kind);
  const job = await postJob(stack, people.restaurant);
  await payJob(stack, people.restaurant, job);
  jobId = job.id;
  othersJobId = (await postJob(stack, people.otherRestaurant)).id;
  applicationId = await apply(stack, people.chef, job);
  const sent = await eventually(
    async () =>
      expectStatus(
        await stack.call('POST', `/api/messages/job/${jobId}`, {
          token: people.chef.token,
          body: { content: 'Hello' },
        }),
        201,
      ),
    15_000,
  );
  messageId = sent.body.message.id;
  // The restaurant's inbox has the application once notifications has the events.
  entryId = await eventually(async () => {
    const inbox = expectStatus(
      await stack.call('GET', '/api/notifications', { token: people.restaurant.token }),
      200,
    );
    expect(inbox.body.notifications.length).toBeGreaterThan(0);
    return inbox.body.notifications[0].id as string;
  }, 15_000);
  const session = await signUp(stack, 'chef');
  const claims = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString());
  await stack.brigade.revocations.revoke(claims.sid, Math.floor(Date.now() / 1000) + 3600);
  ended = session.token;
}, 240_000);
afterAll(() => stack?.close());

const served = () =>
  Object.entries(stack.brigade.services).map(([name, s]) => ({
    name: name as ServiceName,
    app: s!.handle.app,
    paths: leanRoutesOf(s!.handle.app).map((r) => r.path),
  }));

test('every route on a lean path has its cases here, and every case names such a route', () => {
  const table = cases();
  const onLeanPaths = served().flatMap(({ name, paths }) => paths.map((p) => `${name} ${p}`));
  const withCases = Object.entries(table).flatMap(([name, routes]) =>
    Object.keys(routes!).map((p) => `${name} ${p}`),
  );
  expect(onLeanPaths.sort()).toEqual(withCases.sort());
  // the inbox's reads among them (issue 41)
  expect(onLeanPaths).toEqual(
    expect.arrayContaining(['notifications /notifications', 'notifications /notifications/unread-count']),
  );
  for (const routes of Object.values(table))
    for (const [path, c] of Object.entries(routes!)) expect([path, c.ok.length > 0]).toEqual([path, true]);
});

describe.each(['identity', 'jobs', 'messaging', 'notifications'] as const)('%s', (name) => {
  let compare: Awaited<ReturnType<typeof leanComparison>>;
  beforeAll(async () => {
    compare = await leanComparison(stack.brigade.services[name]!.handle.app);
  });
  afterAll(() => compare?.close());

  const routesOf = () => Object.entries(cases()[name]!);
  /** A route's first case's path with its first parameter (a uuid) made something else. */
  const withParam = (route: string, path: string, value: string) =>
    route.includes(':') ? path.replace(/[0-9a-f-]{36}/i, value) : null;

  test('200 and 304, lean path and Express alike; the caller’s request id kept', async () => {
    for (const [route, c] of routesOf()) {
      for (const [who, path] of c.ok) {
        const ok = await compare.expectSame(path, bearer(tokenOf(who)), true);
        expect([route, path, ok.status]).toEqual([route, path, 200]);
        expect(ok.headers).toContain('Content-Type: application/json; charset=utf-8');
        const etag = ok.headers.find((h) => h.startsWith('ETag: '))?.slice(6);
        if (!etag) continue;
        const notModified = await compare.expectSame(
          path,
          { ...bearer(tokenOf(who)), 'if-none-match': etag },
          true,
        );
        expect([route, path, notModified.status]).toEqual([route, path, 304]);
      }
      const [who, path] = c.ok[0];
      const { on, off, alone } = await compare.ask(path, {
        ...bearer(tokenOf(who)),
        'x-request-id': 'lean-7',
      });
      expect([route, on.requestId, off.requestId, alone.requestId]).toEqual([
        route,
        'lean-7',
        'lean-7',
        'lean-7',
      ]);
    }
  });

  test('401 (no token, a bad one, an ended session), 403 (an operator), 404 (not a uuid): Express’s', async () => {
    for (const [route, c] of routesOf()) {
      const path = c.ok[0][1];
      for (const headers of [{}, bearer('not-a-token'), bearer(ended)])
        expect([route, (await compare.expectSame(path, headers, false)).status]).toEqual([route, 401]);
      expect([route, (await compare.expectSame(path, bearer(operator.token), false)).status]).toEqual([
        route,
        403,
      ]);
      const notUuid = withParam(route, path, 'not-a-uuid');
      if (notUuid)
        expect([
          route,
          (await compare.expectSame(notUuid, bearer(tokenOf(c.ok[0][0])), false)).status,
        ]).toEqual([route, 404]);
    }
  });

  test('400 for a query refused and a NUL in it, and each route’s own refusals: Express’s', async () => {
    for (const [, c] of routesOf()) {
      const [who, path] = c.ok[0];
      const nul: [Who, string] = [who, `${path}${path.includes('?') ? '&' : '?'}x=%00`];
      for (const [asker, bad] of [...c.badQueries, nul])
        expect([bad, (await compare.expectSame(bad, bearer(tokenOf(asker)), false)).status]).toEqual([
          bad,
          400,
        ]);
      for (const [asker, refusedPath, status] of c.refused ?? [])
        expect([
          refusedPath,
          (await compare.expectSame(refusedPath, bearer(tokenOf(asker)), false)).status,
        ]).toEqual([refusedPath, status]);
    }
  });

  test('HEAD and a trailing slash are Express’s', async () => {
    for (const [route, c] of routesOf()) {
      const [who, path] = c.ok[0];
      const head = await compare.expectSame(path, bearer(tokenOf(who)), false, 'HEAD');
      expect([route, head.status]).toEqual([route, 200]);
      const plain = path.split('?')[0];
      await compare.expectSame(`${plain}/`, bearer(tokenOf(who)), false);
    }
  });
});
