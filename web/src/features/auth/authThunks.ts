import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorStatus, errorText } from '../../shared/api';
import { genericError } from '../../shared/serverText';
import { applyLanguage, rememberLanguage, type AppLanguage } from '../../shared/i18n';
import { authApi } from './authApi';
import { authActions, type AuthState } from '../../shared/session/authSlice';
import {
  clearStorage,
  isExpired,
  needsRefresh,
  readStoredSession,
  refreshBackoff,
  storeSession,
  type Session,
} from '../../shared/session/session';

type State = { auth: AuthState };
export type Thunk<R = void> = ThunkAction<Promise<R>, State, unknown, UnknownAction>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RefreshResult = { session: Session } | { rejected: true } | { unavailable: string };
let inFlight: Promise<RefreshResult> | null = null;

/**
 * Exchanges the refresh token for a new session. A 4xx means the session is over; a network error or a 5xx is
 * retried with the spec's backoff (200 ms doubling, within one tick). One refresh at a time.
 */
function refreshWithBackoff(refreshToken: string): Thunk<RefreshResult> {
  return (dispatch) => {
    if (inFlight) return inFlight;
    inFlight = (async (): Promise<RefreshResult> => {
      const delays = refreshBackoff();
      let lastError = genericError();
      for (let attempt = 0; ; attempt++) {
        const res = await dispatch(authApi.endpoints.refresh.initiate({ refresh_token: refreshToken }));
        if ('data' in res && res.data?.session) return { session: res.data.session };
        const status = errorStatus(res.error);
        if (status !== undefined && status >= 400 && status < 500) return { rejected: true };
        lastError = errorText(res.error, lastError);
        if (attempt >= delays.length) return { unavailable: lastError };
        await sleep(delays[attempt]);
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** Refresh now; a rejected refresh signs the user out. Returns whether a valid session remains. */
export function refreshSession(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const current = getState().auth.session ?? readStoredSession();
    if (!current) return false;
    const result = await dispatch(refreshWithBackoff(current.refresh_token));
    if ('session' in result) {
      storeSession(result.session);
      dispatch(authActions.sessionRefreshed(result.session));
      return true;
    }
    if ('rejected' in result) {
      clearStorage();
      dispatch(authActions.signedOut());
      return false;
    }
    dispatch(authActions.failed(result.unavailable));
    return !isExpired(current);
  };
}

/**
 * A fresh access token for a call the API refused for an unverified phone: the phone may have been verified
 * since. Another tab may already have refreshed (its session is in storage: take it); else refresh now.
 * Returns whether the access token changed.
 */
export function renewSession(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const current = getState().auth.session;
    const stored = readStoredSession();
    if (current && stored && stored.access_token !== current.access_token && !isExpired(stored)) {
      dispatch(authActions.sessionRefreshed(stored));
      return true;
    }
    return dispatch(refreshSession());
  };
}

/** Fetches the user and profile (GET /profiles/me); applies the user's language. */
export function loadProfile(): Thunk {
  return async (dispatch) => {
    const res = await dispatch(
      authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (res.data) {
      dispatch(authActions.profileLoaded(res.data));
      applyLanguage(res.data.user.language_preference);
    } else if (res.error && errorStatus(res.error) !== 401) {
      dispatch(authActions.failed(errorText(res.error, genericError())));
    }
  };
}

/** On load: read the stored session, refresh it if expired, then fetch the profile. */
export function restoreSession(): Thunk {
  return async (dispatch) => {
    const stored = readStoredSession();
    if (!stored) {
      dispatch(authActions.sessionMissing());
      return;
    }
    dispatch(authActions.sessionStarted(stored));
    // The account's language as the session last knew it, at once: the first page loads its texts in it
    // rather than the device's, then again when the profile says the same a moment later (issue 41).
    applyLanguage(stored.user.language_preference);
    if (isExpired(stored)) {
      const ok = await dispatch(refreshSession());
      if (!ok) {
        dispatch(authActions.sessionMissing());
        return;
      }
    }
    await dispatch(loadProfile());
  };
}

/** The stores whose session restore has started (the function each store's thunks get as `getState`). */
const restoreStarted = new WeakSet<object>();

/**
 * restoreSession, once per store: the app's start (main.tsx) begins it before the first render, so the profile
 * loads while the page's code does (issue 41); the root layout's lifecycle begins it where nothing has.
 */
export function restoreSessionOnce(): Thunk {
  return async (dispatch, getState) => {
    if (restoreStarted.has(getState)) return;
    restoreStarted.add(getState);
    await dispatch(restoreSession());
  };
}

/** The 30 s tick: refresh when 3 ticks or fewer remain. */
export function autoRefreshTick(): Thunk {
  return async (dispatch, getState) => {
    const session = getState().auth.session;
    if (session && needsRefresh(session)) await dispatch(refreshSession());
  };
}

/** The tab became visible again: re-check the stored session; none means signed out. */
export function recheckSession(): Thunk {
  return async (dispatch, getState) => {
    const stored = readStoredSession();
    const current = getState().auth.session;
    if (!stored) {
      if (current) dispatch(authActions.signedOut());
      return;
    }
    if (!current || stored.access_token !== current.access_token) {
      dispatch(authActions.sessionStarted(stored));
      if (!current) await dispatch(loadProfile());
    }
    if (isExpired(stored)) await dispatch(refreshSession());
  };
}

/** Switches the interface language and saves the choice to the signed-in user. */
export function chooseLanguage(language: AppLanguage): Thunk {
  return async (dispatch, getState) => {
    applyLanguage(language);
    rememberLanguage(language);
    const { user } = getState().auth;
    if (!user || user.language_preference === language) return;
    const res = await dispatch(authApi.endpoints.saveLanguage.initiate({ language_preference: language }));
    if (res.data?.user) dispatch(authActions.languageSaved(res.data.user));
  };
}
