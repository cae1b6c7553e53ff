import type { Redis } from 'ioredis';
import { redisScript } from '@brigade/kit';

/**
 * Add each key's count (ARGV: count, expiry seconds, count, expiry seconds...), setting the expiry of a window
 * the call opens; the keys' new counts in order. One command (a script runs atomically) for a whole batch.
 */
const countHits = redisScript(`local out = {}
for i, key in ipairs(KEYS) do
  local by = tonumber(ARGV[2 * i - 1])
  local n = redis.call('INCRBY', key, by)
  if n == by then redis.call('EXPIRE', key, ARGV[2 * i]) end
  out[i] = n
end
return out`);

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

/** One key's current window as this instance sees it. */
interface Window {
  /** The Redis key: `prefix:key:window`, as every instance (and every earlier gateway version) names it. */
  readonly redisKey: string;
  readonly window: number;
  readonly windowSeconds: number;
  /** The shared count Redis last answered (every instance's hits, this one's included). */
  known: number;
  /** Hits allowed here and sent, not yet answered. */
  sending: number;
  /** Hits allowed here, not yet sent. */
  pending: number;
}

/**
 * How close to its limit a key is counted in Redis hit by hit: 5% of the limit, at least 64. The per-user API
 * limit (1,200 a minute) is counted here in batches up to 1,140; the sign-in limits (5 to 30) always in Redis.
 */
export const exactMargin = (limit: number) => Math.max(64, Math.ceil(limit / 20));

/** Keys a flush sends in one script call. */
const BATCH_KEYS = 500;

const windowOf = (windowSeconds: number) => Math.floor(Date.now() / 1000 / windowSeconds);
const resetOf = (window: number, windowSeconds: number) =>
  (window + 1) * windowSeconds - Math.floor(Date.now() / 1000);

/**
 * Shared by every gateway instance (real mode): fixed-window counters in Redis, counted here and sent in
 * batches. A hit far from its key's limit is decided here (the count Redis last answered, plus this instance's
 * hits not yet answered) and sent with every other key's hits in one script call every `flushMs`; the answer
 * brings the other instances' hits. Near the limit (within `exactMargin`), after Redis failed, or with
 * `flushMs` 0, a hit is counted in Redis and decided on its answer, as one script per hit always was: small
 * limits (the sign-in ones) are exact across instances, and a user may go over a large one by at most what
 * other instances allowed within one flush interval. A Redis error rejects the hit, as before.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The last call to Redis failed: count in Redis hit by hit (which rejects while it is down) until one works. */
  private failing = false;
  private hits = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl',
    private readonly flushMs = 50,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const window = windowOf(windowSeconds);
    const id = `${key}:${windowSeconds}`;
    if (++this.hits % 10_000 === 0) this.sweep(); // keys counted only in Redis (small limits) are swept too
    let w = this.windows.get(id);
    if (!w || w.window !== window) {
      // A new window: the last one's unsent hits no longer count for anything.
      w = {
        redisKey: `${this.prefix}:${key}:${window}`,
        window,
        windowSeconds,
        known: 0,
        sending: 0,
        pending: 0,
      };
      this.windows.set(id, w);
    }
    const count = w.known + w.sending + w.pending + 1;
    if (this.flushMs > 0 && !this.failing && count < limit - exactMargin(limit)) {
      w.pending++;
      this.schedule();
      return { allowed: true, remaining: limit - count, resetSeconds: resetOf(window, windowSeconds) };
    }
    // Exact: this hit and the unsent ones counted in Redis now, decided on its answer.
    const by = w.pending + 1;
    w.pending = 0;
    w.sending += by;
    let hits: number;
    try {
      [hits] = await this.send([w.redisKey], [by, windowSeconds + 1]);
    } catch (err) {
      w.pending += by - 1; // the earlier hits are sent again; this one was not decided
      this.schedule();
      throw err;
    } finally {
      w.sending -= by;
    }
    w.known = Math.max(w.known, hits);
    return {
      allowed: hits <= limit,
      remaining: Math.max(0, limit - hits),
      resetSeconds: resetOf(window, windowSeconds),
    };
  }

  /** Send every key's unsent hits now (one script call); `close` and the timer call it. */
  flush(): Promise<void> {
    this.flushing ??= this.sendPending().finally(() => {
      this.flushing = null;
      for (const w of this.windows.values()) if (w.pending > 0) return this.schedule(); // a failed flush
    });
    return this.flushing;
  }

  private schedule() {
    if (this.timer || this.flushMs === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Drops the windows that are over (their unsent hits with them): nothing reads those counts again. */
  private sweep() {
    const now = Date.now() / 1000;
    for (const [id, w] of this.windows) if ((w.window + 1) * w.windowSeconds <= now) this.windows.delete(id);
  }

  private async sendPending() {
    this.sweep();
    const batch: Array<[Window, number]> = [];
    for (const w of this.windows.values()) if (w.pending > 0) batch.push([w, w.pending]);
    for (const [w, by] of batch) {
      w.pending -= by;
      w.sending += by;
    }
    // At most BATCH_KEYS keys a script call (a script holds Redis while it runs); the calls go out together.
    const chunks: Array<Array<[Window, number]>> = [];
    for (let i = 0; i < batch.length; i += BATCH_KEYS) chunks.push(batch.slice(i, i + BATCH_KEYS));
    await Promise.all(
      chunks.map(async (chunk) => {
        try {
          const counts = await this.send(
            chunk.map(([w]) => w.redisKey),
            chunk.flatMap(([w, by]) => [by, w.windowSeconds + 1]),
          );
          chunk.forEach(([w], i) => (w.known = Math.max(w.known, counts[i])));
        } catch {
          for (const [w, by] of chunk) w.pending += by; // kept for the next flush
        } finally {
          for (const [w, by] of chunk) w.sending -= by;
        }
      }),
    );
  }

  private async send(keys: string[], args: number[]): Promise<number[]> {
    try {
      const counts = (await countHits(this.redis, keys, args)) as number[];
      this.failing = false;
      return counts.map(Number);
    } catch (err) {
      this.failing = true;
      throw err;
    }
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.redis.quit().catch(() => undefined);
  }
}

/** One process (embedded default). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, { window: number; count: number }>();
  private sweeps = 0;

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const window = windowOf(windowSeconds);
    const k = `${key}:${windowSeconds}`;
    const entry = this.counts.get(k);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.counts.set(k, { window, count });
    if (++this.sweeps % 10_000 === 0) this.sweep();
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: resetOf(window, windowSeconds),
    };
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
  {
    perIp: [number, number];
    perAccount: [number, number];
    accountField: 'email' | 'phone';
    /** the account named by this field instead when the body has no `accountField` (a phone or an email) */
    orField?: 'email' | 'phone';
  }
> = {
  '/auth/signin': { perIp: [30, 900], perAccount: [10, 900], accountField: 'email' },
  '/auth/signup': { perIp: [20, 3600], perAccount: [5, 3600], accountField: 'email' },
  '/auth/verify-phone': { perIp: [30, 3600], perAccount: [10, 3600], accountField: 'phone' },
  '/auth/resend-code': { perIp: [20, 3600], perAccount: [5, 3600], accountField: 'phone' },
  // a way back in (issue 32): as the verification codes (a text per request; the code's tries per account)
  '/auth/password/forgot': {
    perIp: [20, 3600],
    perAccount: [5, 3600],
    accountField: 'phone',
    orField: 'email',
  },
  '/auth/password/reset': {
    perIp: [30, 3600],
    perAccount: [10, 3600],
    accountField: 'phone',
    orField: 'email',
  },
  // issue 33: a password check each, as sign-in (and an operator's 6-digit code with it)
  '/auth/password/change': { perIp: [30, 900], perAccount: [10, 900], accountField: 'email' },
  '/auth/totp/enrol': { perIp: [30, 900], perAccount: [10, 900], accountField: 'email' },
};

export function normalizeAccount(field: 'email' | 'phone', value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  if (field === 'email') return value.trim().toLowerCase();
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : digits || null;
}
