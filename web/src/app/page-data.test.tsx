// Issue 41: a page's first lists are asked beside its code and the profile, not after them; the app's later work
// (the service worker) waits until the first page is whole; a stored session's language is the first page's.
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { makeSession, makeUser, storeSessionForTest } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { signedIn } from '../../test/signed-in';
import i18n from '../shared/i18n';
import { QUIET_MS, whenSettled } from './whenSettled';

/** The profile answers only when the test says so (the page waits for it behind a spinner). */
function profileHeld() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { user, profile } = signedIn('chef');
  fakeApi.on('GET', '/profiles/me', async () => {
    await gate;
    return { body: { user, profile } };
  });
  return { release: () => act(() => release()) };
}

const OPENINGS_LISTS = ['/jobs', '/applications', '/jobs/offered-first'];
const asked = (path: string) => fakeApi.callsTo('GET', path).length;

test("a chef's openings lists are asked while the profile is still on its way, and once each", async () => {
  const { release } = profileHeld();
  renderApp('/openings');
  await waitFor(() => expect(OPENINGS_LISTS.every((p) => asked(p) > 0)).toBe(true));
  // the profile has not answered: the page itself is not there yet, its lists are
  expect(screen.queryByRole('heading', { name: 'Open Shifts' })).toBeNull();
  expect(OPENINGS_LISTS.map(asked)).toEqual([1, 1, 1]);
  expect(fakeApi.callsTo('GET', '/jobs')[0].query).toEqual({ status: 'open', shared: '1' });
  await release();
  await screen.findByRole('heading', { name: 'Open Shifts' });
  // the page found them in the store: nothing asked twice
  expect(OPENINGS_LISTS.map(asked)).toEqual([1, 1, 1]);
});

test("a chef's dashboard lists are asked while the profile is still on its way, and once each", async () => {
  const DASHBOARD_LISTS = ['/jobs', '/applications', '/payments/connect/account-status', '/offers'];
  const { release } = profileHeld();
  renderApp('/dashboard/chef');
  await waitFor(() => expect(DASHBOARD_LISTS.every((p) => asked(p) > 0)).toBe(true));
  expect(screen.queryByRole('heading', { name: 'Upcoming Shifts' })).toBeNull();
  expect(DASHBOARD_LISTS.map(asked)).toEqual([1, 1, 1, 1]);
  expect(fakeApi.callsTo('GET', '/jobs')[0].query).toEqual({ status: 'open', limit: '5' });
  await release();
  await screen.findByRole('heading', { name: 'Upcoming Shifts' });
  expect(DASHBOARD_LISTS.map(asked)).toEqual([1, 1, 1, 1]);
});

test('a session that must be renewed first asks for no list before it is', async () => {
  const user = makeUser('chef');
  storeSessionForTest(makeSession(user, -60));
  let renewed = false;
  fakeApi.on('POST', '/auth/refresh', () => {
    renewed = true;
    return { status: 401, body: { error: 'expired', code: 'AUTH.SESSION_EXPIRED' } };
  });
  renderApp('/openings');
  await screen.findByRole('heading', { name: /sign in|log in/i });
  expect(renewed).toBe(true);
  expect(OPENINGS_LISTS.map(asked)).toEqual([0, 0, 0]);
});

test("a restaurant's session asks for no chef's list on the way to its own page", async () => {
  signedIn('restaurant');
  renderApp('/openings');
  await waitFor(() => expect(asked('/profiles/me')).toBeGreaterThan(0));
  await act(() => new Promise((r) => setTimeout(r, 100)));
  expect(fakeApi.callsTo('GET', '/jobs').filter((c) => c.query.shared === '1')).toEqual([]);
  expect(asked('/jobs/offered-first')).toBe(0);
});

test("a Spanish reader's stored session starts the app in Spanish, before the profile answers", async () => {
  const user = makeUser('chef', 'es');
  storeSessionForTest(makeSession(user));
  fakeApi.on('GET', '/profiles/me', () => new Promise(() => {}));
  renderApp('/openings');
  await waitFor(() => expect(i18n.language).toBe('es'));
});

test('the first page counts as whole only once its lists are in and it stayed quiet', async () => {
  const { release } = profileHeld();
  const { store, router } = renderApp('/openings');
  let settled = false;
  void whenSettled(store, router).then(() => (settled = true));
  await act(() => new Promise((r) => setTimeout(r, QUIET_MS + 300)));
  expect(settled).toBe(false); // the profile is still asked
  await release();
  await screen.findByRole('heading', { name: 'Open Shifts' });
  await waitFor(() => expect(settled).toBe(true));
});
