/** A new client id for a message being sent (a retry sends it again). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Merges a page of messages into the thread: in time order, no duplicates, and a message the page brings
 * again replaces the one shown (its translation landed after it was sent: issue 32). The same array when
 * nothing changed.
 */
export function mergeMessages<T extends { id: string; created_at: string }>(current: T[], page: T[]): T[] {
  if (page.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const m of page) {
    const known = byId.get(m.id);
    if (known && JSON.stringify(known) === JSON.stringify(m)) continue;
    byId.set(m.id, m);
    changed = true;
  }
  if (!changed) return current;
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}
