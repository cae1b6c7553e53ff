import { decodeJwt } from 'jose';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { saveOperator } from '../src/use-cases/save-operator';
import { newAccount, startIdentity, type Harness } from './harness';

// Issue 32, "a way back in": a chef or restaurant who forgot the password asks for a code by phone or email
// (texted to the verified phone), then sets a new password with it; every session of the account ends. The
// forgot request answers the same whoever asks, and both doors are limited like the verification codes.

let h: Harness;
const ENDED = { code: 'AUTH.SESSION_REVOKED', error: 'Your session has ended. Please sign in again.' };
const NEW_PASSWORD = 'a brand new password';

beforeAll(async () => {
  h = await startIdentity({ ACCESS_TOKEN_TTL_SECONDS: '60' });
});
afterAll(() => h.close());

interface Member {
  id: string;
  email: string;
  phone: string;
  password: string;
  session: { access_token: string; refresh_token: string };
}

/** A signed-up account whose phone is verified (the code from the SMS sandbox), with its first session. */
async function verifiedMember(type: 'chef' | 'restaurant' = 'chef', language: 'en' | 'es' = 'en') {
  const account = newAccount(type, { languagePreference: language });
  const signup = await h.post('/auth/signup', account);
  expect(signup.status).toBe(201);
  const { user, session } = signup.body;
  const code = await h.lastCode(user.phone);
  expect((await h.post('/auth/verify-phone', { phone: user.phone, code }, session.access_token)).status).toBe(
    200,
  );
  return { id: user.id, email: user.email, phone: user.phone, password: account.password, session } as Member;
}

const signIn = (email: string, password: string) => h.post('/auth/signin', { email, password });

/** The texts the SMS sandbox holds for a phone (E.164), newest first. */
const textsTo = async (phone: string) => (await h.sms!.outbox({ to: phone })) ?? [];

/** The code of the newest text to a phone, once it has come (the text leaves after the answer). */
async function codeTextedTo(phone: string, after = 0) {
  return eventually(async () => {
    const texts = await textsTo(phone);
    expect(texts.length).toBeGreaterThan(after);
    return /(\d{6})/.exec(texts[0].body)![1];
  });
}

let unknownCounter = 0;
/** A number and an email no account has. */
function nobody() {
  unknownCounter += 1;
  return {
    phone: `+1651555${String(2000 + unknownCounter).slice(-4)}`,
    email: `nobody-${Date.now()}-${unknownCounter}@example.com`,
  };
}

describe('forgot password: the same answer whether or not an account matches', () => {
  test('a verified account by phone or email, an unknown phone or email, an unverified account and an operator all read the same; only the verified phone is texted', async () => {
    const member = await verifiedMember();
    const unverified = newAccount('restaurant');
    const signedUp = await h.post('/auth/signup', unverified);
    expect(signedUp.status).toBe(201);
    const unverifiedPhone = signedUp.body.user.phone as string;
    const operator = { email: `ops-${Date.now()}@brigade.test`, password: 'operator password 1' };
    await saveOperator(h.service.context, operator);
    const stranger = nobody();
    const textsBefore = (await textsTo(member.phone)).length;
    const unverifiedTextsBefore = (await textsTo(unverifiedPhone)).length;

    const answers = [];
    for (const body of [
      { phone: member.phone },
      { email: member.email.toUpperCase() },
      { phone: stranger.phone },
      { email: stranger.email },
      { phone: unverifiedPhone },
      { email: unverified.email },
      { email: operator.email },
    ])
      answers.push(await h.post('/auth/password/forgot', body));
    for (const answer of answers)
      expect(answer).toEqual({
        status: 200,
        body: {
          message:
            'If an account has this phone number or email and a verified phone, we texted a 6-digit code to it.',
        },
      });

    // Both of the member's requests reached its phone; the unverified number was never texted a reset code.
    await eventually(async () => expect((await textsTo(member.phone)).length).toBe(textsBefore + 2));
    await h.service.context.afterAnswer.settled();
    expect((await textsTo(unverifiedPhone)).length).toBe(unverifiedTextsBefore);
    // Nothing about the people without an account is kept in the clear.
    const kept = await h.database.rows<{ lookup: string }>(sql`select lookup from identity.password_resets`);
    expect(kept.some((r) => r.lookup.includes('@') || r.lookup.includes('+1'))).toBe(false);
  });

  test('a failing SMS provider does not change the answer (the text leaves after it)', async () => {
    const broken = await startIdentity({ TWILIO_VERIFY_API_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const account = newAccount('chef');
      const signup = await broken.post('/auth/signup', account);
      expect(signup.body.code_sent).toBe(false);
      await broken.database.db.execute(
        sql`update identity.users set phone_verified = true where id = ${signup.body.user.id}`,
      );
      const known = await broken.post('/auth/password/forgot', { email: account.email });
      const unknown = await broken.post('/auth/password/forgot', { email: nobody().email });
      expect(known).toEqual(unknown);
      expect(known.status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  test('a request names one account: a phone or an email, well formed', async () => {
    for (const body of [
      {},
      { phone: '+16125550100', email: 'a@example.com' },
      { phone: '12' },
      { email: 'x' },
    ]) {
      const answer = await h.post('/auth/password/forgot', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION.FAILED');
    }
  });
});

describe('reset password: the texted code sets a new password and ends every session', () => {
  test('the right code changes the password, refuses the old one, and ends every session (access and refresh tokens)', async () => {
    const member = await verifiedMember('restaurant');
    const second = (await signIn(member.email, member.password)).body.session;
    expect((await h.get('/profiles/me', second.access_token)).status).toBe(200);
    const before = (await textsTo(member.phone)).length;

    expect((await h.post('/auth/password/forgot', { phone: member.phone })).status).toBe(200);
    const code = await codeTextedTo(member.phone, before);
    const reset = await h.post('/auth/password/reset', {
      phone: member.phone,
      code,
      password: NEW_PASSWORD,
    });
    expect(reset).toEqual({
      status: 200,
      body: { message: 'Your password was changed. Please sign in with your new password.' },
    });

    expect(await signIn(member.email, member.password)).toMatchObject({
      status: 401,
      body: { code: 'IDENTITY.INVALID_CREDENTIALS' },
    });
    const fresh = await signIn(member.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await h.get('/profiles/me', fresh.body.session.access_token)).status).toBe(200);
    for (const old of [member.session, second]) {
      expect(await h.get('/profiles/me', old.access_token)).toMatchObject({ status: 401, body: ENDED });
      expect(await h.post('/auth/refresh', { refresh_token: old.refresh_token })).toMatchObject({
        status: 401,
        body: { code: 'IDENTITY.INVALID_REFRESH_TOKEN' },
      });
    }
    const reasons = await h.database.rows<{ id: string; revoked_reason: string }>(
      sql`select id, revoked_reason from identity.sessions where user_id = ${member.id} and revoked_at is not null`,
    );
    expect(reasons.map((r) => r.id).sort()).toEqual(
      [decodeJwt(member.session.access_token).sid, decodeJwt(second.access_token).sid].sort(),
    );
    expect(new Set(reasons.map((r) => r.revoked_reason))).toEqual(new Set(['password_reset']));
    // The code is used up: it cannot set the password again.
    expect(
      await h.post('/auth/password/reset', { phone: member.phone, code, password: 'yet another one' }),
    ).toMatchObject({ status: 400, body: { code: 'IDENTITY.CODE_EXPIRED' } });
  });

  test('asked by email, the code goes to the verified phone and the reset names the same email', async () => {
    const member = await verifiedMember('chef', 'es');
    const before = (await textsTo(member.phone)).length;
    expect((await h.post('/auth/password/forgot', { email: member.email })).status).toBe(200);
    const code = await codeTextedTo(member.phone, before);
    // The code belongs to the email's request: naming the phone instead finds no request.
    expect(
      await h.post('/auth/password/reset', { phone: member.phone, code, password: NEW_PASSWORD }),
    ).toMatchObject({ status: 400, body: { code: 'IDENTITY.CODE_EXPIRED' } });
    expect(
      (await h.post('/auth/password/reset', { email: member.email, code, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('a wrong code is a 400 and changes nothing; a short password is refused as at sign-up', async () => {
    const member = await verifiedMember();
    const before = (await textsTo(member.phone)).length;
    expect((await h.post('/auth/password/forgot', { phone: member.phone })).status).toBe(200);
    const code = await codeTextedTo(member.phone, before);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await h.post('/auth/password/reset', { phone: member.phone, code: wrong, password: NEW_PASSWORD }),
    ).toEqual({ status: 400, body: { error: 'Invalid verification code', code: 'IDENTITY.INVALID_CODE' } });
    expect(
      await h.post('/auth/password/reset', { phone: member.phone, code, password: 'short' }),
    ).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters' } });
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(401);
    expect((await h.get('/profiles/me', member.session.access_token)).status).toBe(200);
    expect((await h.post('/auth/refresh', { refresh_token: member.session.refresh_token })).status).toBe(200);
  });

  test('no request in the code lifetime: the same 400 for an account and for a phone nobody has', async () => {
    const member = await verifiedMember();
    const stranger = nobody();
    const forMember = await h.post('/auth/password/reset', {
      phone: member.phone,
      code: '123456',
      password: NEW_PASSWORD,
    });
    const forNobody = await h.post('/auth/password/reset', {
      phone: stranger.phone,
      code: '123456',
      password: NEW_PASSWORD,
    });
    expect(forMember).toEqual(forNobody);
    expect(forMember).toMatchObject({ status: 400, body: { code: 'IDENTITY.CODE_EXPIRED' } });
  });

  test('a code cannot be guessed: 4 wrong tries per request, then 429 even for the right code, for accounts and strangers alike', async () => {
    const member = await verifiedMember();
    const stranger = nobody();
    const before = (await textsTo(member.phone)).length;
    for (const phone of [member.phone, stranger.phone])
      expect((await h.post('/auth/password/forgot', { phone })).status).toBe(200);
    const code = await codeTextedTo(member.phone, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const phone of [member.phone, stranger.phone]) {
      const tries: Array<[number, string]> = [];
      for (let i = 0; i < 6; i++) {
        const reply = await h.post('/auth/password/reset', { phone, code: wrong, password: NEW_PASSWORD });
        tries.push([reply.status, reply.body.code]);
      }
      expect(tries).toEqual([
        ...Array(4).fill([400, 'IDENTITY.INVALID_CODE']),
        ...Array(2).fill([429, 'IDENTITY.TOO_MANY_ATTEMPTS']),
      ]);
    }
    expect(
      await h.post('/auth/password/reset', { phone: member.phone, code, password: NEW_PASSWORD }),
    ).toMatchObject({ status: 429, body: { code: 'IDENTITY.TOO_MANY_ATTEMPTS' } });
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });
});

describe('forgot password is limited like verification codes', () => {
  test('the sixth request in an hour for one phone or email is a 429 with a code, account or not', async () => {
    const member = await verifiedMember();
    const stranger = nobody();
    for (const body of [{ phone: member.phone }, { phone: stranger.phone }, { email: stranger.email }]) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await h.post('/auth/password/forgot', body)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(await h.post('/auth/password/forgot', body)).toEqual({
        status: 429,
        body: {
          error: 'Too many password reset requests. Please try again in an hour.',
          code: 'IDENTITY.TOO_MANY_RESETS',
        },
      });
    }
    // The phone's texts count with its verification texts: at most 5 an hour left for it.
    await h.service.context.afterAnswer.settled();
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from identity.phone_texts where phone = ${member.phone}
          and sent_at > now() - interval '1 hour'`,
    );
    expect(Number(rows[0].n)).toBe(5);
  });
});
