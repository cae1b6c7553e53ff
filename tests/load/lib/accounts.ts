import { randomBytes } from 'node:crypto';
import { Api, pool } from './api';

export interface Account {
  id: string;
  email: string;
  token: string;
  type: 'chef' | 'restaurant';
}

export const PASSWORD = 'bench-password-1';

/**
 * The accounts the benchmark drives load with, created through the API exactly as a user would (sign-up with
 * argon2, profile). Each sign-up comes from its own X-Forwarded-For address (the gateway trusts loopback
 * proxies), as real users do, so the per-address sign-up limit is not what the benchmark measures.
 */
export async function createAccounts(
  api: Api,
  runId: string,
  counts: { restaurants: number; chefs: number },
  options: {
    /** The first account's number (a second batch of one run numbers on from the first's). */
    from?: number;
    /** A restaurant's city and address (its ZIP places it, ADR 22); else `100+i Main St` in alternate cities. */
    restaurantPlace?: (i: number) => { city: string; address: string };
  } = {},
): Promise<{ restaurants: Account[]; chefs: Account[] }> {
  const from = options.from ?? 0;
  const ipBase = randomBytes(2);
  // Each run texts its own block of numbers: the per-phone verification limit (10 an hour) lives in the shared
  // Redis, so back-to-back runs with the same numbers were refused (429) after a few runs. Below the seed's.
  const phoneBase = 5_000_000 + (ipBase.readUInt16BE(0) % 9_000) * 100;
  const make = async (type: 'chef' | 'restaurant', i: number, n: number): Promise<Account> => {
    const email = `${type}.${i}.${runId}@bench.brigade.test`;
    const place =
      type === 'restaurant' && options.restaurantPlace
        ? options.restaurantPlace(i - from)
        : { city: i % 2 === 0 ? 'Minneapolis' : 'Detroit', address: `${100 + i} Main St` };
    const city = place.city;
    const ip = `10.${ipBase[0]}.${ipBase[1] ^ (type === 'chef' ? 1 : 0)}.${(n % 250) + 1}`;
    const phone = `+1612${String(phoneBase + n).padStart(7, '0')}`;
    const signup = await api.call('POST', '/api/auth/signup', {
      headers: { 'x-forwarded-for': ip },
      body: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone,
        userType: type,
        languagePreference: 'en',
        tosAccepted: true,
      },
    });
    const token = await verifyPhone(api, signup.body.session, phone, ip);
    const profile =
      type === 'restaurant'
        ? {
            name: `Bench Kitchen ${i}`,
            description: 'A restaurant the benchmark drives.',
            address: place.address,
            city,
            cuisineTypes: JSON.stringify(['American']),
          }
        : {
            name: `Bench Chef ${i}`,
            bio: 'A chef the benchmark drives.',
            city,
            skills: JSON.stringify(['Line Cook', 'Prep Cook']),
            hourlyRateMin: '20',
          };
    await api.call('POST', `/api/profiles/${type}`, { token, body: profile });
    return { id: signup.body.user.id, email, token, type };
  };
  const restaurants = await pool(
    Array.from({ length: counts.restaurants }, (_, i) => from + i),
    6,
    (i) => make('restaurant', i, i),
  );
  const chefs = await pool(
    Array.from({ length: counts.chefs }, (_, i) => from + i),
    6,
    (i) => make('chef', i, counts.restaurants + i),
  );
  return { restaurants, chefs };
}

/**
 * Verify the phone with the code the SMS sandbox shows, then take a fresh access token: posting, applying and
 * messaging need a token that carries the verified phone.
 */
async function verifyPhone(
  api: Api,
  session: { access_token: string; refresh_token: string },
  phone: string,
  ip: string,
): Promise<string> {
  const sms = await api.call('GET', `/api/dev/sms?to=${encodeURIComponent(phone)}&limit=1`);
  const code = /(\d{6})/.exec(sms.body.messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no verification code texted to ${phone}`);
  await api.call('POST', '/api/auth/verify-phone', {
    token: session.access_token,
    headers: { 'x-forwarded-for': ip },
    body: { phone, code },
  });
  const refreshed = await api.call('POST', '/api/auth/refresh', {
    body: { refresh_token: session.refresh_token },
  });
  return refreshed.body.session.access_token as string;
}

/** Stripe Connect onboarding through the sandbox's hosted page, so the chef can be accepted and paid out. */
export async function onboardPayouts(api: Api, chef: Account): Promise<void> {
  const created = await api.call('POST', '/api/payments/connect/create-account', { token: chef.token });
  const link = await api.call('POST', '/api/payments/connect/onboarding-link', {
    token: chef.token,
    body: { account_id: created.body.account_id },
  });
  const url = new URL(link.body.url);
  const res = await fetch(`${api.origin}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  if (res.status !== 303 && res.status !== 302)
    throw new Error(`onboarding of ${chef.email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
}
