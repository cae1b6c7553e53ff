import { etagMatches, parseStampHeader } from '@brigade/kit';
import { ExpiringEntries } from './expiring-entries';

/**
 * What the gateway remembers of a user's last answer to a polled GET: its ETag and the version stamps it
 * was built from (the service names them in its x-brigade-revalidate header). While the same user sends the
 * same URL with that ETag and every stamp is unchanged, the gateway answers 304 itself: no proxy hop, no
 * service, no database. Entries are per user (a token never reaches another user's entry), expire after
 * the service's max-age (capped), and the oldest are dropped past `maxEntries`.
 */
export interface Remembered {
  etag: string;
  keys: string[];
  versions: string[];
  expiresAt: number;
  /** The audience the service marked the answer shared with (SHARED_HEADER), if it did. */
  shared?: string;
}

export class RevalidationCache {
  private readonly entries: ExpiringEntries<Remembered>;

  constructor(
    private readonly maxAgeCapMs: number,
    maxEntries = 50_000,
  ) {
    this.entries = new ExpiringEntries(maxEntries);
  }

  get enabled() {
    return this.maxAgeCapMs > 0;
  }

  /** The entry an If-None-Match may be answered from, or null. */
  lookup(userId: string, url: string, ifNoneMatch: string, now = Date.now()): Remembered | null {
    const entry = this.admitted(userId, url, now);
    return entry && etagMatches(ifNoneMatch, entry.etag) ? entry : null;
  }

  /**
   * The user's entry for this URL whatever ETag they send, while the service's max-age holds: it proves
   * the service answered this user for this URL (and whether with a shared body) that recently.
   */
  admitted(userId: string, url: string, now = Date.now()): Remembered | null {
    return this.entries.get(`${userId} ${url}`, now);
  }

  /** Remember a service's answer (200 or 304) that advertised its stamps; forget on anything malformed. */
  remember(
    userId: string,
    url: string,
    etag: string | undefined,
    header: string,
    now = Date.now(),
    shared?: string,
  ) {
    const key = `${userId} ${url}`;
    const parsed = etag ? parseStampHeader(header) : null;
    if (!parsed || !etag) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, {
      etag,
      keys: parsed.keys,
      versions: parsed.versions,
      expiresAt: now + Math.min(parsed.maxAgeMs, this.maxAgeCapMs),
      ...(shared ? { shared } : {}),
    });
  }

  forget(userId: string, url: string) {
    this.entries.delete(`${userId} ${url}`);
  }

  get size() {
    return this.entries.size;
  }
}

/** True when every current stamp equals the remembered version (a missing stamp never matches). */
export function unchanged(entry: Remembered, current: Array<string | null>): boolean {
  return entry.versions.every((v, i) => current[i] === v);
}
