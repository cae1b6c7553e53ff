import express from 'express';
import { Redis } from 'ioredis';
import {
  advertiseStamps,
  createLogger,
  listen,
  MemoryStamps,
  RedisStamps,
  type RunningServer,
  type VersionStamps,
} from '@brigade/kit';
import { createTestAuth, eventually, uniqueName } from '@brigade/kit/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/rate-limit';

// The gateway answers a user's unchanged poll with 304 from the services' version stamps, without the
// service. In front of a stand-in jobs service that builds its ETag from a version counter and advertises
// the stamp, as the real jobs and messaging services do. Stamps and rate limits in Redis when REDIS_URL is
// set (real mode), in memory otherwise.

let auth: Awaited<ReturnType<typeof createTestAuth>>;
let upstream: RunningServer;
let gateway: RunningServer;
let stamps: VersionStamps;
let limiter: RateLimiter;
let redis: Redis | null = null;
let version = 1;
let hits = 0;
const SCOPE = 'jobs';

beforeAll(async () => {
  auth = await createTestAuth();
  if (process.env.REDIS_URL) {
    redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
    stamps = new RedisStamps(redis, uniqueName('stamps'));
    limiter = new RedisRateLimiter(redis, uniqueName('rl'));
  } else {
    stamps = new MemoryStamps();
    limiter = new MemoryRateLimiter();
  }
  const service = express();
  service.get('/jobs', (req, res) => {
    hits++;
    const tag = `W/"v${version}-${req.headers['x-user-id']}"`;
    res.setHeader('etag', tag);
    const maxAge = req.query.short ? 150 : 30_000;
    advertiseStamps(res, stamps, maxAge, [[stamps.key('jobs', SCOPE), version]]);
    if (req.headers['if-none-match'] === tag) return void res.status(304).end();
    res.json({ jobs: [{ version }] });
  });
  upstream = await listen(service);
  await stamps.publish([[stamps.key('jobs', SCOPE), version]]);
  gateway = await listen(
    createGateway({
      config: loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080', RATE_LIMIT_API_PER_MINUTE: '40' }),
      services: { jobs: upstream.url },
      rateLimiter: limiter,
      stamps,
      keys: auth.keys,
      logger: createLogger('gateway-test', 'silent'),
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await redis?.quit();
});

async function poll(token: string, etag?: string, query = '', extra: Record<string, string> = {}) {
  const res = await fetch(`${gateway.url}/api/jobs${query}`, {
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}), ...extra },
  });
  const body: any = res.status === 200 ? await res.json() : null;
  return { status: res.status, etag: res.headers.get('etag') ?? undefined, body, headers: res.headers };
}

/** A write in the service: its counter moves and the stamp is published after the commit. */
async function write() {
  version++;
  await stamps.publish([[stamps.key('jobs', SCOPE), version]]);
}

test("an unchanged poll is answered 304 by the gateway; the service's stamp header never reaches the client", async () => {
  const chef = await auth.token({ type: 'chef' });
  const first = await poll(chef);
  expect(first.status).toBe(200);
  expect(first.headers.get('x-brigade-revalidate')).toBeNull();
  const before = hits;
  for (let i = 0; i < 5; i++) {
    const again = await poll(chef, first.etag);
    expect(again.status).toBe(304);
    expect(again.etag).toBe(first.etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  }
  expect(hits).toBe(before); // none of the five reached the service
});

test("the gateway's own 304 carries the headers of any answer: request id, security, CORS", async () => {
  const chef = await auth.token({ type: 'chef' });
  const origin = { origin: 'http://localhost:8080' };
  const first = await poll(chef, undefined, '', origin);
  const before = hits;
  const again = await poll(chef, first.etag, '', { ...origin, 'x-request-id': 'poll-42' });
  expect(again.status).toBe(304);
  expect(hits).toBe(before);
  expect(again.headers.get('x-request-id')).toBe('poll-42');
  expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
  for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy'])
    expect(again.headers.get(name)).toBe(first.headers.get(name));
  expect(again.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
  expect(again.headers.get('access-control-expose-headers')).toContain('etag');
  // another origin gets no CORS headers, as from the service
  const foreign = await poll(chef, first.etag, '', { origin: 'https://evil.example' });
  expect(foreign.status).toBe(304);
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  expect(foreign.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('after a write the next poll reaches the service and gets the new list', async () => {
  const chef = await auth.token({ type: 'chef' });
  const first = await poll(chef);
  await write();
  const next = await poll(chef, first.etag);
  expect(next.status).toBe(200);
  expect(next.body.jobs[0].version).toBe(version);
  expect(next.etag).not.toBe(first.etag);
  // and the new tag is then answered by the gateway
  const before = hits;
  expect((await poll(chef, next.etag)).status).toBe(304);
  expect(hits).toBe(before);
});

test("one user's ETag never opens another user's entry", async () => {
  const [ana, ben] = await Promise.all([auth.token({ type: 'chef' }), auth.token({ type: 'chef' })]);
  const anas = await poll(ana);
  const before = hits;
  const bens = await poll(ben, anas.etag); // Ben replays Ana's tag: the service decides (and it differs)
  expect(bens.status).toBe(200);
  expect(hits).toBe(before + 1);
});

test('entries expire after the max-age the service gave: the service is asked again', async () => {
  const chef = await auth.token({ type: 'chef' });
  const first = await poll(chef, undefined, '?short=1');
  await new Promise((r) => setTimeout(r, 250));
  const before = hits;
  expect((await poll(chef, first.etag, '?short=1')).status).toBe(304);
  expect(hits).toBe(before + 1); // the service answered this one (and advertised again)
  expect((await poll(chef, first.etag, '?short=1')).status).toBe(304);
  expect(hits).toBe(before + 1);
});

test('a lost or missing stamp never yields a stale 304: the service answers', async () => {
  const chef = await auth.token({ type: 'chef' });
  const first = await poll(chef);
  // The stamp disappears (Redis flushed, key expired): nothing matches, so the gateway asks the service.
  if (redis) await redis.del(stamps.key('jobs', SCOPE));
  else (stamps as any).stamps.delete(stamps.key('jobs', SCOPE));
  const before = hits;
  expect((await poll(chef, first.etag)).status).toBe(304);
  expect(hits).toBe(before + 1);
  // The service's answers republish the stamps they read (an unchanged one at most once a second per
  // process): the gateway soon answers by itself again, and never with a stale 304 meanwhile.
  await eventually(
    async () => {
      const served = hits;
      expect((await poll(chef, first.etag)).status).toBe(304);
      expect(hits).toBe(served);
    },
    3_000,
    100,
  );
});

test('polls answered by the gateway still count against the per-user rate limit', async () => {
  // The limit is a fixed one-minute window: start well inside one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const chef = await auth.token({ type: 'chef' });
  const first = await poll(chef);
  const statuses: number[] = [];
  for (let i = 0; i < 45; i++) statuses.push((await poll(chef, first.etag)).status);
  expect(statuses.filter((s) => s === 304).length).toBe(39); // 40 a minute, the first 200 included
  expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
});
