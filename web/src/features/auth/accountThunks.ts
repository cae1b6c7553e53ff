import type { identityHttp } from '@brigade/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, errorCode, errorText } from '../../shared/api';
import { genericError } from '../../shared/serverText';
import { authApi, type SignupBody } from './authApi';
import { authActions } from '../../shared/session/authSlice';
import { loadProfile, type Thunk } from './authThunks';
import { clearStorage, storeSession } from '../../shared/session/session';
import { forgetThisDevice } from '../inbox';

// Signing in, up and out, for the login and sign-up screens and the nav bar: a module apart from the session's
// lifecycle (authThunks.ts, which every page runs), so the landing page's first paint loads none of it.

/** `codeSent` (sign-up): whether a verification code was texted; `code`: the API's error code. */
export type Outcome = { ok: true; codeSent?: boolean } | { ok: false; error: string; code?: string };
type Failure = Extract<Outcome, { ok: false }>;

/**
 * Sign-in's and sign-up's answer: its session stored and started, or the failure shown (the API's error code
 * kept when `withCode`).
 */
function startSession(
  dispatch: Parameters<Thunk>[0],
  res: { data?: { session?: identityHttp.Session }; error?: FetchBaseQueryError | SerializedError },
  withCode = false,
): identityHttp.Session | Failure {
  if ('error' in res && res.error) {
    const error = errorText(res.error, genericError());
    dispatch(authActions.failed(error));
    return withCode ? { ok: false, error, code: errorCode(res.error) } : { ok: false, error };
  }
  const session = res.data?.session;
  if (!session) {
    const error = genericError();
    dispatch(authActions.failed(error));
    return { ok: false, error };
  }
  storeSession(session);
  dispatch(authActions.sessionStarted(session));
  return session;
}

/**
 * Sign in; an operator may give the code of their authenticator app (`totp`). A failure keeps the API's code, so
 * the login screen can ask for what is missing (a new password, a code).
 */
export function signIn(email: string, password: string, totp?: string): Thunk<Outcome> {
  return async (dispatch) => {
    dispatch(authActions.errorCleared());
    const res = await dispatch(
      authApi.endpoints.signIn.initiate({ email, password, ...(totp ? { totp } : {}) }),
    );
    const session = startSession(dispatch, res, true);
    if ('ok' in session) return session;
    await dispatch(loadProfile());
    return { ok: true };
  };
}

/** Creates the account, stores the session and records the terms acceptance (a failure there is only logged). */
export function signUp(body: SignupBody): Thunk<Outcome> {
  return async (dispatch) => {
    dispatch(authActions.errorCleared());
    const res = await dispatch(authApi.endpoints.signUp.initiate(body));
    const session = startSession(dispatch, res, true);
    if ('ok' in session) return session;
    dispatch(authActions.profileLoaded({ user: res.data?.user ?? session.user, profile: null }));
    const agreement = await dispatch(
      authApi.endpoints.acceptAgreement.initiate({
        agreementType: body.userType === 'chef' ? 'worker_tos' : 'restaurant_tos',
        version: '1.0',
      }),
    );
    if ('error' in agreement && agreement.error)
      console.warn('Recording the terms acceptance failed', agreement.error);
    return { ok: true, codeSent: res.data?.code_sent !== false };
  };
}

/** Signs out; this device's push subscription goes first (issue 40; best effort, a few seconds at most). */
export function signOut(): Thunk {
  return async (dispatch, getState) => {
    if (getState().auth.session) {
      await dispatch(forgetThisDevice());
      await dispatch(authApi.endpoints.signOut.initiate());
    }
    clearStorage();
    dispatch(authActions.signedOut());
    dispatch(api.util.resetApiState());
  };
}
