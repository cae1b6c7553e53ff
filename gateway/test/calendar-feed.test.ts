import { Redis } from 'ioredis';
import { createLogger, listen, type RunningServer } from '@brigade/kit';
import { uniqueName } from '@brigade/kit/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/rate-limit';
import { CALENDAR_FEED_LIMITS } from '../src/routes';
import {
  bookChef,
  chefWithProfile,
  openJob,
  restaurantWithProfile,
  startHarness,
  type Harness,
} from '../../services/jobs/test/harness';

// The calendar feed (issue 20) through the gateway, in front of the real jobs service: calendar apps fetch it
// with no token (the secret in the URL is the key), still rate limited; everything else of /calendar needs a
// session. Rate limits in Redis when REDIS_URL is set (real mode), in memory otherwise.

let jobs: Harness;
let gateway: RunningServer;
let limiter: RateLimiter;
let redis: Redis | null = null;

beforeAll(async () => {
  jobs = await startHarness();
  if (process.env.REDIS_URL) {
    redis = new Redis(process.env.REDIS_URL);
    limiter = new RedisRateLimiter(redis, uniqueName('rl-calendar'));
  } else limiter = new MemoryRateLimiter();
  gateway = await listen(
    createGateway({
      config: loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080' }),
      services: { jobs: jobs.url },
      rateLimiter: limiter,
      keys: jobs.keys,
      logger: createLogger('gateway-test', 'silent'),
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await jobs.close();
  await redis?.quit();
});

const get = (path: string, token?: string, method = 'GET') =>
  fetch(`${gateway.url}/api${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The path of the feed URL Settings shows (PUBLIC_URL/api/calendar/{token}.ics), under /api. */
const apiPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

test('a calendar app fetches the feed with no token; the link and its reset need a session', async () => {
  const r = await restaurantWithProfile(jobs, 'Gateway Grill');
  const chef = await chefWithProfile(jobs);
  const job = await openJob(jobs, r);
  await bookChef(job, r, chef);

  expect((await get('/calendar/feed')).status).toBe(401);
  expect((await get('/calendar/feed/reset', undefined, 'POST')).status).toBe(401);
  expect((await get(`/jobs/${job.id}/calendar.ics`)).status).toBe(401);

  const link = await get('/calendar/feed', chef.token);
  expect(link.status).toBe(200);
  const { feed } = (await link.json()) as { feed: { url: string } };
  expect(feed.url).toMatch(/^http:\/\/localhost:8080\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  const res = await get(apiPath(feed.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  expect(text).toContain(`UID:job-${job.id}@brigade`);
  expect(text).toContain('SUMMARY:Line Cook at Gateway Grill');

  // The file of one shift, for the signed-in chef.
  const file = await get(`/jobs/${job.id}/calendar.ics`, chef.token);
  expect(file.status).toBe(200);
  expect(await file.text()).toContain('BEGIN:VEVENT');

  // After a reset the old link is gone, through the gateway too.
  const reset = await get('/calendar/feed/reset', chef.token, 'POST');
  expect(reset.status).toBe(200);
  const gone = await get(apiPath(feed.url));
  expect(gone.status).toBe(404);
  expect(await gone.json()).toMatchObject({ code: 'JOBS.CALENDAR_FEED_NOT_FOUND' });
});

test('an unknown feed is 404 with an error body, and one feed URL is rate limited', async () => {
  const path = `/calendar/${'A'.repeat(43)}.ics`;
  const first = await get(path);
  expect(first.status).toBe(404);
  expect(await first.json()).toMatchObject({ error: 'Calendar feed not found' });
  const [limit] = CALENDAR_FEED_LIMITS.perUrl;
  const statuses: number[] = [];
  for (let i = 1; i < limit + 2; i++) statuses.push((await get(path)).status);
  expect(statuses.slice(0, limit - 1).every((s) => s === 404)).toBe(true);
  expect(statuses.slice(limit - 1)).toEqual([429, 429]);
  const limited = await get(path);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  // Another feed's URL is counted on its own.
  expect((await get(`/calendar/${'B'.repeat(43)}.ics`)).status).toBe(404);
});
