/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { noticeOf, openNotice, type AppWindows } from './swPush';

/**
 * Brigade's service worker (issue 40), built by vite-plugin-pwa's injectManifest into dist/sw.js.
 *
 * Why injectManifest and not generateSW: the worker is our own code, read in one file: the precache, the
 * offline shell, and the rule that nothing else is cached (the API never) are visible here rather than
 * generated from options, and web push adds its `push` and `notificationclick` listeners to this same worker
 * (a scope has one worker). Workbox's modules are bundled in; nothing is loaded from elsewhere.
 *
 * - The build's files (index.html, every hashed script, style and text chunk, the icons, the manifest) are
 *   precached at install: a second visit loads no code from the network, and a new build is fetched once.
 * - A navigation is answered with the cached index.html (the app shell), online or offline, except paths that
 *   are not screens (the API, the sandboxes' pages, the API docs, probes), which go to the network as always.
 * - Nothing else has a route here: `/api/*` answers (and any other request) are never cached by the worker.
 * - A new worker waits until the page's "Reload" asks it to take over (SKIP_WAITING), then claims the pages.
 * - Web push: a push shows its notification (title, body, the app's icon, the page it opens); a tap on it brings
 *   the app's window to that page, or opens one there. Only this app's own paths are ever opened (swPush.ts).
 */
declare const self: ServiceWorkerGlobalScope;

/** Paths that are never a screen of the app (as the gateway's NOT_A_SCREEN): never answered with the shell. */
const NOT_A_SCREEN = [
  /^\/(api|dev|sandbox|docs)(\/|$)/,
  /^\/openapi\.json$/,
  /^\/(health|healthz|ready|readyz|live|livez|metrics|status)(\/|$)/,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_A_SCREEN }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const { title, options } = noticeOf(event.data?.text(), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const opened = openNotice(
    self.clients as unknown as AppWindows,
    event.notification.data,
    self.location.origin,
  ).catch((err: unknown) => console.warn('Opening the notification failed', err));
  // A synthetic event (dispatched, not tapped) cannot be waited on; the page is opened all the same.
  try {
    event.waitUntil(opened);
  } catch {
    // not a trusted event
  }
});
