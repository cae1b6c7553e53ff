/**
 * Chef search answers kept in this process (issue 22, ADR 16): the JSON body of a search, by what the search
 * asked (the restaurant's place and the query) and under the chef search version it was read at. An answer is
 * served only while the version a new search reads from the database is the same (any change to chef
 * profiles, suspensions or reliability facts raises it, migration 0007) and before `expiresAt` (when the
 * oldest recent reliability fact in it leaves the last 90 days). A newer version drops every kept answer.
 * At most `max` answers, the least recently used dropped first.
 */
export class ChefSearchAnswers {
  private version = -1n;
  private readonly answers = new Map<string, { body: string; expiresAt: number }>();

  constructor(private readonly max: number) {}

  /** The kept body for this key at this version, or undefined. */
  get(version: string, key: string, now = Date.now()): string | undefined {
    if (!this.at(version)) return undefined;
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    this.answers.delete(key);
    if (kept.expiresAt <= now) return undefined;
    this.answers.set(key, kept); // most recently used last
    return kept.body;
  }

  /** Keep a body read at `version` (ignored when a newer version was seen meanwhile). */
  set(version: string, key: string, body: string, expiresAt = Infinity) {
    if (!this.at(version)) return;
    this.answers.delete(key);
    this.answers.set(key, { body, expiresAt });
    if (this.answers.size > this.max) this.answers.delete(this.answers.keys().next().value!);
  }

  get size() {
    return this.answers.size;
  }

  /** True when `version` is the newest seen (a newer one forgets every answer); false for an older one. */
  private at(version: string): boolean {
    const v = BigInt(version);
    if (v > this.version) {
      this.version = v;
      this.answers.clear();
    }
    return v === this.version;
  }
}
