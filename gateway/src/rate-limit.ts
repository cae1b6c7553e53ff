import type { Redis } from 'ioredis';
import { redisScript } from '@brigade/kit';

/** Count a hit; the window's first hit also sets its expiry (one atomic command). */
const countHit = redisScript(`local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`);

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  resetSeconds: number;
}

/** Fixed-window counters: `limit` hits per `windowSeconds` for a key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/** Shared by every gateway instance (real mode). */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl',
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const k = `${this.prefix}:${key}:${window}`;
    // Count and, on the window's first hit, set its expiry: one command (a script runs atomically), one
    // round trip, batched with other requests' commands when the client auto-pipelines.
    const hits = Number(await countHit(this.redis, [k], [windowSeconds + 1]));
    const resetSeconds = (window + 1) * windowSeconds - Math.floor(Date.now() / 1000);
    return { allowed: hits <= limit, remaining: Math.max(0, limit - hits), resetSeconds };
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

/** One process (embedded default). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, { window: number; count: number }>();
  private sweeps = 0;

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const k = `${key}:${windowSeconds}`;
    const entry = this.counts.get(k);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.counts.set(k, { window, count });
    if (++this.sweeps % 10_000 === 0) this.sweep();
    const resetSeconds = (window + 1) * windowSeconds - Math.floor(Date.now() / 1000);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  private sweep() {
    const now = Date.now() / 1000;
    for (const [k, v] of this.counts) {
      const seconds = Number(k.slice(k.lastIndexOf(':') + 1));
      if ((v.window + 1) * seconds < now) this.counts.delete(k);
    }
  }

  async close() {}
}

/**
 * Limits on the doors attackers knock on: per address and per account (email or phone). Ten guesses an
 * hour per phone (and five per code at identity) make a 6-digit code (10^6 values) unguessable.
 */
export const AUTH_LIMITS: Record<
  string,
  { perIp: [number, number]; perAccount: [number, number]; accountField: 'email' | 'phone' }
> = {
  '/auth/signin': { perIp: [30, 900], perAccount: [10, 900], accountField: 'email' },
  '/auth/signup': { perIp: [20, 3600], perAccount: [5, 3600], accountField: 'email' },
  '/auth/verify-phone': { perIp: [30, 3600], perAccount: [10, 3600], accountField: 'phone' },
  '/auth/resend-code': { perIp: [20, 3600], perAccount: [5, 3600], accountField: 'phone' },
};

export function normalizeAccount(field: 'email' | 'phone', value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  if (field === 'email') return value.trim().toLowerCase();
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : digits || null;
}
