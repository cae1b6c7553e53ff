import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import { authActions, type AuthState } from './session/authSlice';
import { clearStorage } from './session/session';
import { apiErrorText, loadServerTexts } from './serverText';
import { API_MAX_RETRIES, API_TIMEOUT_MS, RETRY_STATUSES } from './constants';

/** The product's API on this origin (an absolute URL: RTK Query under jsdom needs one). */
export function apiBaseUrl(): string {
  return `${window.location.origin}/api`;
}

let onUnauthorized: () => void = () => window.location.assign('/login');
/** The app routes a 401 to /login through its router; the default is a full page load. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Renewer = (dispatch: BaseQueryApi['dispatch']) => Promise<boolean>;
let renewSession: Renewer = async () => false;
/** How the base query takes a fresh access token (the store wires the auth thunk: api.ts cannot import it). */
export function setSessionRenewer(renewer: Renewer): void {
  renewSession = renewer;
}

/** Posting, applying and messaging answer this code (403) until the access token carries a verified phone. */
export const PHONE_UNVERIFIED = 'AUTH.PHONE_UNVERIFIED';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rawBaseQuery = (baseUrl: string) =>
  fetchBaseQuery({
    baseUrl,
    timeout: API_TIMEOUT_MS,
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as { auth: AuthState }).auth.session?.access_token;
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });

/**
 * The one base query: /api base, 10 s timeout, bearer token, retries on 502/503/504, a 403 for an unverified
 * phone is retried once with a fresh token (the phone may have been verified since, here or in another tab),
 * and a 401 on an authenticated call clears local storage, resets the auth state and sends the browser to /login.
 * An answer is handed over once the table of the spec's sentences is in (serverText.ts), so its texts read right.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const query = rawBaseQuery(apiBaseUrl());
  // the spec's sentences the answer may carry (loaded alongside the first call, once)
  const serverTexts = loadServerTexts();
  const url = typeof args === 'string' ? args : args.url;
  // Sign-in, sign-up and refresh answer 401 for wrong credentials or an old refresh token, and sign-out ends
  // the session anyway: not a lost session.
  const hadToken =
    !/^\/auth\/(signin|signup|refresh|signout)$/.test(url) &&
    !!(api.getState() as { auth: AuthState }).auth.session?.access_token;
  let result = await query(args, api, extra);
  for (let attempt = 0; attempt < API_MAX_RETRIES; attempt++) {
    const status = result.error?.status;
    if (typeof status !== 'number' || !(RETRY_STATUSES as readonly number[]).includes(status)) break;
    await sleep(300 * 2 ** attempt);
    result = await query(args, api, extra);
  }
  if (
    hadToken &&
    result.error?.status === 403 &&
    errorCode(result.error) === PHONE_UNVERIFIED &&
    (await renewSession(api.dispatch))
  )
    result = await query(args, api, extra);
  if (result.error?.status === 401 && hadToken) {
    clearStorage();
    api.dispatch(authActions.signedOut());
    onUnauthorized();
  }
  await serverTexts;
  return result;
};

/** One API slice for the gateway; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Back online (issue 40): every query on screen asks again (main.tsx sets up the listeners).
  refetchOnReconnect: true,
  tagTypes: [
    'Me',
    'Jobs',
    'Applications',
    'Favorites',
    'AccountStatus',
    'NotificationPrefs',
    'Inbox',
    'Profile',
    'Conversations',
    'JobPayment',
    'Chefs',
    'SavedCard',
    'ShiftTemplates',
    'Offers',
    'Series',
    'Blocks',
  ],
  endpoints: () => ({}),
});

/**
 * The one text for a failed call, in the reader's language (serverText.ts): the API's `code` (or one of the
 * spec's sentences) as our own text, the server's English `error` only for a code we do not know, and the
 * screen's `fallback` when nothing answered (network, timeout, a page that is not JSON).
 */
export function errorText(
  error: FetchBaseQueryError | SerializedError | undefined | null,
  fallback: string,
): string {
  if (!error || !('status' in error) || typeof error.status !== 'number') return fallback;
  return apiErrorText(error.data as { error?: unknown; code?: unknown } | undefined, fallback);
}

/** The status code of a failed call (number), or undefined. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The API's error code of a failed call (`SERVICE.REASON`), or undefined. */
export function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}
