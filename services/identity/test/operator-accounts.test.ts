import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { createLogger, listAudit, listen, sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { loadIdentityConfig } from '../src/config';
import { createIdentityService } from '../src/app';
import { suspendOperator } from '../src/use-cases/suspend-operator';
import { removeOperator } from '../src/use-cases/remove-operator';
import { newAccount, startIdentity, type Harness } from './harness';

// Issue 33: operators are accounts the platform controls. An admin adds, suspends, reinstates and removes
// operators; a one-time password must be changed before it opens a session; suspending, removing or a new
// password ends every session of theirs, also across a restart of identity; operators' sessions are short;
// two-step sign-in with an authenticator app.

const ADMIN = { email: 'first.admin@brigade.test', password: 'admin password 1' };
const ENDED = { status: 401, body: { code: 'AUTH.SESSION_REVOKED' } };
const ADMIN_ONLY = { status: 403, body: { code: 'IDENTITY.ADMIN_ONLY' } };
const COMMAND = { kind: 'command', label: 'npm run operator (test@host)' } as const;

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startIdentity({
    OPERATOR_EMAIL: ADMIN.email,
    OPERATOR_PASSWORD: ADMIN.password,
    ACCESS_TOKEN_TTL_SECONDS: '600',
  });
  admin = (await h.post('/auth/signin', ADMIN)).body.session.access_token;
});
afterAll(() => h.close());

let counter = 0;
/** An operator added by the admin, who changed the one-time password: signed in with the new one. */
async function newOperator(options: { admin?: boolean } = {}) {
  counter += 1;
  const email = `operator${counter}.${Date.now()}@brigade.test`;
  const added = await h.post('/ops/operators', { email, ...options }, admin);
  expect(added.status).toBe(201);
  const password = `my own password ${counter}`;
  const changed = await h.post('/auth/password/change', {
    email,
    password: added.body.one_time_password,
    new_password: password,
  });
  expect(changed.status).toBe(200);
  const signedIn = await h.post('/auth/signin', { email, password });
  expect(signedIn.status).toBe(200);
  return {
    id: added.body.operator.id as string,
    email,
    password,
    token: signedIn.body.session.access_token as string,
    refresh: signedIn.body.session.refresh_token as string,
  };
}

/** Within 3 s, every one of these tokens is refused on the console's routes. */
async function refusedWithin3s(tokens: string[]) {
  const started = Date.now();
  for (const token of tokens)
    await eventually(async () => expect(await h.get('/ops/users?q=a', token)).toMatchObject(ENDED), 3000, 50);
  expect(Date.now() - started).toBeLessThan(3000);
}

test('the operator of OPERATOR_EMAIL is an admin; an added operator signs in only after changing the one-time password', async () => {
  const me = await h.post('/auth/signin', ADMIN);
  expect(me.body.user).toMatchObject({ user_type: 'operator', admin: true });

  const email = `new.${Date.now()}@brigade.test`;
  const added = await h.post('/ops/operators', { email: ` ${email.toUpperCase()} ` }, admin);
  expect(added).toMatchObject({
    status: 201,
    body: {
      operator: {
        email,
        admin: false,
        suspension: null,
        password_change_required: true,
        totp_enrolled: false,
      },
      one_time_password: expect.stringMatching(/^\S{12,}$/),
    },
  });
  const once = added.body.one_time_password as string;
  expect(await h.post('/auth/signin', { email, password: once })).toMatchObject({
    status: 403,
    body: { code: 'IDENTITY.PASSWORD_CHANGE_REQUIRED' },
  });
  // A wrong current password changes nothing; the new one must differ.
  expect(
    (
      await h.post('/auth/password/change', {
        email,
        password: 'not it at all',
        new_password: 'x'.repeat(10),
      })
    ).status,
  ).toBe(401);
  expect((await h.post('/auth/password/change', { email, password: once, new_password: once })).status).toBe(
    400,
  );
  expect(
    await h.post('/auth/password/change', { email, password: once, new_password: 'chosen by me 1' }),
  ).toMatchObject({ status: 200 });
  expect((await h.post('/auth/signin', { email, password: once })).status).toBe(401);
  const signedIn = await h.post('/auth/signin', { email, password: 'chosen by me 1' });
  expect(signedIn).toMatchObject({ status: 200, body: { user: { user_type: 'operator', admin: false } } });

  const listed = await h.get('/ops/operators', admin);
  expect(listed.status).toBe(200);
  expect(listed.body.operators).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ email: ADMIN.email, admin: true }),
      expect.objectContaining({ email, admin: false, password_change_required: false }),
    ]),
  );
  // The same email again, a chef's email, a bad body: refused, nothing added.
  expect(await h.post('/ops/operators', { email }, admin)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.OPERATOR_EXISTS' },
  });
  const chef = newAccount('chef');
  expect((await h.post('/auth/signup', chef)).status).toBe(201);
  expect(await h.post('/ops/operators', { email: chef.email }, admin)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.EMAIL_TAKEN' },
  });
  for (const body of [{}, { email: 'nope' }, { email, admin: 'yes' }])
    expect((await h.post('/ops/operators', body, admin)).status).toBe(400);
});

test('only admins manage operators: 403 IDENTITY.ADMIN_ONLY for other operators, 403 for chefs', async () => {
  const plain = await newOperator();
  const other = await newOperator();
  expect(await h.get('/ops/operators', plain.token)).toMatchObject(ADMIN_ONLY);
  expect(await h.post('/ops/operators', { email: 'x@brigade.test' }, plain.token)).toMatchObject(ADMIN_ONLY);
  const del = await fetch(`${h.url}/ops/operators/${other.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${plain.token}` },
  });
  expect([del.status, ((await del.json()) as { code: string }).code]).toEqual([403, 'IDENTITY.ADMIN_ONLY']);
  expect(await h.post(`/ops/users/${other.id}/suspend`, { reason: 'x' }, plain.token)).toMatchObject(
    ADMIN_ONLY,
  );
  // Nothing changed: the other operator still works.
  expect((await h.get('/ops/users?q=a', other.token)).status).toBe(200);

  const chef = (await h.post('/auth/signup', newAccount('chef'))).body.session.access_token;
  expect(await h.get('/ops/operators', chef)).toMatchObject({
    status: 403,
    body: { code: 'AUTH.OPERATORS_ONLY' },
  });
  expect((await h.get('/ops/operators')).status).toBe(401);
});

test('an admin suspends an operator: every session of theirs ends within 3 s, refresh and sign-in are refused; reinstated, they sign in', async () => {
  const op = await newOperator();
  const second = await h.post('/auth/signin', { email: op.email, password: op.password });
  expect(await h.post(`/ops/users/${op.id}/suspend`, { reason: 'Laptop stolen' }, admin)).toMatchObject({
    status: 200,
    body: { user: { id: op.id, user_type: 'operator', suspension: { reason: 'Laptop stolen' } } },
  });
  await refusedWithin3s([op.token, second.body.session.access_token]);
  expect((await h.post('/auth/refresh', { refresh_token: op.refresh })).status).toBe(401);
  expect(await h.post('/auth/signin', { email: op.email, password: op.password })).toMatchObject({
    status: 403,
    body: { code: 'IDENTITY.SUSPENDED' },
  });
  expect(await h.post(`/ops/users/${op.id}/suspend`, { reason: 'again' }, admin)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.ALREADY_SUSPENDED' },
  });
  expect((await h.post(`/ops/users/${op.id}/reinstate`, { reason: 'Found it' }, admin)).status).toBe(200);
  expect((await h.post('/auth/signin', { email: op.email, password: op.password })).status).toBe(200);

  const audit = await listAudit(h.database, 'identity', { subjectId: op.id });
  expect(audit.map((a) => [a.action, a.operator_email, a.reason])).toEqual([
    ['operator.reinstate', ADMIN.email, 'Found it'],
    ['operator.suspend', ADMIN.email, 'Laptop stolen'],
    ['operator.password_change', op.email, null],
    ['operator.add', ADMIN.email, null],
  ]);
});

test('an admin removes an operator: sessions end within 3 s, sign-in answers as for an unknown email; they can be added back', async () => {
  const op = await newOperator({ admin: true });
  const res = await fetch(`${h.url}/ops/operators/${op.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  await refusedWithin3s([op.token]);
  expect((await h.post('/auth/refresh', { refresh_token: op.refresh })).status).toBe(401);
  expect(await h.post('/auth/signin', { email: op.email, password: op.password })).toMatchObject({
    status: 401,
    body: { code: 'IDENTITY.INVALID_CREDENTIALS' },
  });
  expect((await h.get('/ops/operators', admin)).body.operators.map((o: any) => o.email)).not.toContain(
    op.email,
  );
  const again = await fetch(`${h.url}/ops/operators/${op.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(again.status).toBe(404);
  const back = await h.post('/ops/operators', { email: op.email }, admin);
  expect(back).toMatchObject({ status: 201, body: { operator: { id: op.id, admin: false } } });
  expect(
    (await listAudit(h.database, 'identity', { subjectId: op.id })).map((a) => a.action).slice(0, 2),
  ).toEqual(['operator.add', 'operator.remove']);
});

test('no one suspends or removes themselves, nor the last admin who can act', async () => {
  const me = decodeJwt(admin).sub!;
  expect(await h.post(`/ops/users/${me}/suspend`, { reason: 'x' }, admin)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.NOT_YOURSELF' },
  });
  const res = await fetch(`${h.url}/ops/operators/${me}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin}` },
  });
  expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([409, 'IDENTITY.NOT_YOURSELF']);
  // The command line acts as the platform: still never the last admin. Other admins first go.
  const admins = await h.database.rows<{ id: string }>(
    sql`select id from identity.users where user_type = 'operator' and admin and suspended_at is null
          and removed_at is null and id <> ${me}`,
  );
  for (const a of admins) await removeOperator(h.service.context, COMMAND, a.id);
  await expect(suspendOperator(h.service.context, COMMAND, me, 'x')).rejects.toMatchObject({
    status: 409,
    code: 'IDENTITY.LAST_ADMIN',
  });
  await expect(removeOperator(h.service.context, COMMAND, me)).rejects.toMatchObject({
    code: 'IDENTITY.LAST_ADMIN',
  });
  expect((await h.get('/ops/operators', admin)).status).toBe(200);
});

/** identity started again on the same database: a new process, with none of the old one's memory. */
async function restartIdentity(env: Record<string, string> = {}) {
  const service = await createIdentityService(
    { database: h.database, bus: h.testBus.bus, logger: createLogger('identity-restarted') },
    loadIdentityConfig({
      ARGON2_MEMORY_KIB: '1024',
      SMS_SANDBOX: '1',
      TWILIO_VERIFY_API_BASE_URL: h.sms!.url,
      ACCESS_TOKEN_TTL_SECONDS: '600',
      ...env,
    }),
  );
  const server = await listen(service.app);
  return { url: server.url, close: () => server.close() };
}

test("an operator's password change ends every session of theirs, and a restart of identity does not bring them back", async () => {
  const op = await newOperator();
  expect((await h.get('/ops/audit', op.token)).status).toBe(200);
  expect(
    (
      await h.post('/auth/password/change', {
        email: op.email,
        password: op.password,
        new_password: 'another password 2',
      })
    ).status,
  ).toBe(200);
  await refusedWithin3s([op.token]);
  expect((await h.post('/auth/refresh', { refresh_token: op.refresh })).status).toBe(401);

  const restarted = await restartIdentity();
  try {
    const audit = await fetch(`${restarted.url}/ops/audit`, {
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect([audit.status, ((await audit.json()) as { code: string }).code]).toEqual([
      401,
      'AUTH.SESSION_REVOKED',
    ]);
    const refresh = await fetch(`${restarted.url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: op.refresh }),
    });
    expect(refresh.status).toBe(401);
  } finally {
    await restarted.close();
  }
});

test('a new OPERATOR_PASSWORD at restart ends the sessions opened with the old one', async () => {
  const before = await h.post('/auth/signin', ADMIN);
  const token = before.body.session.access_token as string;
  const restarted = await restartIdentity({
    OPERATOR_EMAIL: ADMIN.email,
    OPERATOR_PASSWORD: 'the rotated password',
  });
  try {
    const audit = await fetch(`${restarted.url}/ops/audit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([audit.status, ((await audit.json()) as { code: string }).code]).toEqual([
      401,
      'AUTH.SESSION_REVOKED',
    ]);
    expect((await h.post('/auth/refresh', { refresh_token: before.body.session.refresh_token })).status).toBe(
      401,
    );
  } finally {
    await restarted.close();
  }
  // Back to the suite's password (another restart), and a fresh admin token for the tests after this one.
  const back = await restartIdentity({ OPERATOR_EMAIL: ADMIN.email, OPERATOR_PASSWORD: ADMIN.password });
  await back.close();
  admin = (await h.post('/auth/signin', ADMIN)).body.session.access_token;
});

test('two-step sign-in: enrol with email and password, the first right code confirms it, then every sign-in needs a code', async () => {
  const op = await newOperator();
  const enrolled = await h.post('/auth/totp/enrol', { email: op.email, password: op.password });
  expect(enrolled).toMatchObject({
    status: 200,
    body: {
      secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\//),
    },
  });
  expect(enrolled.body.otpauth_uri).toContain(encodeURIComponent(op.email));
  const secret = enrolled.body.secret as string;
  expect((await h.post('/auth/totp/enrol', { email: op.email, password: 'wrong password' })).status).toBe(
    401,
  );
  // Waiting for confirmation: a sign-in without a code still works; a wrong code does not confirm it.
  expect((await h.post('/auth/signin', { email: op.email, password: op.password })).status).toBe(200);
  const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
  expect(await h.post('/auth/signin', { email: op.email, password: op.password, totp: wrong })).toMatchObject(
    {
      status: 401,
      body: { code: 'IDENTITY.TOTP_INVALID' },
    },
  );
  const confirmed = await h.post('/auth/signin', {
    email: op.email,
    password: op.password,
    totp: await generate({ secret }),
  });
  expect(confirmed.status).toBe(200);
  expect(await h.post('/auth/signin', { email: op.email, password: op.password })).toMatchObject({
    status: 401,
    body: { code: 'IDENTITY.TOTP_REQUIRED' },
  });
  expect(await h.post('/auth/totp/enrol', { email: op.email, password: op.password })).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.TOTP_ALREADY_ENROLLED' },
  });
  expect((await h.get('/ops/operators', admin)).body.operators).toEqual(
    expect.arrayContaining([expect.objectContaining({ email: op.email, totp_enrolled: true })]),
  );
  // Chefs have no second factor to enrol.
  const chef = newAccount('chef');
  await h.post('/auth/signup', chef);
  expect(await h.post('/auth/totp/enrol', { email: chef.email, password: chef.password })).toMatchObject({
    status: 403,
    body: { code: 'AUTH.OPERATORS_ONLY' },
  });
});

describe('OPERATOR_SESSION_TTL and OPERATOR_REQUIRE_TOTP', () => {
  let strict: Harness;
  beforeAll(async () => {
    strict = await startIdentity({
      OPERATOR_EMAIL: ADMIN.email,
      OPERATOR_PASSWORD: ADMIN.password,
      OPERATOR_SESSION_TTL: '90s',
      OPERATOR_REQUIRE_TOTP: '1',
    });
  });
  afterAll(() => strict.close());

  test('with OPERATOR_REQUIRE_TOTP=1 an operator signs in only with a code; the session ends 90 s after sign-in, refreshed or not', async () => {
    expect(await strict.post('/auth/signin', ADMIN)).toMatchObject({
      status: 403,
      body: { code: 'IDENTITY.TOTP_ENROLMENT_REQUIRED' },
    });
    const { secret } = (await strict.post('/auth/totp/enrol', ADMIN)).body;
    const signedIn = await strict.post('/auth/signin', { ...ADMIN, totp: await generate({ secret }) });
    expect(signedIn.status).toBe(200);
    const session = signedIn.body.session;
    const signedInAt = decodeJwt(session.access_token).iat!;
    expect(session.expires_in).toBeLessThanOrEqual(90);
    expect(session.expires_at).toBeLessThanOrEqual(signedInAt + 90);
    const refreshed = await strict.post('/auth/refresh', { refresh_token: session.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.session.expires_at).toBeLessThanOrEqual(signedInAt + 90);
    const [row] = await strict.database.rows<{ seconds: number }>(
      sql`select extract(epoch from expires_at - created_at)::int as seconds from identity.sessions
           where id = ${decodeJwt(session.access_token).sid as string}`,
    );
    expect(row!.seconds).toBeLessThanOrEqual(91);
    // Past the session's end (its clock moved on), the refresh token is refused.
    await strict.database.db.execute(
      sql`update identity.sessions set expires_at = now() - interval '1 second'
           where id = ${decodeJwt(session.access_token).sid as string}`,
    );
    expect(
      (await strict.post('/auth/refresh', { refresh_token: refreshed.body.session.refresh_token })).status,
    ).toBe(401);
    // Members keep their long sessions.
    const chef = await strict.post('/auth/signup', newAccount('chef'));
    expect(chef.body.session.expires_in).toBe(900);
  });
});
