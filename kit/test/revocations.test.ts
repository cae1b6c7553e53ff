import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '../src/logger';
import { MemoryRevocations, RedisRevocations, type SessionRevocations } from '../src/revocations';
import { createTcpCut, eventually, requireRealServers, uniqueName } from '../src/testing';

// Ended sessions: what one process revokes, every process refuses (checked locally, with no round trip per
// request), until the session's last access token would have expired anyway.

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('in one process, a revoked session is refused until its tokens would have expired', async () => {
  const revocations = new MemoryRevocations();
  const [ended, other] = [randomUUID(), randomUUID()];
  await revocations.revoke(ended, inSeconds(2));
  expect([revocations.isRevoked(ended), revocations.isRevoked(other)]).toEqual([true, false]);
  await sleep(2100);
  expect(revocations.isRevoked(ended)).toBe(false);
});

const real = requireRealServers('REDIS_URL');
(real ? describe : describe.skip)('shared through Redis (several processes and gateway instances)', () => {
  const logger = createLogger('revocations-test', 'silent');
  const opened: SessionRevocations[] = [];
  let redis: Redis;
  let namespace: string;

  const open = async (url = process.env.REDIS_URL!) => {
    const revocations = new RedisRevocations(url, namespace, logger);
    opened.push(revocations);
    await revocations.start();
    return revocations;
  };

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  beforeEach(() => {
    namespace = uniqueName('revoked');
  });
  afterEach(async () => {
    for (const r of opened.splice(0)) await r.close();
  });
  afterAll(async () => {
    await redis.quit();
  });

  test('a session revoked by one process is refused by another within 3 seconds', async () => {
    const [identity, gateway] = [await open(), await open()];
    const sid = randomUUID();
    await identity.revoke(sid, inSeconds(900));
    expect(identity.isRevoked(sid)).toBe(true); // at once where it was revoked
    const started = Date.now();
    await eventually(() => expect(gateway.isRevoked(sid)).toBe(true), 3000, 10);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(gateway.isRevoked(randomUUID())).toBe(false);
  });

  test('a process started later knows the sessions revoked before it started', async () => {
    const identity = await open();
    const sids = Array.from({ length: 1200 }, () => randomUUID()); // more than one page of the stream
    for (const sid of sids) await identity.revoke(sid, inSeconds(900));
    const late = await open();
    expect(sids.filter((sid) => !late.isRevoked(sid))).toEqual([]);
  });

  test('a revocation made while a process was cut off from Redis is learned when it reconnects', async () => {
    const target = new URL(process.env.REDIS_URL!);
    const cut = await createTcpCut({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const viaCut = new URL(process.env.REDIS_URL!);
      viaCut.hostname = '127.0.0.1';
      viaCut.port = String(cut.port);
      const [identity, gateway] = [await open(), await open(viaCut.toString())];
      cut.cut();
      const sid = randomUUID();
      await identity.revoke(sid, inSeconds(900));
      await sleep(1500);
      expect(gateway.isRevoked(sid)).toBe(false); // it cannot know yet
      cut.restore();
      const restored = Date.now();
      await eventually(() => expect(gateway.isRevoked(sid)).toBe(true), 5000, 10);
      expect(Date.now() - restored).toBeLessThan(3000);
    } finally {
      await cut.close();
    }
  });

  test('nothing is kept in Redis or in a process once the tokens it refused have expired', async () => {
    const [identity, gateway] = [await open(), await open()];
    const sid = randomUUID();
    await identity.revoke(sid, inSeconds(2));
    await eventually(() => expect(gateway.isRevoked(sid)).toBe(true), 3000, 10);
    expect(await redis.ttl(`revoked:${namespace}`)).toBeLessThanOrEqual(2);
    await sleep(2100);
    expect([identity.isRevoked(sid), gateway.isRevoked(sid)]).toEqual([false, false]);
    await eventually(async () => expect(await redis.exists(`revoked:${namespace}`)).toBe(0), 2000);
    const late = await open();
    expect(late.isRevoked(sid)).toBe(false);
  });
});
