import type { ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { redisScript } from './redis-script';

/**
 * Version stamps: the version counters behind a service's polled lists (a chef's open shifts, an inbox, a
 * thread), published after each commit to a store the gateway can read in one round trip. The service
 * stays the one place of truth (its counters live in its own database); a stamp is a hint the gateway uses
 * to answer a conditional poll with 304 without proxying it, when every counter behind the ETag it
 * remembers is unchanged. See docs/adr/0007-gateway-revalidation.md.
 *
 * Safety: stamps only ever rise (a late publish never lowers one), a missing stamp never matches, and the
 * gateway forgets what it remembered after the max-age the service gave (capped), so a lost publish costs
 * at most that long of stale 304s and never shows one user another's data (entries are per user).
 */
export interface VersionStamps {
  /** False when there is no shared store (the gateway then always asks the service). */
  readonly enabled: boolean;
  /** The stamp key of one of a service's scopes (namespaced like the bus: several stacks share a Redis). */
  key(service: string, scope: string): string;
  /** Raise each stamp to at least this version. */
  publish(stamps: ReadonlyArray<readonly [key: string, version: number]>): Promise<void>;
  /** Current stamps, null where unknown. */
  read(keys: readonly string[]): Promise<Array<string | null>>;
  close(): Promise<void>;
}

/** The response header a service sets on a revalidatable poll; the gateway consumes and removes it. */
export const REVALIDATE_HEADER = 'x-brigade-revalidate';
/**
 * A polled answer whose body is the same for every user of one kind (its value names that audience, e.g.
 * `chef`): the gateway may keep the body per (audience, URL) and answer it itself while the stamps hold,
 * to users whose own last answer for the URL carried the same mark (ADR 7). Never sent to the client.
 */
export const SHARED_HEADER = 'x-brigade-shared';
/** How long a service lets the gateway answer an unchanged poll for it without asking (the gateway caps it too). */
export const STAMP_MAX_AGE_MS = 30_000;

function stampKey(namespace: string | undefined, service: string, scope: string): string {
  return `stamp:${namespace || 'brigade'}:${service}:${scope}`;
}

/**
 * Tell the gateway which stamps this answer's ETag was built from and for how long it may answer 304 on
 * the service's behalf. Nothing is sent when stamps are disabled.
 */
export function advertiseStamps(
  res: ServerResponse,
  stamps: VersionStamps,
  maxAgeMs: number,
  entries: ReadonlyArray<readonly [key: string, version: number | string]>,
): void {
  if (!stamps.enabled || maxAgeMs <= 0 || entries.length === 0) return;
  // Publishing what was just read (raise-only) heals a stamp lost after a commit or never written.
  void stamps.publish(entries.map(([k, v]) => [k, Number(v)] as const));
  res.setHeader(
    REVALIDATE_HEADER,
    `${Math.floor(maxAgeMs)} ${entries.map(([k, v]) => `${k}=${v}`).join(' ')}`,
  );
}

/** Parse a service's revalidate header: null when malformed. */
export function parseStampHeader(
  value: string,
): { maxAgeMs: number; keys: string[]; versions: string[] } | null {
  const parts = value.trim().split(/\s+/);
  const maxAgeMs = Number(parts.shift());
  if (!Number.isFinite(maxAgeMs) || maxAgeMs <= 0 || parts.length === 0 || parts.length > 16) return null;
  const keys: string[] = [];
  const versions: string[] = [];
  for (const p of parts) {
    const at = p.lastIndexOf('=');
    if (at <= 0 || at === p.length - 1) return null;
    keys.push(p.slice(0, at));
    versions.push(p.slice(at + 1));
  }
  return { maxAgeMs, keys, versions };
}

/** No shared store: nothing is published, nothing matches. */
export class DisabledStamps implements VersionStamps {
  readonly enabled = false;
  key(service: string, scope: string) {
    return stampKey(undefined, service, scope);
  }
  async publish() {}
  async read(keys: readonly string[]) {
    return keys.map(() => null);
  }
  async close() {}
}

/** One process (the embedded default): the gateway and the services share this map. */
export class MemoryStamps implements VersionStamps {
  readonly enabled = true;
  private readonly stamps = new Map<string, number>();

  constructor(private readonly namespace?: string) {}

  key(service: string, scope: string) {
    return stampKey(this.namespace, service, scope);
  }

  async publish(stamps: ReadonlyArray<readonly [string, number]>) {
    for (const [k, v] of stamps) if (!((this.stamps.get(k) ?? -1) >= v)) this.stamps.set(k, v);
  }

  async read(keys: readonly string[]) {
    return keys.map((k) => {
      const v = this.stamps.get(k);
      return v === undefined ? null : String(v);
    });
  }

  async close() {}
}

// Raise-only SET for each KEYS[i] to ARGV[i]; ARGV[n+1] is the time to live in seconds.
const RAISE = `
local ttl = ARGV[#KEYS + 1]
for i, key in ipairs(KEYS) do
  local current = tonumber(redis.call('GET', key) or '-1')
  local wanted = tonumber(ARGV[i])
  if current < wanted then redis.call('SET', key, ARGV[i], 'EX', ttl)
  else redis.call('EXPIRE', key, ttl) end
end
return 0`;

const raise = redisScript(RAISE);
const STAMP_TTL_SECONDS = 7 * 24 * 3600;
/** How often one process re-sends an unchanged stamp (healing a lost one). */
const REPUBLISH_MS = 1_000;

/** Real mode: stamps in Redis, shared by every instance of every service and gateway. */
export class RedisStamps implements VersionStamps {
  readonly enabled = true;
  private readonly redis: Redis;
  private readonly owned: boolean;
  /** What this process last sent per key, and when. */
  private readonly recent = new Map<string, { version: number; at: number }>();

  constructor(
    redis: Redis | string,
    private readonly namespace?: string,
    private readonly logger?: Logger,
  ) {
    this.owned = typeof redis === 'string';
    this.redis =
      typeof redis === 'string'
        ? new Redis(redis, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false })
        : redis;
  }

  key(service: string, scope: string) {
    return stampKey(this.namespace, service, scope);
  }

  async publish(stamps: ReadonlyArray<readonly [string, number]>) {
    // Every answer republishes the stamps it read (to heal a lost one): the same version of a key is sent
    // at most once a second per process, so a busy poll costs no Redis write. A higher version always goes.
    const now = Date.now();
    const due = stamps.filter(([k, v]) => {
      const last = this.recent.get(k);
      return !last || last.version < v || now - last.at >= REPUBLISH_MS;
    });
    if (due.length === 0) return;
    try {
      await raise(
        this.redis,
        due.map(([k]) => k),
        [...due.map(([, v]) => String(v)), String(STAMP_TTL_SECONDS)],
      );
      if (this.recent.size > 100_000) this.recent.clear();
      for (const [k, v] of due) this.recent.set(k, { version: v, at: now });
    } catch (err) {
      // The gateway then serves its remembered 304s for at most their max-age; logged so it is seen.
      this.logger?.warn({ err: (err as Error).message }, 'version stamps not published');
    }
  }

  async read(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.redis.mget(...keys);
  }

  async close() {
    if (this.owned) await this.redis.quit().catch(() => undefined);
  }
}

/** Stamps for this configuration: Redis when REDIS_URL is set, disabled otherwise. */
export function openStamps(
  config: { REDIS_URL?: string; BUS_NAMESPACE?: string },
  logger?: Logger,
): VersionStamps {
  return config.REDIS_URL
    ? new RedisStamps(config.REDIS_URL, config.BUS_NAMESPACE, logger)
    : new DisabledStamps();
}
