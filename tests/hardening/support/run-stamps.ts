import { Redis } from 'ioredis';

/**
 * Delete the run's version stamps from Redis (`stamp:<namespace>:*`, kit's stamps): they expire after a week,
 * but a bench run seeds thousands of users, a suite's stack hundreds, and the machine's Redis is shared by every
 * later run and CI.
 */
export async function deleteRunStamps(namespace: string): Promise<number> {
  // never held up by a Redis that does not answer (a clean-up, not a test): one try, two seconds
  const redis = new Redis(process.env.REDIS_URL!, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // the refusal is connect()'s to report
  let deleted = 0;
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `stamp:${namespace}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
