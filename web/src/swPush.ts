/**
 * What the service worker (sw.ts) does with a push and with a tap on its notification (issue 40), as plain
 * functions of their inputs so the web's unit tests can run them without a worker.
 *
 * A push's payload is JSON text `{ title, body?, url }`, url a path of this app (`/jobs/123`, `/inbox`): the
 * server sends nothing personal beyond the title and a link. A payload that is not that (no data, not JSON, no
 * title) still shows something, a generic "Brigade" that opens the inbox, where every notification is.
 */

export const PUSH_ICON = '/icons/icon-192.png';
export const FALLBACK_TITLE = 'Brigade';
export const FALLBACK_URL = '/inbox';

export interface PushNotice {
  title: string;
  options: { body?: string; icon: string; badge: string; data: { url: string } };
}

/** A path of this app for `url`, or the inbox: never another origin, a protocol-relative or a script URL. */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\'))
    return FALLBACK_URL;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return FALLBACK_URL;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return FALLBACK_URL;
  }
}

/** The notification a push shows, from its payload's text (null when the push carried none). */
export function noticeOf(text: string | null | undefined, origin: string): PushNotice {
  let payload: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object') payload = parsed as typeof payload;
  } catch {
    // not JSON: the generic notice
  }
  const titled = typeof payload.title === 'string' && payload.title.trim() !== '';
  const body = titled && typeof payload.body === 'string' && payload.body !== '' ? payload.body : undefined;
  return {
    title: titled ? (payload.title as string) : FALLBACK_TITLE,
    options: {
      ...(body ? { body } : {}),
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      data: { url: titled ? appPath(payload.url, origin) : FALLBACK_URL },
    },
  };
}

/** The parts of a window client and of `self.clients` that opening a notification uses. */
export interface AppWindow {
  url: string;
  focus(): Promise<AppWindow>;
  navigate(url: string): Promise<AppWindow | null>;
}
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A tap on a notification: the app's open window (one already on that page first) is brought forward and
 * taken to the notification's page; with none open (or one that cannot be taken there), a new window opens at it.
 */
export async function openNotice(windows: AppWindows, data: unknown, origin: string): Promise<void> {
  const path = appPath((data as { url?: unknown } | null)?.url, origin);
  const target = new URL(path, origin).href;
  const open = (await windows.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === origin,
  );
  const chosen = open.find((w) => w.url === target) ?? open[0];
  if (chosen) {
    // Focusing needs the tap's user activation; without it (a window already in front) it is not needed.
    const focused = await chosen.focus().catch(() => chosen);
    if (focused.url === target) return;
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await windows.openWindow(target);
}
