// Renders the real route table in a memory router with a fresh store.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from '../src/shared/api';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';

export function renderApp(path: string | { pathname: string; state?: unknown }) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setUnauthorizedHandler(() => void router.navigate('/login'));
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store, router };
}
