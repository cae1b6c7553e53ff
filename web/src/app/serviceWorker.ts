import { registerSW } from 'virtual:pwa-register';
import { offerNewVersion } from '../shared/newVersion';

/** How long a page left open goes before it asks for a new version again when it is shown. */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts, built to /sw.js; issue 40). A new version waits until the person
 * taps Reload in the shell's prompt: a form half filled is never lost to an update. A page left open (an
 * installed app is rarely reloaded) looks for a new version when it is shown again, at most once an hour.
 * main.tsx loads this module after the first render, in production builds only.
 */
export function startServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      offerNewVersion({
        reload: () => {
          // The plugin reloads on its own only when the page was controlled before it registered; a first
          // visit that stayed open until the next release would otherwise stay on the old page.
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
            once: true,
          });
          return update(true);
        },
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      let checked = Date.now();
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_EVERY_MS) return;
        checked = Date.now();
        if (navigator.onLine) void registration.update().catch(() => undefined);
      });
    },
  });
}
