import type { createBrowserRouter } from 'react-router-dom';
import type { AppStore } from './store';

type Router = ReturnType<typeof createBrowserRouter>;

/** How long the page stays quiet (nothing asked, nothing loading) before it counts as whole. */
export const QUIET_MS = 1000;
/** How often the page is looked at until then. */
const QUIET_BEAT_MS = 100;
/** The longest the first page may keep the app's later work (the service worker's install) waiting. */
export const SETTLE_LIMIT_MS = 20_000;

const loaded = () =>
  new Promise<void>((done) => {
    if (document.readyState === 'complete') return done();
    window.addEventListener('load', () => done(), { once: true });
  });

const idle = () =>
  new Promise<void>((done) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => done(), { timeout: 2000 });
    else setTimeout(done, 1);
  });

/**
 * Resolves once the first page is whole (issue 41): the window has loaded, the router has the page's code and
 * texts, no query of the store is in flight (the page's first lists are in and drawn), and the browser is idle,
 * or after SETTLE_LIMIT_MS whatever the page still does. What only a later visit needs (the service worker,
 * which fetches every screen's code as it installs) waits for it, so a phone on a slow link spends its first
 * seconds on the page it opened.
 */
export function whenSettled(store: AppStore, router: Pick<Router, 'state'>): Promise<void> {
  const quiet = () => {
    const { initialized, navigation } = router.state;
    if (!initialized || navigation.state !== 'idle') return false;
    return !Object.values(store.getState().api.queries).some((q) => q?.status === 'pending');
  };
  // Looked at on a short beat rather than on the store's changes: RTK Query tells its subscribers of a query's
  // start at the next animation frame, which a page in the background never draws.
  const settled = new Promise<void>((done) => {
    const limit = setTimeout(finish, SETTLE_LIMIT_MS);
    let beat: ReturnType<typeof setInterval> | undefined;
    let finished = false;
    function finish() {
      finished = true;
      clearTimeout(limit);
      clearInterval(beat);
      done();
    }
    void loaded().then(() => {
      if (finished) return;
      let quietSince: number | null = null;
      beat = setInterval(() => {
        if (!quiet()) quietSince = null;
        else if (quietSince === null) quietSince = Date.now();
        else if (Date.now() - quietSince >= QUIET_MS) finish();
      }, QUIET_BEAT_MS);
    });
  });
  return settled.then(idle);
}
