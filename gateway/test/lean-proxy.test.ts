import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { createLogger, listen, remoteKeys, type RunningServer } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createGateway } from '../src/app';
import { AnswerCompression, MAX_BYTES } from '../src/compression';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter } from '../src/rate-limit';
import { cors } from '../src/cors';
import { leanProxy, pollService } from '../src/lean-proxy';
import { RevalidationCache } from '../src/revalidate';
import { securityHeaders } from '../src/security-headers';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type Stack,
} from '../../tests/hardening/support/stack';
import { startCountingRelay, type CountingRelay } from './support/counting-relay';

// The lean path of the polled GETs (ADR 17) answers exactly as the Express path (http-proxy-middleware)
// does: two gateways in front of the same running product (its real services, in one process by default;
// PostgreSQL, RabbitMQ and Redis in real mode), one with LEAN_PROXY on and one with it off, asked the same
// things. The jobs service is reached through a counting relay (a plain pass-through) so a test can see
// what reached it and with which headers.

let stack: Stack;
let restaurant: Account;
let chef: Account;
let jobId: string;
let relay: CountingRelay;
const gateways: RunningServer[] = [];

/** A stand-in for a broken service: each request is answered by `handle` (or never). */
async function brokenService(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A gateway in front of the stack's services (jobs through the relay unless told), lean path on or off. */
async function gatewayWith(
  lean: boolean,
  env: Record<string, string> = {},
  services: Record<string, string> = {},
): Promise<string> {
  const running = Object.fromEntries(
    Object.entries(stack.brigade.services).map(([name, s]) => [name, s!.url]),
  );
  const gateway = await listen(
    createGateway({
      config: loadGatewayConfig({
        PUBLIC_URL: 'http://localhost:8080',
        LEAN_PROXY: lean ? '1' : '0',
        // Generous for the real services (a busy CI worker's first query may take a second); the slow-service
        // test sets its own short limit.
        UPSTREAM_TIMEOUT_MS: '10000',
        ...env,
      }),
      services: { ...running, jobs: relay.url, ...services },
      rateLimiter: new MemoryRateLimiter(),
      stamps: stack.brigade.stamps,
      revocations: stack.brigade.revocations,
      keys: remoteKeys(`${running.identity}/auth/jwks.json`),
      logger: createLogger('gateway-test', 'silent'),
    }),
  );
  gateways.push(gateway);
  return gateway.url;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A GET with fetch (which asks for gzip and deflate, and decodes). A compressed answer's length is left out: it
 * is the compressed bytes', which the client never sees.
 */
async function ask(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, { headers });
  const all: Record<string, string> = {};
  const compressed = res.headers.has('content-encoding');
  res.headers.forEach((v, k) => {
    if (k === 'date') return;
    if (compressed && (k === 'content-length' || k === 'transfer-encoding')) return;
    all[k] = v;
  });
  return { status: res.status, headers: all, body: await res.text() };
}

const bearer = (who: Account, more: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${who.token}`,
  ...more,
});

beforeAll(async () => {
  stack = await startStack();
  relay = await startCountingRelay(stack.brigade.services.jobs!.url);
  [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  jobId = job.id;
  await apply(stack, chef, job);
  // The chef's thread with the restaurant exists once messaging has the application.
  await eventually(async () => {
    expectStatus(await stack.call('GET', `/api/messages/job/${jobId}`, { token: chef.token }), 200);
  }, 15_000);
  // And the restaurant's inbox has the application once notifications has it.
  await eventually(async () => {
    const inbox = expectStatus(
      await stack.call('GET', '/api/notifications', { token: restaurant.token }),
      200,
    );
    expect(inbox.body.notifications.length).toBeGreaterThan(0);
  }, 15_000);
}, 180_000);
afterAll(async () => {
  for (const g of gateways) await g.close();
  await relay?.close();
  await stack?.close();
});

test('the polled GETs are the lists the web client polls, and only signed-in routes of one service', () => {
  expect(pollService('/jobs')).toBe('jobs');
  expect(pollService('/applications')).toBe('jobs');
  expect(pollService('/messages/conversations')).toBe('messaging');
  expect(pollService('/messages/job/123')).toBe('messaging');
  expect(pollService('/messages/application/123')).toBe('messaging');
  expect(pollService('/profiles/chefs')).toBe('identity');
  expect(pollService('/notifications')).toBe('notifications');
  expect(pollService('/notifications/unread-count')).toBe('notifications');
  for (const other of [
    '/notifications/preferences',
    '/notifications/twilio/status',
    '/notifications/unsubscribe',
    '/jobs/123',
    '/profiles/me',
    '/profiles/chef/123',
    '/ops/users',
    '/payments/config',
    '/auth/jwks.json',
  ])
    expect(pollService(other)).toBeNull();
});

/** The lean path alone on a plain node:http server (no shortcut, no Express): 599 when it did not take a request. */
async function leanAlone(): Promise<string> {
  const running = Object.fromEntries(
    Object.entries(stack.brigade.services).map(([name, s]) => [name, s!.url]),
  );
  const config = loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080', REVALIDATE_MAX_AGE_MS: '0' });
  const lean = leanProxy({
    config,
    services: { ...running, jobs: relay.url },
    rateLimiter: new MemoryRateLimiter(),
    keys: remoteKeys(`${running.identity}/auth/jwks.json`),
    revocations: stack.brigade.revocations,
    security: securityHeaders(config),
    cors: cors(config),
    logger: createLogger('gateway-test', 'silent'),
    revalidation: new RevalidationCache(0),
    compression: new AnswerCompression(true),
  });
  const server = http.createServer((req, res) => {
    void lean(req, res).then((taken) => {
      if (!taken) res.writeHead(599).end();
    });
  });
  server.keepAliveTimeout = 65_000; // as every server of ours (kit's listen)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  gateways.push({ server, port, url: `http://127.0.0.1:${port}`, close: () => closeServer(server) });
  return `http://127.0.0.1:${port}`;
}

async function closeServer(server: http.Server) {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

test('each polled GET answers the same status, headers and body with the lean path as without it', async () => {
  const lean = await gatewayWith(true);
  const viaExpress = await gatewayWith(false);
  const alone = await leanAlone(); // proof that the lean path, not Express, answered
  const polls: Array<[Account, string]> = [
    [chef, '/api/applications'],
    [chef, '/api/messages/conversations'],
    [chef, `/api/messages/job/${jobId}`],
    [chef, '/api/jobs?status=open&limit=50'],
    [chef, '/api/jobs?status=open&shared=1&limit=50'],
    [restaurant, '/api/jobs?status=all&limit=20'],
    [restaurant, '/api/applications'],
    [restaurant, '/api/notifications'],
    [restaurant, '/api/notifications?limit=1'],
    [chef, '/api/notifications'],
    [restaurant, '/api/notifications/unread-count'],
  ];
  for (const [who, path] of polls) {
    const headers = bearer(who, {
      'x-request-id': `same-id-${who.id.slice(0, 8)}`,
      origin: 'http://localhost:8080',
    });
    const a = await ask(lean, path, headers);
    const b = await ask(viaExpress, path, headers);
    expect([path, a.status]).toEqual([path, 200]);
    expect({ path, ...a }).toEqual({ path, ...b });
    expect({ path, ...(await ask(alone, path, headers)) }).toEqual({ path, ...b });
    expect(a.headers).toMatchObject({
      etag: expect.any(String),
      'x-request-id': headers['x-request-id'],
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'access-control-allow-origin': 'http://localhost:8080',
    });
    expect(a.headers['x-brigade-revalidate']).toBeUndefined();
    expect(a.headers['x-brigade-shared']).toBeUndefined();
  }
  // A service's own refusal passes through the same.
  for (const refused of [
    `/api/messages/job/${jobId}?since=00000000-0000-4000-8000-000000000000`,
    '/api/notifications?before=00000000-0000-4000-8000-000000000000',
  ]) {
    const a = await ask(lean, refused, bearer(chef, { 'x-request-id': 'refused-1' }));
    expect([refused, a.status]).toEqual([refused, 400]);
    expect(a).toEqual(await ask(viaExpress, refused, bearer(chef, { 'x-request-id': 'refused-1' })));
    expect(await ask(alone, refused, bearer(chef, { 'x-request-id': 'refused-1' }))).toEqual(a);
  }

  // The restaurant's chef search (not a poll, no ETag) takes the same path, and answers as through Express,
  // its refusal of a bad query included.
  for (const path of ['/api/profiles/chefs?limit=25', '/api/profiles/chefs?radius=-1']) {
    const headers = bearer(restaurant, { 'x-request-id': 'search-1', origin: 'http://localhost:8080' });
    const viaLean = await ask(lean, path, headers);
    expect([path, viaLean.status]).toEqual([path, path.includes('radius') ? 400 : 200]);
    expect({ path, ...viaLean }).toEqual({ path, ...(await ask(viaExpress, path, headers)) });
    expect({ path, ...(await ask(alone, path, headers)) }).toEqual({ path, ...viaLean });
  }
}, 60_000);

test("the service's 304 and its ETag pass through unchanged when the gateway does not answer it itself", async () => {
  const lean = await gatewayWith(true, { REVALIDATE_MAX_AGE_MS: '0' });
  const viaExpress = await gatewayWith(false, { REVALIDATE_MAX_AGE_MS: '0' });
  const first = await ask(lean, '/api/applications', bearer(chef));
  const headers = bearer(chef, { 'if-none-match': first.headers.etag, 'x-request-id': 'conditional-1' });
  const before = relay.count;
  const a = await ask(lean, '/api/applications', headers);
  const b = await ask(viaExpress, '/api/applications', headers);
  expect(relay.count).toBe(before + 2); // both asked the service: the shortcut is off
  expect(a.status).toBe(304);
  expect(a).toEqual(b);
});

test("the inbox's and the bell's own 304s (the shortcut off) pass through the lean path as through Express", async () => {
  const lean = await gatewayWith(true, { REVALIDATE_MAX_AGE_MS: '0' });
  const viaExpress = await gatewayWith(false, { REVALIDATE_MAX_AGE_MS: '0' });
  const alone = await leanAlone();
  for (const path of ['/api/notifications', '/api/notifications/unread-count']) {
    const first = await ask(lean, path, bearer(restaurant));
    expect([path, first.status]).toEqual([path, 200]);
    const headers = bearer(restaurant, { 'if-none-match': first.headers.etag, 'x-request-id': 'inbox-304' });
    const a = await ask(lean, path, headers);
    expect([path, a.status]).toEqual([path, 304]);
    expect(a.headers['x-brigade-revalidate']).toBeUndefined(); // the inbox's stamp never reaches the client
    expect(a).toEqual(await ask(viaExpress, path, headers));
    expect(await ask(alone, path, headers)).toEqual(a); // the lean path forwarded it
  }
});

test('a 200 through the lean path is remembered: the next unchanged poll is answered 304 by the gateway', async () => {
  const lean = await gatewayWith(true);
  const first = await ask(lean, '/api/applications', bearer(chef));
  expect(first.status).toBe(200);
  const before = relay.count;
  const again = await ask(lean, '/api/applications', bearer(chef, { 'if-none-match': first.headers.etag }));
  expect(again.status).toBe(304);
  expect(relay.count).toBe(before); // the service was not asked

  // The inbox and the bell too (issue 41: notifications advertises the person's inbox stamp).
  const inboxRelay = await startCountingRelay(stack.brigade.services.notifications!.url);
  try {
    const viaRelay = await gatewayWith(true, {}, { notifications: inboxRelay.url });
    for (const path of ['/api/notifications', '/api/notifications/unread-count'])
      // (again should an event of the sign-ups still land in between: it moves the stamp, rightly)
      await eventually(async () => {
        const answered = await ask(viaRelay, path, bearer(restaurant));
        expect([path, answered.status]).toEqual([path, 200]);
        const asked = inboxRelay.count;
        const unchanged = await ask(
          viaRelay,
          path,
          bearer(restaurant, { 'if-none-match': answered.headers.etag }),
        );
        expect([path, unchanged.status, inboxRelay.count]).toEqual([path, 304, asked]);
      }, 10_000);
  } finally {
    await inboxRelay.close();
  }
});

test('the service gets the verified user, the request id, the trace context and where the request came from', async () => {
  const seen: http.IncomingHttpHeaders[] = [];
  for (const lean of [true, false]) {
    const origin = await gatewayWith(lean);
    const port = new URL(origin).port;
    await ask(
      origin,
      '/api/applications',
      bearer(chef, {
        'x-user-id': 'someone-else', // a client cannot choose whose list it gets
        'x-request-id': 'trace-me-1',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      }),
    );
    expect(relay.last).toMatchObject({
      host: `127.0.0.1:${port}`,
      'x-forwarded-host': `127.0.0.1:${port}`,
      'x-forwarded-port': port,
    });
    seen.push(relay.last);
  }
  for (const h of seen)
    expect(h).toMatchObject({
      'x-user-id': chef.id,
      'x-request-id': 'trace-me-1',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      authorization: `Bearer ${chef.token}`,
      'x-forwarded-for': expect.stringContaining('127.0.0.1'),
      'x-forwarded-proto': 'http',
    });
  const [lean, viaExpress] = seen.map((h) => Object.keys(h).sort());
  expect(lean).toEqual(viaExpress);
});

/** One request on its own connection, as raw bytes: the status line and headers, once the server closed it. */
async function rawHead(origin: string, path: string, headers: Record<string, string>): Promise<string> {
  const url = new URL(origin);
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${lines.join('\r\n')}\r\n\r\n`),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('error', reject);
    socket.once('end', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      resolve(raw.slice(0, raw.indexOf('\r\n\r\n')));
    });
  });
}

test('a client that asks to close its connection gets its answer and the connection closed, as without the lean path', async () => {
  const lean = await gatewayWith(true);
  const viaExpress = await gatewayWith(false);
  const headers = bearer(chef, { 'x-request-id': 'closing-1' });
  const heads = await Promise.all([lean, viaExpress].map((g) => rawHead(g, '/api/applications', headers)));
  const named = (head: string) =>
    head
      .split('\r\n')
      .slice(1)
      .map((l) => l.toLowerCase())
      .filter((l) => !l.startsWith('date:'))
      .sort();
  expect(heads[0].split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  expect(named(heads[0])).toContain('connection: close');
  expect(named(heads[0])).toEqual(named(heads[1]));
});

test('no token, a bad token: the same 401 with or without the lean path', async () => {
  const lean = await gatewayWith(true);
  const viaExpress = await gatewayWith(false);
  const before = relay.count;
  const tries: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer garbage' },
    { authorization: 'Basic abc' },
  ];
  for (const headers of tries) {
    const h = { ...headers, 'x-request-id': 'unauthorised-1' };
    const a = await ask(lean, '/api/applications', h);
    expect(a.status).toBe(401);
    expect(a).toEqual(await ask(viaExpress, '/api/applications', h));
  }
  expect(relay.count).toBe(before);
});

test('over the per-user rate limit: the same 429 with retry-after with or without the lean path', async () => {
  const lean = await gatewayWith(true, { RATE_LIMIT_API_PER_MINUTE: '3' });
  const viaExpress = await gatewayWith(false, { RATE_LIMIT_API_PER_MINUTE: '3' });
  const statuses = async (origin: string) => {
    const out: Answer[] = [];
    for (let i = 0; i < 5; i++)
      out.push(await ask(origin, '/api/messages/conversations', bearer(chef, { 'x-request-id': `rl-${i}` })));
    return out;
  };
  const a = await statuses(lean);
  const b = await statuses(viaExpress);
  expect(a.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
  expect(b.map((r) => r.status)).toEqual(a.map((r) => r.status));
  expect(a[3]).toMatchObject({ headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
  expect(JSON.parse(a[3].body)).toEqual(JSON.parse(b[3].body));
  expect({ ...a[3].headers, 'retry-after': '' }).toEqual({ ...b[3].headers, 'retry-after': '' });
});

test('a service that is down, that breaks the connection, or that is too slow: the same 503, 502, 504', async () => {
  const hangUp = await brokenService((req) => req.socket.destroy());
  const slow = await brokenService((_req, res) => void setTimeout(() => res.end('{}'), 1500));
  const short = { UPSTREAM_TIMEOUT_MS: '500' };
  try {
    for (const [jobs, status, code] of [
      ['http://127.0.0.1:1', 503, 'GATEWAY.SERVICE_UNAVAILABLE'],
      [hangUp.url, 502, 'GATEWAY.BAD_GATEWAY'],
      [slow.url, 504, 'GATEWAY.TIMEOUT'],
    ] as const) {
      const lean = await gatewayWith(true, short, { jobs });
      const viaExpress = await gatewayWith(false, short, { jobs });
      const h = bearer(chef, { 'x-request-id': `down-${status}` });
      const a = await ask(lean, '/api/applications', h);
      expect([a.status, JSON.parse(a.body).code]).toEqual([status, code]);
      expect(a).toEqual(await ask(viaExpress, '/api/applications', h));
    }
  } finally {
    await hangUp.close();
    await slow.close();
  }
});

test('a client that goes away stops the request to the service; the gateway goes on serving', async () => {
  let asked = 0;
  let closed = 0;
  // Its headers and a first part at once, the rest later: the client goes away in the middle of the answer.
  const slow = await brokenService((req, res) => {
    asked++;
    req.socket.on('close', () => closed++);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write(`{"applications":[],"note":"${'x'.repeat(2000)}`);
    setTimeout(() => res.end('"}'), 400);
  });
  try {
    for (const lean of [true, false]) {
      const origin = await gatewayWith(lean, { UPSTREAM_TIMEOUT_MS: '5000' }, { jobs: slow.url });
      const client = new AbortController();
      const answer = fetch(`${origin}/api/applications`, { headers: bearer(chef), signal: client.signal });
      await eventually(async () => expect(asked).toBe(1), 2000); // the service has the request
      client.abort();
      await expect(answer).rejects.toThrow();
      // The gateway's connection to the service is closed, not left to finish (or pooled).
      await eventually(async () => expect([lean, closed]).toEqual([lean, 1]), 2000);
      const again = await ask(origin, '/api/applications', bearer(chef));
      expect([again.status, JSON.parse(again.body).applications]).toEqual([200, []]);
      asked = 0;
      closed = 0;
    }
  } finally {
    await slow.close();
  }
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (compressed or not). */
  bytes: Buffer;
}

/**
 * A request with node:http, which (unlike fetch) asks for no encoding unless told and decodes nothing: a GET, or
 * `method` with a JSON `body`.
 */
function raw(
  origin: string,
  path: string,
  headers: Record<string, string>,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${path}`,
      { method, headers: sent ? { ...headers, 'content-type': 'application/json' } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent);
  });
}

/** The body a client reads once it has undone the answer's content encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(answer.bytes)
      : encoding === 'gzip'
        ? gunzipSync(answer.bytes)
        : answer.bytes;
  return body.toString('utf8');
}

test('answers are compressed as the client accepts (brotli, else gzip, else none), with the lean path as without it', async () => {
  const lean = await gatewayWith(true);
  const viaExpress = await gatewayWith(false);
  const lists: Array<[Account, string]> = [
    [restaurant, '/api/applications'],
    [chef, '/api/applications'],
  ];
  for (const origin of [lean, viaExpress]) {
    for (const [who, path] of lists) {
      const plain = await raw(origin, path, bearer(who));
      expect([path, plain.status, plain.headers['content-encoding']]).toEqual([path, 200, undefined]);
      expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
      expect(plain.bytes.length).toBeGreaterThan(1024); // big enough to be worth compressing
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      const list = JSON.parse(plain.bytes.toString('utf8'));
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'], // what browsers send
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await raw(origin, path, bearer(who, { 'accept-encoding': accept }));
        expect([path, accept, answer.status, answer.headers['content-encoding']]).toEqual([
          path,
          accept,
          200,
          expected,
        ]);
        expect(JSON.parse(decoded(answer))).toEqual(list);
        expect(answer.headers.etag).toBe(plain.headers.etag);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        if (expected) {
          expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2);
          // Both paths send it compressed in one write, with its length.
          expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
          expect(answer.headers['transfer-encoding']).toBeUndefined();
        }
      }
    }
    // A small answer (the chef's thread with no message) is sent as it is: compressing it would not pay.
    const small = await raw(origin, `/api/messages/job/${jobId}`, bearer(chef, { 'accept-encoding': 'br' }));
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  }
  // The same bytes on both paths.
  const headers = bearer(restaurant, { 'accept-encoding': 'gzip, deflate, br' });
  expect(decoded(await raw(lean, '/api/applications', headers))).toBe(
    decoded(await raw(viaExpress, '/api/applications', headers)),
  );
}, 60_000);

test('COMPRESSION=0 leaves compressing to a proxy in front: every answer sent as the service wrote it', async () => {
  for (const lean of [true, false]) {
    const origin = await gatewayWith(lean, { COMPRESSION: '0' });
    const answer = await raw(
      origin,
      '/api/applications',
      bearer(restaurant, { 'accept-encoding': 'br, gzip' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
  }
});

test('a large answer of unknown length arrives whole on both paths, compressed off the event loop', async () => {
  // 600 KB of JSON from a stand-in service, chunked in many writes: held until it has all come, then
  // compressed on the thread pool (over 256 KB).
  const items = Array.from({ length: 6000 }, (_, i) => ({
    id: i,
    title: `Line cook shift ${i}`,
    note: 'x'.repeat(i % 50),
  }));
  const text = JSON.stringify({ applications: items, total: items.length });
  const big = await brokenService((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    for (let at = 0; at < text.length; at += 8192) res.write(text.slice(at, at + 8192));
    res.end();
  });
  try {
    for (const lean of [true, false]) {
      const origin = await gatewayWith(lean, {}, { jobs: big.url });
      for (const accept of ['br', 'gzip']) {
        const answer = await raw(origin, '/api/applications', bearer(chef, { 'accept-encoding': accept }));
        expect([lean, answer.status, answer.headers['content-encoding']]).toEqual([lean, 200, accept]);
        expect(decoded(answer)).toBe(text);
        expect(answer.bytes.length).toBeLessThan(text.length / 4);
        expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
      }
    }
  } finally {
    await big.close();
  }
});

test("the Express path's writes are compressed in one write with their length; an answer too long to hold, as it comes", async () => {
  // A stand-in jobs service: a write's 3 KB answer with its length, and an answer of unknown length over
  // MAX_BYTES (the gateway stops holding it and passes it on uncompressed).
  const note = JSON.stringify({ application: { id: jobId, note: 'Bring your own knives. '.repeat(120) } });
  const huge = JSON.stringify({ rows: 'r'.repeat(MAX_BYTES + 4096) });
  const standIn = await brokenService((req, res) => {
    if (req.url?.startsWith('/jobs/huge')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      for (let at = 0; at < huge.length; at += 65536) res.write(huge.slice(at, at + 65536));
      return void res.end();
    }
    req.resume();
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(note));
    res.end(note);
  });
  try {
    const viaExpress = await gatewayWith(false, {}, { jobs: standIn.url });
    for (const accept of ['br', 'gzip']) {
      const answer = await raw(
        viaExpress,
        `/api/applications/${jobId}/confirm`,
        bearer(chef, { 'accept-encoding': accept }),
        { method: 'POST', body: { confirmed: true } },
      );
      expect([answer.status, answer.headers['content-encoding']]).toEqual([200, accept]);
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(decoded(answer)).toBe(note);
    }
    const long = await raw(viaExpress, '/api/jobs/huge', bearer(chef, { 'accept-encoding': 'br' }));
    expect([long.status, long.headers['content-encoding']]).toEqual([200, undefined]);
    expect(long.bytes.toString('utf8')).toBe(huge);
  } finally {
    await standIn.close();
  }
}, 60_000);

test('a service that dies in the middle of its answer: the same 502 while nothing was sent, else a short answer at once', async () => {
  // Its headers and 1,500 of the 4,000 bytes it announced, then its connection breaks. The gateways wait a
  // minute for a service: a client left waiting for that would fail this test by its own time limit.
  const part = JSON.stringify({ applications: [{ id: jobId, note: 'x'.repeat(4000) }] }).slice(0, 1500);
  const dying = await brokenService((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '4000' });
    res.write(part);
    setTimeout(() => req.socket.destroy(), 50);
  });
  try {
    for (const lean of [true, false]) {
      const origin = await gatewayWith(lean, { UPSTREAM_TIMEOUT_MS: '60000' }, { jobs: dying.url });
      // Held to be compressed, so nothing of it was sent: the gateway's own 502, whole, as for a broken connection.
      const held = await ask(origin, '/api/applications', bearer(chef));
      expect([lean, held.status, JSON.parse(held.body)]).toEqual([
        lean,
        502,
        { error: 'Bad gateway, please try again', code: 'GATEWAY.BAD_GATEWAY' },
      ]);
      // Passed on as it came (no compression asked): its first part was sent, so the answer is cut short.
      const cut = await new Promise<{ status: number; bytes: number; whole: boolean }>((resolve) => {
        http
          .get(`${origin}/api/applications`, { headers: bearer(chef) }, (res) => {
            let bytes = 0;
            res.on('data', (c: Buffer) => (bytes += c.length));
            res.on('end', () => resolve({ status: res.statusCode!, bytes, whole: res.complete }));
            res.on('error', () => resolve({ status: res.statusCode!, bytes, whole: false }));
          })
          .on('error', () => resolve({ status: 0, bytes: 0, whole: false }));
      });
      expect([lean, cut.status, cut.whole]).toEqual([lean, 200, false]);
      expect(cut.bytes).toBeLessThan(4000);
    }
  } finally {
    await dying.close();
  }
}, 30_000);

test("the web app's files are compressed for clients that accept it: the build's own .br and .gz when there, else per request; images never", async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'brigade-web-'));
  try {
    mkdirSync(path.join(dist, 'assets'));
    const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen-${i}`))};\n`;
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Brigade</title>${'<p>Brigade</p>'.repeat(200)}`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    // As the build writes it (web/precompress.ts): brotli at its best; no .gz for this one.
    const built = brotliCompressSync(Buffer.from(script), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    });
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), built);
    const styles = `.card { color: #222; }\n`.repeat(200);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), styles);
    const png = Buffer.alloc(4096, 7);
    writeFileSync(path.join(dist, 'assets', 'logo-abc123.png'), png);
    const origin = await gatewayWith(true, { WEB_DIST: dist });

    const js = await raw(origin, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect([js.status, js.headers['content-encoding']]).toEqual([200, 'br']);
    expect(js.bytes).toEqual(built); // the build's file, not compressed again
    expect(decoded(js)).toBe(script);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(js.headers['content-length'])).toBe(built.length);
    // Revalidated like any static file.
    const again = await raw(origin, '/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(js.headers.etag),
    });
    expect(again.status).toBe(304);
    // No .gz built: gzip per request; nothing accepted: the file as it is.
    const gz = await raw(origin, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect([gz.status, gz.headers['content-encoding'], decoded(gz)]).toEqual([200, 'gzip', script]);
    const plain = await raw(origin, '/assets/index-abc123.js', {});
    expect([plain.status, plain.headers['content-encoding'], plain.bytes.toString()]).toEqual([
      200,
      undefined,
      script,
    ]);
    // A file the build did not compress, and the page: compressed per request.
    const css = await raw(origin, '/assets/index-abc123.css', { 'accept-encoding': 'br' });
    expect([css.status, css.headers['content-encoding'], decoded(css)]).toEqual([200, 'br', styles]);
    const page = await raw(origin, '/openings', { 'accept-encoding': 'gzip' });
    expect([page.status, page.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(decoded(page)).toContain('<title>Brigade</title>');
    const image = await raw(origin, '/assets/logo-abc123.png', { 'accept-encoding': 'gzip, deflate, br' });
    expect([image.status, image.headers['content-encoding']]).toEqual([200, undefined]);
    expect(image.bytes).toEqual(png);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
