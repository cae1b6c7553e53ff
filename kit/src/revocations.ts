import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { redisScript } from './redis-script';

/**
 * Ended sessions: the session ids whose access tokens every gateway and service must refuse although the
 * tokens are still signed and unexpired (signed out, refresh-token reuse, later a suspended user). Identity
 * revokes; everyone checks. The check runs on every authenticated request, the 304 poll shortcut included,
 * so it is a lookup in a local map: a revocation made anywhere reaches each process's map within a second or
 * so (Redis in real mode, one object shared by the whole process in the embedded default). An entry is kept
 * until the last access token of its session would have expired anyway.
 */
export interface SessionRevocations {
  /** Refuse this session's access tokens until `expiresAtEpochSeconds` (the latest expiry one of them can have). */
  revoke(sessionId: string, expiresAtEpochSeconds: number): Promise<void>;
  /** Synchronous and local: no round trip per request. */
  isRevoked(sessionId: string): boolean;
  /** Resolves once the revocations already made elsewhere are known here (before a process takes requests). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_EVERY_SECONDS = 60;

/** One process: the embedded default (the gateway and every service share one), and component tests. */
export class MemoryRevocations implements SessionRevocations {
  /** Session id -> epoch seconds after which its tokens have all expired. */
  private readonly revoked = new Map<string, number>();
  private nextSweep = 0;

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until * 1000 > Date.now();
  }

  async revoke(sessionId: string, expiresAtEpochSeconds: number): Promise<void> {
    this.remember(sessionId, expiresAtEpochSeconds);
  }

  protected remember(sessionId: string, until: number) {
    const now = Date.now() / 1000;
    if (!(until > now)) return;
    if ((this.revoked.get(sessionId) ?? 0) < until) this.revoked.set(sessionId, until);
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_SECONDS;
    for (const [id, t] of this.revoked) if (t <= now) this.revoked.delete(id);
  }

  async start() {}
  async close() {}
}

// Append one revocation to the stream (KEYS[1]); ARGV: session id, expiry in epoch seconds. Entries arrive in
// about expiry order, so the oldest ones whose tokens have expired are dropped on the way, and the stream
// itself expires with its longest-lived entry: nothing is kept past the last token it refuses.
const APPEND = `
local now = tonumber(redis.call('TIME')[1])
local ttl = tonumber(ARGV[2]) - now
if ttl <= 0 then return 0 end
redis.call('XADD', KEYS[1], '*', 'sid', ARGV[1], 'exp', ARGV[2])
for _, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 10)) do
  if tonumber(entry[2][4]) > now then break end
  redis.call('XDEL', KEYS[1], entry[1])
end
if redis.call('TTL', KEYS[1]) < ttl then redis.call('EXPIRE', KEYS[1], ttl) end
return 1`;

const append = redisScript(APPEND);
/** Entries per read; a shorter page means this process has caught up. */
const PAGE = 1000;
/** How long one blocking read waits for a new entry (a new one answers it at once). */
const BLOCK_MS = 1000;
/** How long `start` waits for the stream before serving anyway (Redis down at boot). */
const START_TIMEOUT_MS = 5000;

/**
 * Real mode: the revocations in a Redis stream (namespaced like the bus and the stamps: several stacks share
 * one Redis), shared by every gateway instance and every service process. Each process reads the stream
 * from its start into its local map, then waits on it (XREAD BLOCK on its own connection) from the last
 * entry it saw, so a revocation made while it was cut off from Redis is learned as soon as it reconnects.
 */
export class RedisRevocations extends MemoryRevocations {
  private readonly redis: Redis;
  private readonly reader: Redis;
  private readonly owned: boolean;
  private readonly key: string;
  private lastId = '0-0';
  private closed = false;
  private reading: Promise<void> | null = null;
  private markReady!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  /** Ends a pending read at close (ioredis may leave a command queued for a connection it gave up on). */
  private stop!: () => void;
  private readonly stopped = new Promise<null>((resolve) => (this.stop = () => resolve(null)));

  constructor(
    redis: Redis | string,
    namespace?: string,
    private readonly logger?: Logger,
  ) {
    super();
    this.owned = typeof redis === 'string';
    this.redis =
      typeof redis === 'string'
        ? new Redis(redis, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
        : redis;
    // A blocking read holds its connection: it gets its own, which waits out a Redis restart.
    this.reader = this.redis.duplicate({ maxRetriesPerRequest: null, enableAutoPipelining: false });
    // Connection errors show up as failed reads and revokes (logged there); ioredis reconnects by itself.
    this.reader.on('error', () => undefined);
    if (this.owned) this.redis.on('error', () => undefined);
    this.key = `revoked:${namespace || 'brigade'}`;
  }

  override async revoke(sessionId: string, expiresAtEpochSeconds: number): Promise<void> {
    this.remember(sessionId, expiresAtEpochSeconds);
    await append(this.redis, [this.key], [sessionId, String(Math.floor(expiresAtEpochSeconds))]);
  }

  override async start(): Promise<void> {
    this.reading ??= this.read();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), START_TIMEOUT_MS);
    });
    if (await Promise.race([this.ready.then(() => false), late]))
      this.logger?.warn('ended sessions not loaded from Redis yet: still trying');
    clearTimeout(timer);
  }

  private async read() {
    let failing = false;
    let live = false;
    while (!this.closed) {
      try {
        // Catching up does not wait; once caught up, each read waits for the next entry.
        const pending = live
          ? this.reader.xread('COUNT', PAGE, 'BLOCK', BLOCK_MS, 'STREAMS', this.key, this.lastId)
          : this.reader.xread('COUNT', PAGE, 'STREAMS', this.key, this.lastId);
        pending.catch(() => undefined);
        const answer = await Promise.race([pending, this.stopped]);
        if (this.closed) break;
        const entries = answer?.[0]?.[1] ?? [];
        for (const [id, fields] of entries) {
          const sid = fields[fields.indexOf('sid') + 1];
          const exp = Number(fields[fields.indexOf('exp') + 1]);
          if (sid) this.remember(sid, exp);
          this.lastId = id;
        }
        if (entries.length < PAGE && !live) {
          live = true;
          this.markReady();
        }
        if (failing) this.logger?.info('ended sessions: reading Redis again');
        failing = false;
      } catch (err) {
        if (this.closed) break;
        if (!failing) this.logger?.warn({ err: (err as Error).message }, 'ended sessions: Redis read failed');
        failing = true;
        await Promise.race([new Promise((r) => setTimeout(r, 200)), this.stopped]);
      }
    }
  }

  override async close() {
    this.closed = true;
    this.stop();
    this.reader.disconnect();
    await this.reading;
    if (!this.owned) return;
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    else this.redis.disconnect(); // cut off: nothing to flush, and QUIT would wait for a connection
  }
}

/**
 * Revocations for a process of its own (a service's main, the gateway's): Redis when REDIS_URL is set. Without
 * it nothing is shared, which is only right when every part runs in this one process.
 */
export function openRevocations(
  config: { REDIS_URL?: string; BUS_NAMESPACE?: string },
  logger: Logger,
): SessionRevocations {
  if (config.REDIS_URL) return new RedisRevocations(config.REDIS_URL, config.BUS_NAMESPACE, logger);
  logger.warn(
    'REDIS_URL is not set: ended sessions are known to this process only; access tokens of sessions ' +
      'signed out elsewhere keep working here until they expire',
  );
  return new MemoryRevocations();
}
