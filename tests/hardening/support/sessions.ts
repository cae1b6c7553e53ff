import { eventually } from '@brigade/kit/testing';
import { expectStatus, randomClientIp, type Account, type Api } from './stack';

/** What every gateway and service answers to an access token whose session has ended. */
export const ENDED = { error: 'Your session has ended. Please sign in again.', code: 'AUTH.SESSION_REVOKED' };
/** How soon an ended session must be refused everywhere. */
export const WITHIN_MS = 3000;

/** One GET a signed-in chef can make, at a gateway or straight at a service. */
export interface Target {
  where: string;
  url: string;
  headers?: Record<string, string>;
}

export async function get(target: Target, token: string) {
  const res = await fetch(target.url, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientIp(), ...target.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
}

/** A chef's GET at each of the five services, with no gateway in front (each verifies tokens itself). */
export function serviceTargets(urls: Record<string, string>): Target[] {
  return [
    { where: 'identity', url: `${urls.identity}/profiles/me` },
    { where: 'jobs', url: `${urls.jobs}/applications` },
    { where: 'payments', url: `${urls.payments}/payments/connect/account-status` },
    { where: 'messaging', url: `${urls.messaging}/messages/conversations` },
    { where: 'notifications', url: `${urls.notifications}/notifications/preferences` },
  ];
}

/**
 * At each gateway: the chef's open-shifts poll, asked once (200 with an ETag) and then as the conditional
 * poll the gateway answers 304 itself, and the chef's own profile.
 */
export async function gatewayTargets(gateways: Record<string, string>, token: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const [where, gateway] of Object.entries(gateways)) {
    const url = `${gateway}/api/jobs?status=open`;
    const first = await get({ where, url }, token);
    expect([where, first.status, first.etag]).toEqual([where, 200, expect.any(String)]);
    targets.push({ where: `${where}, 304 poll`, url, headers: { 'if-none-match': first.etag! } });
    targets.push({ where, url: `${gateway}/api/profiles/me` });
  }
  return targets;
}

/**
 * Every target answers this token (the conditional polls with 304). A list that changed since it was asked
 * (an event of the sign-up still arriving, say) answers 200 with a new ETag: the poll takes it and asks again.
 */
export async function worksEverywhere(targets: Target[], token: string) {
  await eventually(async () => {
    const answers = await Promise.all(
      targets.map(async (t) => {
        const reply = await get(t, token);
        if (t.headers?.['if-none-match'] && reply.status === 200 && reply.etag)
          t.headers['if-none-match'] = reply.etag;
        return [t.where, reply.status];
      }),
    );
    expect(answers).toEqual(targets.map((t) => [t.where, t.headers?.['if-none-match'] ? 304 : 200]));
  }, 5_000);
}

/** Within 3 s of `since` (the session's end), every target refuses the token: 401 "Your session has ended". */
export async function refusedEverywhere(targets: Target[], token: string, since: number) {
  await eventually(
    async () => {
      const answers = await Promise.all(targets.map(async (t) => [t.where, (await get(t, token)).body]));
      expect(answers).toEqual(targets.map((t) => [t.where, ENDED]));
    },
    WITHIN_MS - (Date.now() - since),
    50,
  );
  expect(Date.now() - since).toBeLessThan(WITHIN_MS);
}

/** A new session of an account (a fresh sign-in). */
export async function signIn(api: Api, account: Account) {
  const signin = expectStatus(
    await api.call('POST', '/api/auth/signin', {
      body: { email: account.email, password: account.password },
      ip: randomClientIp(),
    }),
    200,
  );
  return signin.body.session as { access_token: string; refresh_token: string };
}
