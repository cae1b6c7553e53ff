// Renders the real route table in a memory router with a fresh store, started as main.tsx starts the app: the
// stored session read first, then the router (whose pages' first queries need the session).
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from '../src/shared/api';
import { appRoutes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { restoreSessionOnce } from '../src/features/auth';

export function renderApp(path: string | { pathname: string; state?: unknown }) {
  const store = makeStore();
  void store.dispatch(restoreSessionOnce());
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  setUnauthorizedHandler(() => void router.navigate('/login'));
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store, router };
}
