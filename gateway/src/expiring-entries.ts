/**
 * Entries kept in memory until they expire, at most `maxEntries` of them (the oldest written goes first): the
 * gateway's remembered answers (revalidate.ts) and kept bodies (shared-bodies.ts).
 */
export class ExpiringEntries<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries: number) {}

  /** The entry under `key`, or null when there is none or it has expired (then it is dropped). */
  get(key: string, now = Date.now()): T | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, entry: T) {
    this.entries.delete(key); // re-insert: Map order is our age order
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
