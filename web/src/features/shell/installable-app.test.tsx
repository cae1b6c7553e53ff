// The installable app (issue 40) as a person sees it: the start URL of the installed app (/dashboard) opens each
// person's own home, the pages say when the phone is offline (and ask the server again once it is back), and a
// new version waiting in the service worker is offered with a Reload button.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupListeners } from '@reduxjs/toolkit/query';
import i18n from '../../shared/i18n';
import { offerNewVersion } from '../../shared/newVersion';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeSession, makeUser, storeSessionForTest } from '../../../test/fixtures';
import { signedIn } from '../../../test/signed-in';

let online = true;
beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  online = true;
  offerNewVersion(null);
});

function signedInOperator() {
  const user = { ...makeUser('chef'), email: 'ops@brigade.test', user_type: 'operator' as const };
  storeSessionForTest(makeSession(user));
  fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [] } });
  fakeApi.on('GET', '/ops/reviews', { body: { reviews: [] } });
}

function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

describe('the start URL /dashboard', () => {
  test.each([
    ['a chef', () => signedIn('chef'), '/dashboard/chef', 'Welcome, Maria Lopez!'],
    ['a restaurant', () => signedIn('restaurant'), '/dashboard/restaurant', 'North Loop Kitchen'],
    ['an operator', () => signedInOperator(), '/ops', 'Open disputes'],
    ['someone signed out', () => undefined, '/login', 'Log In'],
  ])('opens the home of %s', async (_who, signIn, home, heading) => {
    signIn();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(home);
  });
});

describe('offline', () => {
  test('a page says it is offline, and asks the server again when the connection is back', async () => {
    signedIn('chef');
    const { store } = renderApp('/dashboard');
    const unsubscribe = setupListeners(store.dispatch); // as main.tsx does
    try {
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Maria Lopez!' });
      expect(screen.queryByRole('complementary', { name: 'App status' })).toBeNull();
      goOffline();
      const status = screen.getByRole('complementary', { name: 'App status' });
      expect(within(status).getByRole('status').textContent).toBe(
        'You are offline. What you see may be out of date. Brigade refreshes it when the connection is back.',
      );
      // the page stays on screen under the banner
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Maria Lopez!' })).toBeTruthy();
      const before = fakeApi.callsTo('GET', '/applications').length;
      goOnline();
      expect(screen.queryByRole('complementary', { name: 'App status' })).toBeNull();
      await waitFor(() => expect(fakeApi.callsTo('GET', '/applications').length).toBeGreaterThan(before));
    } finally {
      unsubscribe();
    }
  });

  test('the offline banner in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    goOffline();
    const status = screen.getByRole('complementary', { name: 'Estado de la aplicación' });
    expect(within(status).getByRole('status').textContent).toBe(
      'Estás sin conexión. Lo que ves puede no estar al día. Brigade lo actualiza cuando vuelva la conexión.',
    );
  });
});

describe('a new version', () => {
  test('is offered with a Reload button that lets it take over', async () => {
    signedIn('restaurant');
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'North Loop Kitchen' });
    let reloaded = 0;
    act(() => offerNewVersion({ reload: () => void reloaded++ }));
    const status = screen.getByRole('complementary', { name: 'App status' });
    expect(within(status).getByText('New version available')).toBeTruthy();
    await userEvent.click(within(status).getByRole('button', { name: 'Reload' }));
    expect(reloaded).toBe(1);
  });

  test('in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    act(() => offerNewVersion({ reload: () => undefined }));
    const status = screen.getByRole('complementary', { name: 'Estado de la aplicación' });
    expect(within(status).getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(within(status).getByText('Hay una nueva versión')).toBeTruthy();
  });
});
