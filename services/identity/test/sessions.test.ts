import { SignJWT, generateKeyPair, decodeJwt } from 'jose';
import { eventually } from '@brigade/kit/testing';
import { revokeSessions } from '../src/use-cases/revoke-sessions';
import { newAccount, signUp, startIdentity, type Harness } from './harness';

let h: Harness;
const ENDED = { code: 'AUTH.SESSION_REVOKED', error: 'Your session has ended. Please sign in again.' };
beforeAll(async () => {
  h = await startIdentity({ ACCESS_TOKEN_TTL_SECONDS: '60' });
});
afterAll(() => h.close());

/** A signed-up restaurant with its profile in this city (where chef searches measure from). */
async function restaurantIn(city: 'Minneapolis' | 'Detroit', name = 'Rosa Diner') {
  const restaurant = await signUp(h, 'restaurant');
  await h.post(
    '/profiles/restaurant',
    { name, description: 'd', address: 'a', city, cuisineTypes: '["Thai"]' },
    restaurant.access_token,
  );
  return restaurant;
}

describe('refresh tokens rotate and a reused one ends the session', () => {
  test('each refresh returns a new pair; the old refresh token then ends the whole session', async () => {
    const first = await signUp(h);
    const second = await h.post('/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.session.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.session.user.id).toBe(first.user.id);

    const third = await h.post('/auth/refresh', { refresh_token: second.body.session.refresh_token });
    expect(third.status).toBe(200);

    // Someone replays the first token: refused, and the newest token of that session stops working too.
    const replay = await h.post('/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay).toMatchObject({ status: 401, body: { code: 'IDENTITY.REFRESH_TOKEN_REUSED' } });
    const after = await h.post('/auth/refresh', { refresh_token: third.body.session.refresh_token });
    expect(after.status).toBe(401);
  });

  test('signing out ends the session', async () => {
    const s = await signUp(h);
    expect((await h.post('/auth/signout', {}, s.access_token)).status).toBe(200);
    expect((await h.post('/auth/refresh', { refresh_token: s.refresh_token })).status).toBe(401);
    // Its access token is refused at once too; signing out again still succeeds.
    expect(await h.get('/profiles/me', s.access_token)).toMatchObject({ status: 401, body: ENDED });
    expect((await h.post('/auth/signout', {}, s.access_token)).status).toBe(200);
  });

  test('ending every session of a user refuses all their tokens; running it again announces them again', async () => {
    const account = newAccount('chef');
    const first = (await h.post('/auth/signup', account)).body.session;
    const second = (await h.post('/auth/signin', { email: account.email, password: account.password })).body
      .session;
    const other = await signUp(h);
    const ended = await revokeSessions(h.service.context, first.user.id, 'suspended');
    expect(ended.sort()).toEqual(
      [decodeJwt(first.access_token).sid, decodeJwt(second.access_token).sid].sort(),
    );
    for (const s of [first, second]) {
      expect(await h.get('/profiles/me', s.access_token)).toMatchObject({ status: 401, body: ENDED });
      expect((await h.post('/auth/refresh', { refresh_token: s.refresh_token })).status).toBe(401);
    }
    expect((await h.get('/profiles/me', other.access_token)).status).toBe(200);
    expect((await revokeSessions(h.service.context, first.user.id, 'suspended')).sort()).toEqual(ended);
  });

  test('an unknown refresh token is a 401', async () => {
    expect((await h.post('/auth/refresh', { refresh_token: 'nope' })).status).toBe(401);
  });
});

describe('access tokens: only identity-signed, unexpired, EdDSA tokens are accepted', () => {
  test('missing token', async () => {
    expect(await h.get('/profiles/me')).toMatchObject({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });

  test('tampered payload', async () => {
    const s = await signUp(h);
    const [head, , sig] = s.access_token.split('.');
    const claims = decodeJwt(s.access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, user_type: 'restaurant' })).toString('base64url');
    expect((await h.get('/profiles/me', `${head}.${forged}.${sig}`)).status).toBe(401);
  });

  test('alg none', async () => {
    const s = await signUp(h);
    const claims = decodeJwt(s.access_token);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await h.get('/profiles/me', none)).status).toBe(401);
  });

  test('signed with another key, or with HMAC', async () => {
    const s = await signUp(h);
    const claims = decodeJwt(s.access_token);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'other' })
      .sign(privateKey);
    expect((await h.get('/profiles/me', other)).status).toBe(401);
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('secret'));
    expect((await h.get('/profiles/me', hmac)).status).toBe(401);
  });

  test('expired', async () => {
    const { signAccessToken } = await import('@brigade/kit');
    const s = await signUp(h);
    const old = await signAccessToken(
      h.service.context.keyRing.signing,
      { id: s.user.id, type: 'chef', language: 'en', sessionId: 'x' },
      60,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(await h.get('/profiles/me', old.token)).toMatchObject({
      status: 401,
      body: { code: 'AUTH.TOKEN_EXPIRED' },
    });
  });
});

describe('phone verification', () => {
  test('five wrong codes lock the code; a new code works', async () => {
    const account = newAccount('chef');
    const { body } = await h.post('/auth/signup', account);
    const token = body.session.access_token;
    const real = await h.lastCode(body.user.phone);
    const wrong = real === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await h.post('/auth/verify-phone', { phone: account.phone, code: wrong }, token)).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    // Even the right code no longer works for this one.
    expect((await h.post('/auth/verify-phone', { phone: account.phone, code: real }, token)).status).toBe(
      429,
    );
    expect((await h.post('/auth/resend-code', { phone: account.phone }, token)).body).toEqual({
      message: 'Verification code sent',
    });
    const fresh = await h.lastCode(body.user.phone);
    expect((await h.post('/auth/verify-phone', { phone: account.phone, code: fresh }, token)).status).toBe(
      200,
    );
  });

  test('the access token says whether the phone was verified when it was issued; a refresh takes the new state', async () => {
    const account = newAccount('restaurant');
    const { body } = await h.post('/auth/signup', account);
    expect(decodeJwt(body.session.access_token).pv).toBe(false);
    const code = await h.lastCode(body.user.phone);
    const verified = await h.post(
      '/auth/verify-phone',
      { phone: account.phone, code },
      body.session.access_token,
    );
    expect(verified).toEqual({ status: 200, body: { message: 'Phone verified successfully' } });
    const refreshed = await h.post('/auth/refresh', { refresh_token: body.session.refresh_token });
    expect(decodeJwt(refreshed.body.session.access_token).pv).toBe(true);
    expect(refreshed.body.session.user.phone_verified).toBe(true);
    // Asking again for a verified phone sends nothing.
    expect(
      await h.post('/auth/resend-code', { phone: account.phone }, refreshed.body.session.access_token),
    ).toMatchObject({ status: 409, body: { code: 'IDENTITY.ALREADY_VERIFIED' } });
  });

  test("resend answers the same for another account's phone and a phone with no account: neither is the caller's", async () => {
    const owner = newAccount('chef');
    await h.post('/auth/signup', owner);
    const caller = await signUp(h);
    const known = await h.post('/auth/resend-code', { phone: owner.phone }, caller.access_token);
    const unknown = await h.post('/auth/resend-code', { phone: '3135550199' }, caller.access_token);
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 400, body: { code: 'IDENTITY.NOT_YOUR_PHONE' } });
  });
});

describe('sign-in', () => {
  test('wrong password and unknown email get the same answer', async () => {
    const account = newAccount('restaurant');
    await h.post('/auth/signup', account);
    const wrong = await h.post('/auth/signin', { email: account.email, password: 'wrong password!' });
    const unknown = await h.post('/auth/signin', {
      email: 'nobody@example.com',
      password: 'wrong password!',
    });
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    const ok = await h.post('/auth/signin', { email: account.email, password: account.password });
    expect(ok.body.session.user.email).toBe(account.email);
  });
});

describe('permissions', () => {
  test('a chef cannot write a restaurant profile, nor accept restaurant terms', async () => {
    const chef = await signUp(h, 'chef');
    const res = await h.post(
      '/profiles/restaurant',
      { name: 'Loop', description: 'd', address: 'a', city: 'Detroit', cuisineTypes: '["Thai"]' },
      chef.access_token,
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'Only restaurants can do this' } });
    expect(
      (
        await h.post(
          '/agreements/accept',
          { agreementType: 'restaurant_tos', version: '1.0' },
          chef.access_token,
        )
      ).status,
    ).toBe(400);
  });

  test('chef search measures the radius from the restaurant', async () => {
    const restaurant = await restaurantIn('Minneapolis');
    const near = await signUp(h, 'chef');
    await h.post(
      '/profiles/chef',
      { name: 'Near Chef', bio: 'b', city: 'Minneapolis', skills: '["Line Cook"]', hourlyRateMin: '20' },
      near.access_token,
    );
    const far = await signUp(h, 'chef');
    await h.post(
      '/profiles/chef',
      { name: 'Far Chef', bio: 'b', city: 'Detroit', skills: '["Line Cook"]' },
      far.access_token,
    );
    const res = await h.get(
      `/profiles/chefs?skills=${encodeURIComponent('["Line Cook"]')}&radius=25`,
      restaurant.access_token,
    );
    const names = res.body.chefs.map((c: any) => c.name);
    expect(names).toContain('Near Chef');
    expect(names).not.toContain('Far Chef');
    const pricey = await h.get('/profiles/chefs?minRate=30', restaurant.access_token);
    expect(pricey.body.chefs.map((c: any) => c.name)).not.toContain('Near Chef');
    expect((await h.get('/profiles/chefs?radius=-1', restaurant.access_token)).status).toBe(400);
  });

  test('chef search pages through the results: every chef once, in the same order as one long page', async () => {
    const restaurant = await restaurantIn('Detroit', 'Pager');
    for (const name of ['Page Ana', 'Page Ana', 'Page Ben', 'Page Cy', 'Page Dee']) {
      const chef = await signUp(h, 'chef');
      await h.post(
        '/profiles/chef',
        { name, bio: 'b', city: 'Detroit', skills: '["Pastry Chef"]' },
        chef.access_token,
      );
    }
    const query = `skills=${encodeURIComponent('["Pastry Chef"]')}&radius=10`;
    const all = (await h.get(`/profiles/chefs?${query}`, restaurant.access_token)).body.chefs.map(
      (c: any) => c.id,
    );
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length + 2; offset += 2) {
      const page = await h.get(`/profiles/chefs?${query}&limit=2&offset=${offset}`, restaurant.access_token);
      expect(page.status).toBe(200);
      paged.push(...page.body.chefs.map((c: any) => c.id));
    }
    expect(paged).toEqual(all);
    expect((await h.get(`/profiles/chefs?${query}&offset=-1`, restaurant.access_token)).status).toBe(400);
  });
});

describe('events', () => {
  test('sign-up and onboarding publish what other services need', async () => {
    const seen: any[] = [];
    await h.testBus.bus.subscribe({
      queue: 'identity-test.spy',
      types: ['identity.user.registered.v1', 'identity.chef_profile.updated.v1'],
      handler: async (e) => {
        seen.push(e);
      },
    });
    const s = await signUp(h, 'chef');
    await h.post(
      '/profiles/chef',
      { name: 'Evented', bio: 'b', city: 'Detroit', skills: '["Server"]' },
      s.access_token,
    );
    await eventually(() => {
      expect(
        seen.find((e) => e.type === 'identity.user.registered.v1' && e.data.user_id === s.user.id),
      ).toBeTruthy();
      expect(
        seen.find((e) => e.type === 'identity.chef_profile.updated.v1' && e.data.name === 'Evented'),
      ).toMatchObject({
        producer: 'identity',
        data: { user_id: s.user.id, city: 'Detroit', skills: ['Server'], language_preference: 'en' },
      });
    });
  });
});
