// Shared helpers of the k6 scripts: accounts, sign-in, revalidating GETs. k6 JavaScript (not Node).
import http from 'k6/http';
import { check, fail } from 'k6';
import { SharedArray } from 'k6/data';
import { API_BASE } from '../scenarios.js';

/** The deployment under test, e.g. https://staging.brigade.example (no trailing slash). */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');

/**
 * Accounts to drive load with: a JSON list of { email, password, type: 'chef' | 'restaurant' } or
 * { access_token, type } (pre-issued tokens, so a big run does not hit the sign-in rate limits:
 * 10 sign-ins per account and 30 per address every 15 minutes). Path from ACCOUNTS, relative to this folder.
 */
export const accounts = new SharedArray('accounts', () =>
  JSON.parse(open(__ENV.ACCOUNTS || './accounts.json')),
);

export function accountsOf(type) {
  const list = [];
  for (let i = 0; i < accounts.length; i++) if (accounts[i].type === type) list.push(accounts[i]);
  if (list.length === 0) fail(`no ${type} accounts in ${__ENV.ACCOUNTS || './accounts.json'}`);
  return list;
}

const sessions = {};

/** A bearer token for this VU's account of that type (signed in once, again after 10 minutes). */
export function tokenFor(type) {
  const list = accountsOf(type);
  const account = list[(__VU - 1) % list.length];
  if (account.access_token) return account.access_token;
  const key = account.email;
  const now = Date.now();
  if (sessions[key] && now - sessions[key].at < 10 * 60 * 1000) return sessions[key].token;
  const res = http.post(
    `${BASE_URL}${API_BASE}/auth/signin`,
    JSON.stringify({ email: account.email, password: account.password }),
    {
      headers: { 'content-type': 'application/json' },
      tags: { scenario: 'signin', name: 'signin' },
    },
  );
  if (!check(res, { 'signed in': (r) => r.status === 200 }))
    fail(`sign-in failed for ${account.email}: ${res.status}`);
  sessions[key] = { token: res.json('session.access_token'), at: now };
  return sessions[key].token;
}

const etags = {};

/**
 * GET under /api as a browser does for a polled resource: revalidate with the ETag of the last answer, so an
 * unchanged list costs a 304. Tagged with the scenario so its thresholds apply.
 */
export function poll(scenario, name, path, token) {
  const headers = { authorization: `Bearer ${token}` };
  const key = `${__VU}:${path}`;
  if (etags[key]) headers['if-none-match'] = etags[key];
  const res = http.get(`${BASE_URL}${API_BASE}${path}`, { headers, tags: { scenario, name } });
  check(res, { [`${name} 200/304`]: (r) => r.status === 200 || r.status === 304 });
  if (res.status === 200 && res.headers.Etag) etags[key] = res.headers.Etag;
  return res;
}

export function api(method, scenario, name, path, token, body) {
  const params = { headers: { 'content-type': 'application/json' }, tags: { scenario, name } };
  if (token) params.headers.authorization = `Bearer ${token}`;
  return http.request(
    method,
    `${BASE_URL}${API_BASE}${path}`,
    body === undefined ? null : JSON.stringify(body),
    params,
  );
}

/** Confirm a PaymentIntent with a test card through the Stripe sandbox (deployments without Stripe keys). */
export function confirmCard(scenario, paymentIntentId, clientSecret) {
  return http.post(
    `${BASE_URL}/sandbox/stripe/v1/payment_intents/${paymentIntentId}/confirm`,
    { client_secret: clientSecret, payment_method: 'pm_card_visa' },
    { tags: { scenario, name: 'confirm-card' } },
  );
}

/** A shift the posting rules accept: starts `startInMinutes` from now, lasts `hours`, at `hourlyRate`. */
export function shiftBody(startInMinutes, hours, hourlyRate = 22.5) {
  const start = new Date(Date.now() + startInMinutes * 60_000);
  const end = new Date(start.getTime() + hours * 3_600_000);
  return {
    title: 'Line Cook',
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    hourlyRate,
    emergencyLevel: 'normal',
    notifyFavorites: [],
  };
}
