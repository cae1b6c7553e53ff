import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA (EVALSHA: the text is not sent each time), sending the text once when the server
 * does not know it yet (a restarted or flushed Redis answers NOSCRIPT).
 */
export function redisScript(text: string) {
  const sha = createHash('sha1').update(text).digest('hex');
  return (redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> =>
    redis.evalsha(sha, keys.length, ...keys, ...args).catch((err: Error) => {
      if (!/NOSCRIPT/.test(err.message)) throw err;
      return redis.eval(text, keys.length, ...keys, ...args);
    });
}
