import { Redis } from 'ioredis';
import { createTcpCut, eventually, requireRealServers, uniqueName } from '@brigade/kit/testing';
import { RedisRateLimiter } from '../src/rate-limit';

// The per-user API limit counted in each gateway instance and sent to Redis in batches, exact near the limit,
// against the real Redis two gateway instances would share.

const real = requireRealServers('REDIS_URL');
const describeReal = real ? describe : describe.skip;

describeReal('the Redis rate limiter, counted in batches', () => {
  let redis: Redis;
  const opened: RedisRateLimiter[] = [];
  const limiter = (prefix: string, flushMs: number) => {
    const l = new RedisRateLimiter(new Redis(process.env.REDIS_URL!), prefix, flushMs);
    opened.push(l);
    return l;
  };
  const countIn = async (prefix: string, key: string, windowSeconds: number) =>
    Number((await redis.get(`${prefix}:${key}:${Math.floor(Date.now() / 1000 / windowSeconds)}`)) ?? 0);
  /** Start well inside a fixed window of `seconds`. */
  const intoWindow = async (seconds: number, needMs: number) => {
    const into = Date.now() % (seconds * 1000);
    if (into > seconds * 1000 - needMs) await new Promise((r) => setTimeout(r, seconds * 1000 - into + 20));
  };

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
    await redis.quit();
  });

  test('two gateway instances near a limit: exactly the limit allowed, whichever instance is asked', async () => {
    await intoWindow(60, 10_000);
    const prefix = uniqueName('rl-pair');
    // A flush interval longer than the test: only the exact path near the limit can keep the count.
    const a = limiter(prefix, 60_000);
    const b = limiter(prefix, 60_000);
    const allowed: boolean[] = [];
    for (let i = 0; i < 60; i++) allowed.push((await (i % 2 ? b : a).hit('user:1', 50, 60)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(50);
    expect(allowed.slice(50)).toEqual(Array(10).fill(false));
    expect(await countIn(prefix, 'user:1', 60)).toBe(60);
  });

  test('far from a large limit, hits are decided here and reach Redis in one batch after the interval', async () => {
    await intoWindow(60, 10_000);
    const prefix = uniqueName('rl-batch');
    const a = limiter(prefix, 50);
    const results = [];
    for (let i = 0; i < 100; i++) results.push(await a.hit('user:2', 1200, 60));
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(results[99].remaining).toBe(1100);
    expect(results[99].resetSeconds).toBeGreaterThan(0);
    expect(results[99].resetSeconds).toBeLessThanOrEqual(60);
    expect(await countIn(prefix, 'user:2', 60)).toBe(0); // not sent yet: no round trip per hit
    // The flush timer (50 ms) brings them all; on a busy machine it may come round late, never partly.
    await eventually(async () => expect(await countIn(prefix, 'user:2', 60)).toBe(100), 5_000, 50);
    const ttl = await redis.ttl(`${prefix}:user:2:${Math.floor(Date.now() / 60_000)}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61);
  });

  test("a flush brings the other instances' hits, and the last ones before a large limit are exact", async () => {
    await intoWindow(60, 10_000);
    const prefix = uniqueName('rl-learn');
    const a = limiter(prefix, 60_000);
    const b = limiter(prefix, 60_000);
    for (let i = 0; i < 150; i++) expect((await a.hit('user:3', 200, 60)).allowed).toBe(true);
    await a.flush();
    expect(await countIn(prefix, 'user:3', 60)).toBe(150);
    await b.hit('user:3', 200, 60); // counted at b, then sent: the answer says 151
    await b.flush();
    const allowed: boolean[] = [];
    for (let i = 0; i < 60; i++) allowed.push((await (i % 2 ? a : b).hit('user:3', 200, 60)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(49);
    const last = await b.hit('user:3', 200, 60);
    expect(last).toMatchObject({ allowed: false, remaining: 0 });
  });

  test('a new window starts a new count, for the batched and the exact path', async () => {
    await intoWindow(2, 1_500);
    const prefix = uniqueName('rl-window');
    const a = limiter(prefix, 50);
    for (let i = 0; i < 3; i++) await a.hit('small', 3, 2);
    for (let i = 0; i < 300; i++) await a.hit('large', 1000, 2);
    expect((await a.hit('small', 3, 2)).allowed).toBe(false);
    expect((await a.hit('large', 1000, 2)).remaining).toBe(699);
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() % 2000) + 20));
    expect(await a.hit('small', 3, 2)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await a.hit('large', 1000, 2)).toMatchObject({ allowed: true, remaining: 999 });
    await a.flush();
    expect(await countIn(prefix, 'large', 2)).toBe(1);
  });

  test('close() sends what is not sent yet', async () => {
    await intoWindow(60, 10_000);
    const prefix = uniqueName('rl-close');
    const a = new RedisRateLimiter(new Redis(process.env.REDIS_URL!), prefix, 60_000);
    for (let i = 0; i < 10; i++) await a.hit('user:4', 1200, 60);
    expect(await countIn(prefix, 'user:4', 60)).toBe(0);
    await a.close();
    expect(await countIn(prefix, 'user:4', 60)).toBe(10);
  });

  test('with flushMs 0 every hit is counted in Redis before it is answered, as before', async () => {
    await intoWindow(60, 10_000);
    const prefix = uniqueName('rl-zero');
    const a = limiter(prefix, 0);
    for (let i = 0; i < 5; i++) await a.hit('user:5', 1200, 60);
    expect(await countIn(prefix, 'user:5', 60)).toBe(5);
  });

  test('Redis unreachable: once a call to it has failed, hits fail as they did before (no unlimited)', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    const a = new RedisRateLimiter(dead, uniqueName('rl-dead'), 60_000);
    await expect(a.hit('small', 5, 60)).rejects.toThrow();
    await expect(a.hit('user:6', 1200, 60)).rejects.toThrow();
    await a.close();
  });

  test('Redis cut and back: hits fail while it is away (as before), and what a failed flush held is sent after', async () => {
    await intoWindow(60, 20_000);
    const url = new URL(process.env.REDIS_URL!);
    const cut = await createTcpCut({ host: url.hostname, port: Number(url.port || 6379) });
    const connection = new Redis({
      host: '127.0.0.1',
      port: cut.port,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 50,
    });
    await new Promise((r) => connection.once('ready', r));
    const prefix = uniqueName('rl-cut');
    const b = new RedisRateLimiter(connection, prefix, 60_000);
    opened.push(b);
    for (let i = 0; i < 10; i++) expect((await b.hit('user:7', 1200, 60)).allowed).toBe(true);
    cut.cut();
    await b.flush(); // fails: the 10 hits are kept
    await expect(b.hit('user:7', 1200, 60)).rejects.toThrow();
    expect(await countIn(prefix, 'user:7', 60)).toBe(0);
    cut.restore();
    await eventually(() => b.hit('user:7', 1200, 60), 5_000, 50);
    expect(await countIn(prefix, 'user:7', 60)).toBe(11); // the 10 kept and the one that got through
    await cut.close();
  });
});
