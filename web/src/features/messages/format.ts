import { currentLanguage } from '../../app/i18n';

const locale = () => (currentLanguage() === 'es' ? 'es-US' : 'en-US');

/** The spec's message times: the time of day when recent (today), otherwise month and day. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const recent =
    d.toDateString() === now.toDateString() ||
    (now.getTime() - d.getTime() < 12 * 3_600_000 && now.getTime() >= d.getTime());
  return recent
    ? new Intl.DateTimeFormat(locale(), { hour: 'numeric', minute: '2-digit' }).format(d)
    : new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric' }).format(d);
}

/** Merges a page of messages into the thread: no duplicates, in time order. */
export function mergeMessages<T extends { id: string; created_at: string }>(current: T[], page: T[]): T[] {
  if (page.length === 0) return current;
  const seen = new Set(current.map((m) => m.id));
  const added = page.filter((m) => !seen.has(m.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => a.created_at.localeCompare(b.created_at));
}
