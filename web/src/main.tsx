import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { i18nReady } from './shared/i18n';
import './styles.css';
import { setUnauthorizedHandler } from './shared/api';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { restoreSessionOnce } from './features/auth';

const store = makeStore();
// The stored session and the profile, asked at once: beside the page's code, not after it (issue 41).
void store.dispatch(restoreSessionOnce());
// The online/offline and focus events RTK Query listens to (refetchOnReconnect in shared/api.ts).
setupListeners(store.dispatch);
const router = createAppRouter();
// A 401 on an authenticated call: storage and state are already cleared; show the login page.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login');
});

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}

// Render once the common texts are in (a failed load still renders, with English fallbacks).
void i18nReady.then(render, render);

// The service worker (issue 40): registered after the first render, from its own chunk (workbox-window).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void i18nReady
    .catch(() => undefined)
    .then(() => import('./app/serviceWorker'))
    .then((m) => m.startServiceWorker())
    .catch((err: unknown) => console.error('service worker', err));
}
