import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import i18n, { i18nReady } from './shared/i18n';
import './styles.css';
import { setUnauthorizedHandler } from './shared/api';
import { createAppRouter } from './app/router';
import { whenSettled } from './app/whenSettled';
import { makeStore } from './app/store';
import { restoreSessionOnce } from './features/auth';
import { warmFormats } from './shared/format';

const store = makeStore();
// The stored session and the profile, asked at once: beside the page's code, not after it (issue 41).
void store.dispatch(restoreSessionOnce());
// The online/offline and focus events RTK Query listens to (refetchOnReconnect in shared/api.ts).
setupListeners(store.dispatch);
const router = createAppRouter(store);
// The first Intl formatter costs a phone tens of milliseconds of setting up (issue 41). A signed-in page shows
// amounts and hours as it first draws: they are made now, one per task after this one, while its code and lists
// are on their way (asked above), not inside its first render. A signed-out visitor's page shows none: made when
// the browser is idle.
if (store.getState().auth.session) warmFormats();
else if ('requestIdleCallback' in window) window.requestIdleCallback(warmFormats, { timeout: 1000 });
// A 401 on an authenticated call: storage and state are already cleared; show the login page.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login');
});

/** The language of the landing page the HTML came with, written ahead by the build (prerender.ts), or null. */
const written = document.getElementById('root')?.getAttribute('data-prerendered') ?? null;

/** Says once the app has drawn (or taken over) the page: the landing page's boot module waits for it. */
function Drawn() {
  useEffect(() => void window.dispatchEvent(new Event('brigade:drawn')), []);
  return null;
}

function render() {
  const root = document.getElementById('root')!;
  root.removeAttribute('data-prerendered');
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <Drawn />
      </Provider>
    </StrictMode>
  );
  // The landing page written ahead in this language is taken over as it stands (no page drawn again, nothing
  // laid out again); in another language, or anywhere else, the app draws the page. A page that differs after
  // all (a new year in the footer) is drawn again by React, without an error on the console.
  if (written && written === i18n.language && router.state.location.pathname === '/')
    hydrateRoot(root, app, { onRecoverableError: () => {} });
  else {
    // Drawn in a transition: React draws the first page in slices of a few milliseconds instead of one task, so a
    // phone's main thread is never held by it for long (issue 41: the longest task of a cold openings load, 4x
    // slower CPU, median 438 -> 363 ms).
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  }
}

/**
 * The landing page came written in the HTML (prerender.ts): it stays on screen until the app can draw the same
 * page at once, its code and texts loaded (the router's first match), so nothing flashes or moves.
 */
const routed = () =>
  new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });

// Render once the common texts are in (a failed load still renders, with English fallbacks).
const ready = i18nReady.catch(() => undefined);
void (written ? ready.then(routed) : ready).then(render, render);

// The service worker (issue 40), from its own chunk (workbox-window): registered once the first page is whole
// (whenSettled), as its install fetches every screen's code.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void whenSettled(store, router)
    .then(() => import('./app/serviceWorker'))
    .then((m) => m.startServiceWorker())
    .catch((err: unknown) => console.error('service worker', err));
}
