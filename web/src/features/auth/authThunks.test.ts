import { jest } from '@jest/globals';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, makeSession, makeUser, storeSessionForTest } from '../../../test/fixtures';
import { api, setUnauthorizedHandler } from '../../shared/api';
import { makeStore } from '../../app/store';
import { jobsApi } from '../jobs/jobsApi';
import { signIn, signOut, signUp } from './accountThunks';
import { autoRefreshTick, recheckSession, restoreSession } from './authThunks';
import { readStoredSession } from '../../shared/session/session';

const stored = () => readStoredSession();

describe('auth state machine', () => {
  test('loading starts true and turns false when no session is stored', async () => {
    const store = makeStore();
    expect(store.getState().auth.loading).toBe(true);
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toMatchObject({ loading: false, user: null, session: null, profile: null });
    expect(fakeApi.calls).toHaveLength(0);
  });

  test('a stored session is restored and the profile fetched with its bearer token', async () => {
    const user = makeUser('chef');
    const session = makeSession(user);
    const profile = chefProfile(user);
    storeSessionForTest(session);
    fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toMatchObject({
      loading: false,
      error: null,
      user: { id: user.id },
      profile: { id: profile.id },
    });
    expect(fakeApi.callsTo('GET', '/profiles/me')[0].authorization).toBe(`Bearer ${session.access_token}`);
  });

  test('an expired stored session is refreshed before the profile is fetched', async () => {
    const user = makeUser('restaurant');
    const old = makeSession(user, 60, 'old'); // inside the 90 s margin
    const fresh = makeSession(user, 3600, 'new');
    storeSessionForTest(old);
    fakeApi.on('POST', '/auth/refresh', (call) =>
      (call.body as { refresh_token: string }).refresh_token === old.refresh_token
        ? { body: { session: fresh } }
        : { status: 401, body: { error: 'Invalid refresh token', code: 'AUTH.INVALID_REFRESH' } },
    );
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.session?.access_token).toBe(fresh.access_token);
    expect(stored()?.access_token).toBe(fresh.access_token);
    expect(fakeApi.callsTo('GET', '/profiles/me')[0].authorization).toBe(`Bearer ${fresh.access_token}`);
    expect(store.getState().auth.loading).toBe(false);
  });

  test('a refused refresh signs the user out and clears storage', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user, 10));
    fakeApi.on('POST', '/auth/refresh', {
      status: 401,
      body: { error: 'Session expired', code: 'AUTH.SESSION_EXPIRED' },
    });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toMatchObject({ loading: false, user: null, session: null });
    expect(stored()).toBeNull();
  });

  test('the refresh is retried after a server error and then succeeds', async () => {
    const user = makeUser('chef');
    const old = makeSession(user, 10, 'old');
    const fresh = makeSession(user, 3600, 'new');
    storeSessionForTest(old);
    let attempts = 0;
    fakeApi.on('POST', '/auth/refresh', () =>
      ++attempts === 1 ? { status: 500, body: { error: 'boom', code: 'X' } } : { body: { session: fresh } },
    );
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(attempts).toBe(2);
    expect(store.getState().auth.session?.access_token).toBe(fresh.access_token);
  });

  test('the auto-refresh tick refreshes only a session close to expiry', async () => {
    const user = makeUser('chef');
    const store = makeStore();
    fakeApi.on('POST', '/auth/refresh', { body: { session: makeSession(user, 3600, 'new') } });
    fakeApi.on('POST', '/auth/signin', { body: { session: makeSession(user, 3600), user } });
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    await store.dispatch(signIn(user.email, 'password1'));
    await store.dispatch(autoRefreshTick());
    expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(0);

    const short = makeSession(user, 100, 'short'); // 3 ticks left
    storeSessionForTest(short);
    await store.dispatch(recheckSession());
    await store.dispatch(autoRefreshTick());
    expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    expect(store.getState().auth.session?.access_token).toBe(`access-new-${user.id}`);
  });

  test('signing in stores the session and loads the profile; a failure shows the server text', async () => {
    const user = makeUser('chef');
    fakeApi.on('POST', '/auth/signin', (call) =>
      (call.body as { password: string }).password === 'right-password'
        ? { body: { session: makeSession(user), user } }
        : { status: 401, body: { error: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' } },
    );
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: chefProfile(user) } });
    const redirected: string[] = [];
    setUnauthorizedHandler(() => redirected.push('/login'));
    const store = makeStore();
    store.dispatch(api.util.resetApiState());
    const bad = await store.dispatch(signIn(user.email, 'wrong'));
    expect(bad).toEqual({
      ok: false,
      error: 'Invalid email or password',
      code: 'AUTH.INVALID_CREDENTIALS',
    });
    expect(store.getState().auth.error).toBe('Invalid email or password');
    expect(redirected).toEqual([]); // a wrong password is not a lost session
    const good = await store.dispatch(signIn(user.email, 'right-password'));
    expect(good).toEqual({ ok: true });
    expect(store.getState().auth).toMatchObject({
      error: null,
      user: { id: user.id },
      profile: { name: 'Maria Lopez' },
    });
    expect(stored()?.user.id).toBe(user.id);
  });

  test('a sign-in answer without a session is an error', async () => {
    fakeApi.on('POST', '/auth/signin', { body: { user: makeUser('chef') } });
    const store = makeStore();
    expect(await store.dispatch(signIn('a@b.co', 'whatever1'))).toEqual({
      ok: false,
      error: 'An error occurred.',
    });
  });

  test('signing up records the terms for the right type and keeps going when that fails', async () => {
    const user = makeUser('restaurant');
    fakeApi.on('POST', '/auth/signup', { status: 201, body: { session: makeSession(user), user } });
    fakeApi.on('POST', '/agreements/accept', { status: 500, body: { error: 'down', code: 'X' } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const store = makeStore();
    const outcome = await store.dispatch(
      signUp({
        email: user.email,
        password: 'password1',
        phone: '6125550100',
        userType: 'restaurant',
        languagePreference: 'es',
      }),
    );
    warn.mockRestore();
    expect(outcome).toEqual({ ok: true, codeSent: true });
    expect(fakeApi.callsTo('POST', '/auth/signup')[0].body).toMatchObject({
      userType: 'restaurant',
      languagePreference: 'es',
    });
    expect(fakeApi.callsTo('POST', '/agreements/accept')[0].body).toEqual({
      agreementType: 'restaurant_tos',
      version: '1.0',
    });
    expect(store.getState().auth).toMatchObject({ loading: false, user: { id: user.id }, profile: null });
  });

  test('any 401 on a signed-in call clears storage, resets the state and goes to /login', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user));
    window.localStorage.setItem('brigade.checklist.dismissed.x', '1');
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    fakeApi.on('GET', '/payments/connect/account-status', {
      status: 401,
      body: { error: 'Session expired', code: 'AUTH.UNAUTHORIZED' },
    });
    const redirected: string[] = [];
    setUnauthorizedHandler(() => redirected.push('/login'));
    const store = makeStore();
    await store.dispatch(restoreSession());
    const res = await store.dispatch(
      api
        .injectEndpoints({
          endpoints: (b) => ({
            probeStatus: b.query<unknown, void>({ query: () => '/payments/connect/account-status' }),
          }),
          overrideExisting: true,
        })
        .endpoints.probeStatus.initiate(),
    );
    expect(res.error).toMatchObject({ status: 401 });
    expect(redirected).toEqual(['/login']);
    expect(store.getState().auth).toMatchObject({ user: null, session: null, loading: false });
    expect(window.localStorage.getItem('brigade.session')).toBeNull();
    expect(window.localStorage.getItem('brigade.checklist.dismissed.x')).toBeNull();
  });

  describe('a call refused because the phone is not verified (403 AUTH.PHONE_UNVERIFIED)', () => {
    const refused = { status: 403, body: { error: 'Verify first', code: 'AUTH.PHONE_UNVERIFIED' } };
    const jobId = '00000000-0000-4000-8000-00000000abcd';
    const apply = (store: ReturnType<typeof makeStore>) =>
      store.dispatch(jobsApi.endpoints.apply.initiate(jobId));
    /** A restored session whose token predates the verification; applying works only with `token`. */
    async function unverifiedUntil(token: (user: ReturnType<typeof makeUser>) => string) {
      const user = makeUser('chef');
      const before = makeSession({ ...user, phone_verified: false }, 3600, 'before');
      storeSessionForTest(before);
      fakeApi.on('GET', '/profiles/me', { body: { user: before.user, profile: null } });
      fakeApi.on('POST', `/jobs/${jobId}/apply`, (call) =>
        call.authorization === `Bearer ${token(user)}`
          ? { status: 201, body: { application: { id: 'app-1' } } }
          : refused,
      );
      const store = makeStore();
      await store.dispatch(restoreSession());
      return { user, store };
    }

    test('takes a fresh token once and retries: the phone was verified since', async () => {
      const { user, store } = await unverifiedUntil((u) => makeSession(u, 3600, 'after').access_token);
      const after = makeSession(user, 3600, 'after');
      fakeApi.on('POST', '/auth/refresh', { body: { session: after } });
      expect((await apply(store)).data).toEqual({ application: { id: 'app-1' } });
      expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(1);
      expect(store.getState().auth.user?.phone_verified).toBe(true);
      expect(stored()?.access_token).toBe(after.access_token);
    });

    test('takes the session another tab refreshed, without refreshing again', async () => {
      const { user, store } = await unverifiedUntil((u) => makeSession(u, 3600, 'other-tab').access_token);
      storeSessionForTest(makeSession(user, 3600, 'other-tab')); // verified and refreshed in another tab
      expect((await apply(store)).data).toEqual({ application: { id: 'app-1' } });
      expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(0);
    });

    test('still unverified: the 403 stands after one refresh, and the user stays signed in', async () => {
      const user = { ...makeUser('chef'), phone_verified: false };
      storeSessionForTest(makeSession(user, 3600, 'before'));
      fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
      fakeApi.on('POST', '/auth/refresh', { body: { session: makeSession(user, 3600, 'after') } });
      fakeApi.on('POST', `/jobs/${jobId}/apply`, refused);
      const store = makeStore();
      await store.dispatch(restoreSession());
      expect((await apply(store)).error).toMatchObject({ status: 403, data: refused.body });
      expect(fakeApi.callsTo('POST', `/jobs/${jobId}/apply`)).toHaveLength(2);
      expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(1);
      expect(store.getState().auth.user?.id).toBe(user.id);
    });
  });

  test('API calls are retried on 502/503/504', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user));
    let calls = 0;
    fakeApi.on('GET', '/profiles/me', () =>
      ++calls < 3
        ? { status: 503, body: { error: 'unavailable', code: 'HTTP.UNAVAILABLE' } }
        : { body: { user, profile: null } },
    );
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(calls).toBe(3);
    expect(store.getState().auth.user?.id).toBe(user.id);
  });

  test('when the tab comes back and the stored session is gone, the user is signed out', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user));
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    window.localStorage.removeItem('brigade.session'); // signed out in another tab
    await store.dispatch(recheckSession());
    expect(store.getState().auth).toMatchObject({ user: null, session: null });
  });

  test('signing out revokes the session and clears everything', async () => {
    const user = makeUser('chef');
    storeSessionForTest(makeSession(user));
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    fakeApi.on('POST', '/auth/signout', { body: { message: 'Signed out' } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    await store.dispatch(signOut());
    expect(fakeApi.callsTo('POST', '/auth/signout')).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ user: null, session: null, loading: false });
    expect(stored()).toBeNull();
  });
});
