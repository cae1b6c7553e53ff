import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { createLogger, listAudit, sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { loadIdentityConfig } from '../src/config';
import { createIdentityService } from '../src/app';
import { saveOperator } from '../src/use-cases/save-operator';
import { newAccount, startIdentity, type Harness } from './harness';

const OPERATOR = { email: 'ops@brigade.test', password: 'operator password 1' };
const WRONG_ROLE = { status: 403, body: { code: 'AUTH.WRONG_ROLE' } };
const OPERATORS_ONLY = { status: 403, body: { code: 'AUTH.OPERATORS_ONLY' } };

let h: Harness;
beforeAll(async () => {
  h = await startIdentity({
    OPERATOR_EMAIL: ` ${OPERATOR.email.toUpperCase()} `,
    OPERATOR_PASSWORD: OPERATOR.password,
    ACCESS_TOKEN_TTL_SECONDS: '60',
  });
});
afterAll(() => h.close());

async function signInOperator(password = OPERATOR.password) {
  return h.post('/auth/signin', { email: OPERATOR.email, password });
}
async function operatorToken() {
  return (await signInOperator()).body.session.access_token as string;
}
async function member(type: 'chef' | 'restaurant' = 'chef', extra: Record<string, unknown> = {}) {
  const account = newAccount(type, extra);
  const session = (await h.post('/auth/signup', account)).body.session;
  return { account, session, id: session.user.id as string, token: session.access_token as string };
}
async function outbox(type: string) {
  return h.database.rows<{ payload: any }>(
    sql`select payload from identity.outbox where type = ${type} order by seq`,
  );
}
async function userCount() {
  const [row] = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from identity.users`);
  return row!.n;
}

describe('operator accounts', () => {
  test('signing up as an operator is a 400 and creates nothing', async () => {
    const before = await userCount();
    for (const userType of ['operator', 'OPERATOR', 'admin']) {
      const res = await h.post('/auth/signup', newAccount('chef', { userType }));
      expect(res).toMatchObject({
        status: 400,
        body: { code: expect.any(String), error: expect.any(String) },
      });
    }
    expect(await userCount()).toBe(before);
  });

  test('the operator of OPERATOR_EMAIL exists at start, signs in normally, and is never announced', async () => {
    const res = await signInOperator();
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: OPERATOR.email,
      user_type: 'operator',
      phone_verified: true,
    });
    expect(res.body.session.user.user_type).toBe('operator');
    const claims = decodeJwt(res.body.session.access_token);
    expect(claims).toMatchObject({ user_type: 'operator', pv: true });
    const registered = await outbox('identity.user.registered.v1');
    expect(registered.map((r) => r.payload.data?.email ?? r.payload.email)).not.toContain(OPERATOR.email);
    expect((await signInOperator('not the password')).status).toBe(401);
  });

  test('a restart with a changed OPERATOR_PASSWORD updates it; the same one changes nothing', async () => {
    const restart = (password: string) =>
      createIdentityService(
        { database: h.database, bus: h.testBus.bus, logger: createLogger('identity-restart') },
        loadIdentityConfig({
          ARGON2_MEMORY_KIB: '1024',
          SMS_SANDBOX: '1',
          TWILIO_VERIFY_API_BASE_URL: h.sms!.url,
          OPERATOR_EMAIL: OPERATOR.email,
          OPERATOR_PASSWORD: password,
        }),
      );
    await restart('a brand new password');
    expect((await signInOperator()).status).toBe(401);
    expect(
      (await h.post('/auth/signin', { email: OPERATOR.email, password: 'a brand new password' })).status,
    ).toBe(200);
    const again = { email: OPERATOR.email, password: 'a brand new password' };
    expect((await saveOperator(h.service.context, again)).outcome).toBe('unchanged');
    expect((await saveOperator(h.service.context, OPERATOR)).outcome).toBe('updated');
    expect((await signInOperator()).status).toBe(200);
    const [row] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from identity.users where user_type = 'operator' and email = ${OPERATOR.email}`,
    );
    expect(row!.n).toBe(1);
  });

  test("a second operator can be added; a chef's or restaurant's email cannot become an operator", async () => {
    const second = await saveOperator(h.service.context, {
      email: 'Second.Ops@brigade.test',
      password: 'long enough',
    });
    expect(second).toMatchObject({ email: 'second.ops@brigade.test', outcome: 'created' });
    const chef = await member('chef');
    await expect(
      saveOperator(h.service.context, { email: chef.account.email, password: 'long enough' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const [row] = await h.database.rows<{ user_type: string }>(
      sql`select user_type from identity.users where id = ${chef.id}`,
    );
    expect(row!.user_type).toBe('chef');
  });

  test('operators use the account routes (me, language, refresh, sign-out); member routes refuse them', async () => {
    const res = await signInOperator();
    const token = res.body.session.access_token;
    expect(await h.get('/profiles/me', token)).toMatchObject({
      status: 200,
      body: { user: { user_type: 'operator' }, profile: null },
    });
    const before = (await outbox('identity.user.updated.v1')).length;
    expect(await h.patch('/profiles/me', { language_preference: 'es' }, token)).toMatchObject({
      status: 200,
      body: { user: { language_preference: 'es' } },
    });
    expect((await outbox('identity.user.updated.v1')).length).toBe(before);
    await h.patch('/profiles/me', { language_preference: 'en' }, token);

    expect(await h.get('/profiles/chefs', token)).toMatchObject(WRONG_ROLE);
    expect(await h.get('/profiles/restaurant', token)).toMatchObject(WRONG_ROLE);
    expect(await h.post('/profiles/chef', { name: 'x' }, token)).toMatchObject(WRONG_ROLE);
    expect(
      await h.post('/agreements/accept', { agreementType: 'worker_tos', version: '1.0' }, token),
    ).toMatchObject(WRONG_ROLE);
    expect(await h.post('/auth/verify-phone', { phone: '6125550199', code: '123456' }, token)).toMatchObject(
      WRONG_ROLE,
    );
    expect(await h.post('/auth/resend-code', { phone: '6125550199' }, token)).toMatchObject(WRONG_ROLE);

    const refreshed = await h.post('/auth/refresh', { refresh_token: res.body.session.refresh_token });
    expect(refreshed).toMatchObject({ status: 200, body: { session: { user: { user_type: 'operator' } } } });
    const fresh = refreshed.body.session.access_token;
    expect((await h.post('/auth/signout', {}, fresh)).status).toBe(200);
    expect(await h.get('/profiles/me', fresh)).toMatchObject({
      status: 401,
      body: { code: 'AUTH.SESSION_REVOKED' },
    });
  });
});

describe('ops: users', () => {
  let ops: string;
  beforeAll(async () => {
    ops = await operatorToken();
  });

  test('search by email (any case, substring) or phone digits; at most 50, newest first', async () => {
    const tag = `find${Date.now()}`;
    const chef = await member('chef', { email: `${tag}.Chef@Example.com`, phone: '(313) 555-7781' });
    const restaurant = await member('restaurant', { email: `${tag}.kitchen@example.com` });
    await h.post(
      '/profiles/restaurant',
      { name: 'Tag Kitchen', description: 'd', address: 'a', city: 'Detroit', cuisineTypes: '["Thai"]' },
      restaurant.token,
    );

    const byEmail = await h.get(`/ops/users?q=${tag.toUpperCase()}`, ops);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.users.map((u: any) => u.id)).toEqual([restaurant.id, chef.id]);
    expect(byEmail.body.users[0]).toMatchObject({
      email: `${tag}.kitchen@example.com`,
      user_type: 'restaurant',
      name: 'Tag Kitchen',
      suspension: null,
    });
    const byPhone = await h.get(`/ops/users?q=${encodeURIComponent('313-555-7781')}`, ops);
    expect(byPhone.body.users.map((u: any) => u.id)).toEqual([chef.id]);
    expect(byPhone.body.users[0]).toMatchObject({ phone: '+13135557781', name: null });
    const operators = await h.get('/ops/users?q=ops@brigade.test', ops);
    expect(operators.body.users).toEqual([
      expect.objectContaining({ user_type: 'operator', email: 'second.ops@brigade.test' }),
      expect.objectContaining({ user_type: 'operator', email: OPERATOR.email }),
    ]);
    // Wildcards match themselves.
    expect((await h.get('/ops/users?q=%25', ops)).body.users).toEqual([]);
    expect((await h.get('/ops/users?q=_', ops)).body.users).toEqual([]);

    for (let i = 0; i < 55; i++)
      await h.database.db.execute(sql`insert into identity.users (id, email, phone, password_hash, user_type)
        values (${randomUUID()}, ${`many${i}.${tag}@example.com`}, '+16125550000', 'x', 'chef')`);
    expect((await h.get(`/ops/users?q=many`, ops)).body.users).toHaveLength(50);
  });

  test('a bad search is a 400', async () => {
    for (const q of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(201)}`, '?q=a&q=b'])
      expect(await h.get(`/ops/users${q}`, ops)).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
  });

  test('one user: account, profile as the marketplace shows it, reliability record', async () => {
    const chef = await member('chef');
    const bare = await h.get(`/ops/users/${chef.id}`, ops);
    expect(bare).toMatchObject({
      status: 200,
      body: {
        user: { id: chef.id, user_type: 'chef', phone_verified: false, suspension: null },
        profile: null,
        reliability: { completed_shifts: 0, no_shows: 0, last_90_days: expect.any(Object) },
      },
    });
    await h.post(
      '/profiles/chef',
      { name: 'Ops Chef', bio: 'b', city: 'Minneapolis', skills: '["Line Cook"]' },
      chef.token,
    );
    const full = await h.get(`/ops/users/${chef.id}`, ops);
    const { body: marketplace } = await h.get(`/profiles/chef/${chef.id}`, chef.token);
    expect(full.body.profile).toEqual(marketplace.profile);
    expect(full.body.user.name).toBe('Ops Chef');
    expect(full.body.reliability).toEqual(marketplace.profile.reliability);

    const operator = (await h.get('/ops/users?q=ops@brigade.test', ops)).body.users.at(-1);
    expect((await h.get(`/ops/users/${operator.id}`, ops)).body).toMatchObject({
      profile: null,
      reliability: null,
    });
    expect(await h.get(`/ops/users/${randomUUID()}`, ops)).toMatchObject({
      status: 404,
      body: { code: 'IDENTITY.USER_NOT_FOUND' },
    });
    expect((await h.get('/ops/users/not-a-uuid', ops)).status).toBe(404);
  });

  test("suspension: the user's tokens are refused within 3 s, sign-in is a 403; reinstated, sign-in works", async () => {
    const chef = await member('chef');
    const other = await h.post('/auth/signin', {
      email: chef.account.email,
      password: chef.account.password,
    });
    expect((await h.get('/profiles/me', chef.token)).status).toBe(200);

    const res = await h.post(`/ops/users/${chef.id}/suspend`, { reason: '  Repeated no-shows  ' }, ops);
    expect(res).toMatchObject({
      status: 200,
      body: {
        user: { id: chef.id, suspension: { reason: 'Repeated no-shows', operator_id: decodeJwt(ops).sub } },
      },
    });
    const started = Date.now();
    for (const token of [chef.token, other.body.session.access_token])
      await eventually(
        async () =>
          expect(await h.get('/profiles/me', token)).toMatchObject({
            status: 401,
            body: { code: 'AUTH.SESSION_REVOKED' },
          }),
        3000,
        250,
      );
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await h.post('/auth/refresh', { refresh_token: chef.session.refresh_token })).status).toBe(401);
    expect(
      await h.post('/auth/signin', { email: chef.account.email, password: chef.account.password }),
    ).toMatchObject({
      status: 403,
      body: { code: 'IDENTITY.SUSPENDED', error: expect.stringContaining('suspended') },
    });
    // Without the password, nothing is revealed.
    expect(
      await h.post('/auth/signin', { email: chef.account.email, password: 'wrong password' }),
    ).toMatchObject({
      status: 401,
      body: { code: 'IDENTITY.INVALID_CREDENTIALS' },
    });
    expect(await h.post(`/ops/users/${chef.id}/suspend`, { reason: 'again' }, ops)).toMatchObject({
      status: 409,
      body: { code: 'IDENTITY.ALREADY_SUSPENDED' },
    });
    expect((await h.get(`/ops/users/${chef.id}`, ops)).body.user.suspension.reason).toBe('Repeated no-shows');

    const suspended = (await outbox('identity.user.suspended.v1')).map((r) => r.payload);
    expect(suspended.filter((e) => JSON.stringify(e).includes(chef.id))).toHaveLength(1);

    const back = await h.post(`/ops/users/${chef.id}/reinstate`, { reason: 'Talked it through' }, ops);
    expect(back).toMatchObject({ status: 200, body: { user: { id: chef.id, suspension: null } } });
    expect(
      (await h.post('/auth/signin', { email: chef.account.email, password: chef.account.password })).status,
    ).toBe(200);
    expect(await h.post(`/ops/users/${chef.id}/reinstate`, {}, ops)).toMatchObject({
      status: 409,
      body: { code: 'IDENTITY.NOT_SUSPENDED' },
    });
    const reinstated = (await outbox('identity.user.reinstated.v1')).map((r) => r.payload);
    expect(reinstated.filter((e) => JSON.stringify(e).includes(chef.id))).toHaveLength(1);

    const audit = await listAudit(h.database, 'identity', { subjectId: chef.id });
    expect(audit.map((a) => [a.action, a.reason, a.operator_email, a.subject_type])).toEqual([
      ['user.reinstate', 'Talked it through', OPERATOR.email, 'user'],
      ['user.suspend', 'Repeated no-shows', OPERATOR.email, 'user'],
    ]);
  });

  test('a suspended chef is left out of chef search until reinstated', async () => {
    const chef = await member('chef');
    const name = `Hidden ${Date.now()}`;
    await h.post(
      '/profiles/chef',
      { name, bio: 'b', city: 'Minneapolis', skills: '["Line Cook"]' },
      chef.token,
    );
    const restaurant = await member('restaurant');
    const found = async () =>
      (await h.get('/profiles/chefs?limit=100', restaurant.token)).body.chefs.some(
        (c: any) => c.name === name,
      );
    expect(await found()).toBe(true);
    await h.post(`/ops/users/${chef.id}/suspend`, { reason: 'Check' }, ops);
    expect(await found()).toBe(false);
    await h.post(`/ops/users/${chef.id}/reinstate`, {}, ops);
    expect(await found()).toBe(true);
  });

  test('reinstating needs no body; suspending checks its input and changes nothing on a refusal', async () => {
    const restaurant = await member('restaurant');
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(1001) },
      { reason: 5 },
      [],
      'text',
    ])
      expect(await h.post(`/ops/users/${restaurant.id}/suspend`, body, ops)).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
    expect((await h.get('/profiles/me', restaurant.token)).status).toBe(200);
    expect((await listAudit(h.database, 'identity', { subjectId: restaurant.id })).length).toBe(0);

    const operator = (await h.get('/ops/users?q=ops@brigade.test', ops)).body.users.at(-1);
    // Operators may be suspended (issue 33), but never by themselves.
    expect(await h.post(`/ops/users/${operator.id}/suspend`, { reason: 'no' }, ops)).toMatchObject({
      status: 409,
      body: { code: 'IDENTITY.NOT_YOURSELF' },
    });
    expect(await h.post(`/ops/users/${randomUUID()}/suspend`, { reason: 'no' }, ops)).toMatchObject({
      status: 404,
    });
    expect((await h.post('/ops/users/123/suspend', { reason: 'no' }, ops)).status).toBe(404);
    expect((await h.post(`/ops/users/${randomUUID()}/reinstate`, {}, ops)).status).toBe(404);
    expect(
      (await h.post(`/ops/users/${restaurant.id}/reinstate`, { reason: 'x'.repeat(1001) }, ops)).status,
    ).toBe(400);

    expect(
      (await h.post(`/ops/users/${restaurant.id}/suspend`, { reason: 'Fraud report' }, ops)).status,
    ).toBe(200);
    const res = await fetch(`${h.url}/ops/users/${restaurant.id}/reinstate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}` },
    });
    expect(res.status).toBe(200);
  });

  test("chefs' and restaurants' tokens get 403 on every ops route; no token is a 401", async () => {
    const chef = await member('chef');
    const restaurant = await member('restaurant');
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/ops/users?q=a'],
      ['GET', `/ops/users/${chef.id}`],
      ['POST', `/ops/users/${restaurant.id}/suspend`, { reason: 'x' }],
      ['POST', `/ops/users/${chef.id}/reinstate`, {}],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [chef.token, restaurant.token]) {
        const res = method === 'GET' ? await h.get(path, token) : await h.post(path, body, token);
        expect(res).toMatchObject(OPERATORS_ONLY);
      }
      const anonymous = method === 'GET' ? await h.get(path) : await h.post(path, body);
      expect(anonymous.status).toBe(401);
    }
    expect((await h.get('/profiles/me', restaurant.token)).status).toBe(200);
    expect(
      (await h.post('/auth/signin', { email: chef.account.email, password: chef.account.password })).status,
    ).toBe(200);
  });
});
