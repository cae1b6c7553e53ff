import type { identityHttp } from '@brigade/contracts';
import {
  AUTO_REFRESH_TICK_MS,
  AUTO_REFRESH_TICK_THRESHOLD,
  EXPIRY_MARGIN_MS,
  REFRESH_RETRY_BASE_MS,
  STORAGE_KEYS,
} from '../constants';

export type Session = identityHttp.Session;
export type User = identityHttp.User;

/** True when the session is gone or within the 90 s margin of its expiry. */
export function isExpired(session: Pick<Session, 'expires_at'>, now = Date.now()): boolean {
  return session.expires_at * 1000 - EXPIRY_MARGIN_MS <= now;
}

/** Whole 30 s ticks left before the access token expires. */
export function ticksRemaining(session: Pick<Session, 'expires_at'>, now = Date.now()): number {
  return Math.floor((session.expires_at * 1000 - now) / AUTO_REFRESH_TICK_MS);
}

/** The auto-refresh rule: refresh on a tick when 3 ticks or fewer remain. */
export function needsRefresh(session: Pick<Session, 'expires_at'>, now = Date.now()): boolean {
  return ticksRemaining(session, now) <= AUTO_REFRESH_TICK_THRESHOLD;
}

/** Delays before each refresh retry: 200 ms doubling, as long as the total stays within one tick. */
export function refreshBackoff(): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let d = REFRESH_RETRY_BASE_MS; total + d < AUTO_REFRESH_TICK_MS; d *= 2) {
    delays.push(d);
    total += d;
  }
  return delays;
}

function looksLikeSession(value: unknown): value is Session {
  const s = value as Session | null;
  return (
    !!s &&
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    !!s.user &&
    typeof s.user.id === 'string'
  );
}

export function readStoredSession(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return looksLikeSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function storeSession(session: Session): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  } catch {
    // storage full or blocked: the session lives in memory for this tab only
  }
}

/** A 401 or a sign-out clears everything the app keeps in local storage (the language choice stays). */
export function clearStorage(): void {
  try {
    const language = window.localStorage.getItem(STORAGE_KEYS.language);
    window.localStorage.clear();
    if (language) window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // nothing stored
  }
}
