/** A new client id for a message being sent (a retry sends it again). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Merges a page of messages into the thread: no duplicates, in time order. */
export function mergeMessages<T extends { id: string; created_at: string }>(current: T[], page: T[]): T[] {
  if (page.length === 0) return current;
  const seen = new Set(current.map((m) => m.id));
  const added = page.filter((m) => !seen.has(m.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => a.created_at.localeCompare(b.created_at));
}
