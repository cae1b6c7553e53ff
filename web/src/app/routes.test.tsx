import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import {
  chefProfile,
  makeSession,
  makeUser,
  restaurantProfile,
  storeSessionForTest,
} from '../../test/fixtures';
import { renderApp } from '../../test/render';

function signedIn(type: 'chef' | 'restaurant', withProfile: boolean) {
  const user = makeUser(type);
  storeSessionForTest(makeSession(user));
  const profile = withProfile ? (type === 'chef' ? chefProfile(user) : restaurantProfile(user)) : null;
  fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
  return { user, profile };
}

describe('protected routes', () => {
  test('a spinner shows while the session is being restored', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user));
    let release: () => void = () => {};
    fakeApi.on(
      'GET',
      '/profiles/me',
      () => new Promise((resolve) => (release = () => resolve({ body: { user, profile: null } }))),
    );
    const { router } = renderApp('/profile/me');
    await waitFor(() => expect(fakeApi.callsTo('GET', '/profiles/me')).toHaveLength(1));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My Profile' })).toBeNull();
    expect(router.state.location.pathname).toBe('/profile/me');
    release();
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
  });

  test('without a session a protected page goes to /login, and after signing in back to where the visitor was going', async () => {
    const user = makeUser('chef');
    fakeApi.on('POST', '/auth/signin', { body: { session: makeSession(user), user } });
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: chefProfile(user) } });
    fakeApi.on('GET', '/notifications/preferences', {
      body: { sms_notifications: true, job_reminders: true, rating_reminders: true },
    });
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/settings' });
    await userEvent.type(screen.getByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { name: 'Settings' });
    expect(router.state.location.pathname).toBe('/settings');
  });

  test('a wrong password shows the server error above the form', async () => {
    fakeApi.on('POST', '/auth/signin', {
      status: 401,
      body: { error: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope-nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  test('a page that needs a profile sends a chef without one to /onboarding/chef', async () => {
    signedIn('chef', false);
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Set up your chef profile' });
    expect(router.state.location.pathname).toBe('/onboarding/chef');
  });

  test('a restaurant without a profile is sent to /onboarding/restaurant', async () => {
    signedIn('restaurant', false);
    const { router } = renderApp('/messages');
    await screen.findByRole('heading', { name: 'Set up your restaurant' });
    expect(router.state.location.pathname).toBe('/onboarding/restaurant');
  });

  test('/dashboard and unknown dashboard paths redirect by user type', async () => {
    signedIn('restaurant', true);
    fakeApi.on('GET', '/jobs', { body: { jobs: [] } });
    fakeApi.on('GET', '/applications', { body: { applications: [] } });
    fakeApi.on('GET', '/favorites', { body: { favorites: [] } });
    fakeApi.on('GET', '/payments/connect/account-status', {
      body: {
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [] },
        account_id: 'acct_1',
      },
    });
    const { router } = renderApp('/dashboard/somewhere');
    await screen.findByRole('heading', { name: 'North Loop Kitchen' });
    expect(router.state.location.pathname).toBe('/dashboard/restaurant');
  });

  test('a chef opening the restaurant dashboard lands on the chef dashboard; /dashboard/worker is the chef home', async () => {
    signedIn('chef', true);
    fakeApi.on('GET', '/jobs', { body: { jobs: [] } });
    fakeApi.on('GET', '/applications', { body: { applications: [] } });
    fakeApi.on('GET', '/payments/connect/account-status', {
      body: {
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: [] },
        account_id: null,
      },
    });
    const { router } = renderApp('/dashboard/restaurant');
    await screen.findByRole('heading', { name: 'Welcome, Maria Lopez!' });
    expect(router.state.location.pathname).toBe('/dashboard/chef');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/dashboard/worker');
    expect(within(nav).getByRole('link', { name: 'Open Shifts' }).getAttribute('href')).toBe('/openings');
  });

  test('the rating page is a placeholder and unknown pages say so', async () => {
    signedIn('chef', true);
    renderApp('/rating/anything');
    expect(await screen.findByText(/rating system will be implemented/)).toBeTruthy();
  });

  test('an unknown address shows Page Not Found with Go Back', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  test('an unknown chef profile shows Chef Not Found', async () => {
    signedIn('restaurant', true);
    fakeApi.on('GET', '/profiles/chef/:id', {
      status: 404,
      body: { error: 'Chef not found', code: 'IDENTITY.NOT_FOUND' },
    });
    renderApp('/workers/00000000-0000-4000-8000-000000000999');
    await screen.findByRole('heading', { name: 'Chef Not Found' });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  test('signing out from the user menu returns to the landing page', async () => {
    signedIn('chef', true);
    fakeApi.on('POST', '/auth/signout', { body: { message: 'ok' } });
    const { router } = renderApp('/profile/me');
    await screen.findByRole('heading', { name: 'My Profile' });
    await userEvent.click(screen.getByRole('button', { name: /Account/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('brigade.session')).toBeNull();
  });
});
