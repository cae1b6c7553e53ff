import { createLogger, listen, sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { loadIdentityConfig } from '../src/config';
import { createIdentityService } from '../src/app';
import { newAccount, startIdentity, type Harness } from './harness';

// Issue 40: a person's email is verified by a link mailed at sign-up (and again on request), through the kit's
// mailer into the mail sandbox; the link works once, for EMAIL_VERIFY_TTL; the mail goes out after the commit
// and survives a service that could not send it.

let clock = Date.now();
let h: Harness;
beforeAll(async () => {
  h = await startIdentity({}, { mail: true, now: () => new Date(clock) });
});
afterAll(() => h.close());

/** The mails the sandbox kept for an address, once there are `count` of them. */
const mailsTo = (to: string, count = 1) =>
  eventually(async () => {
    const mails = await h.mail!.outbox({ to });
    if (mails.length < count) throw new Error(`${mails.length} mails to ${to}, waiting for ${count}`);
    return mails;
  });
const tokenIn = (text: string | null) => {
  const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m) throw new Error(`no link in ${text}`);
  return m[1];
};
const verify = (token: string) => h.get(`/auth/email/verify?token=${encodeURIComponent(token)}`);

async function signUpWithMail(extra: Record<string, unknown> = {}) {
  const account = newAccount('chef', extra);
  const res = await h.post('/auth/signup', account);
  expect(res.status).toBe(201);
  return { account, session: res.body.session, user: res.body.user };
}

test('sign-up mails one link; the link verifies the email once; the profile and the event say so', async () => {
  const { account, session, user } = await signUpWithMail();
  expect(user.email_verified).toBe(false);
  const [mail] = await mailsTo(account.email);
  expect(mail.subject).toBe('Confirm your email for Brigade');
  expect(mail.text).toContain('http://localhost:8080/verify-email?token=');
  expect(mail.html).toContain('href="http://localhost:8080/verify-email?token=');
  const token = tokenIn(mail.text);
  expect((await h.service.email.pass()) + (await h.mail!.outbox({ to: account.email })).length).toBe(1);

  const before = await h.get('/profiles/me', session.access_token);
  expect(before.body.user.email_verified).toBe(false);

  const ok = await verify(token);
  expect(ok).toEqual({ status: 200, body: { message: 'Email verified', email: account.email } });
  expect((await h.get('/profiles/me', session.access_token)).body.user.email_verified).toBe(true);
  const events = await h.database.rows<{ payload: Record<string, unknown> }>(
    sql`select payload from identity.outbox where type = 'identity.user.updated.v1'
        and payload->>'user_id' = ${user.id}`,
  );
  expect(events.map((e) => e.payload)).toEqual([
    expect.objectContaining({ email: account.email, email_verified: true, phone_verified: false }),
  ]);

  // The same link again: used; asking for another: already verified.
  expect(await verify(token)).toMatchObject({ status: 400, body: { code: 'IDENTITY.EMAIL_TOKEN_USED' } });
  const again = await h.post('/auth/email/verify-request', undefined, session.access_token);
  expect(again).toMatchObject({ status: 409, body: { code: 'IDENTITY.EMAIL_ALREADY_VERIFIED' } });
});

test('the mail is in the account language: Spanish for a Spanish speaker', async () => {
  const { account } = await signUpWithMail({ languagePreference: 'es' });
  const [mail] = await mailsTo(account.email);
  expect(mail.subject).toBe('Confirme su correo electrónico en Brigade');
  expect(mail.text).toContain('Confirme que esta es su dirección');
  expect(mail.html).toContain('<html lang="es">');
});

test('asking again within a minute is refused (429); after it a new link comes, and either link verifies', async () => {
  const { account, session } = await signUpWithMail();
  await mailsTo(account.email);
  const soon = await h.post('/auth/email/verify-request', undefined, session.access_token);
  expect(soon).toMatchObject({ status: 429, body: { code: 'IDENTITY.TOO_MANY_EMAILS' } });
  clock += 61_000;
  const later = await h.post('/auth/email/verify-request', undefined, session.access_token);
  expect(later).toEqual({ status: 202, body: { message: expect.any(String) } });
  const mails = await mailsTo(account.email, 2);
  expect(mails).toHaveLength(2);
  expect(tokenIn(mails[0].text)).not.toBe(tokenIn(mails[1].text));
  // The newer verifies; the older is then used up with it.
  expect((await verify(tokenIn(mails[0].text))).status).toBe(200);
  expect(await verify(tokenIn(mails[1].text))).toMatchObject({
    status: 400,
    body: { code: 'IDENTITY.EMAIL_TOKEN_USED' },
  });
});

test('an expired, garbage or missing token is a 400 with a code, and the email stays unverified', async () => {
  const { account, session } = await signUpWithMail();
  const token = tokenIn((await mailsTo(account.email))[0].text);
  const saved = clock;
  clock += 24 * 3_600_000 + 1000;
  try {
    expect(await verify(token)).toMatchObject({
      status: 400,
      body: { code: 'IDENTITY.EMAIL_TOKEN_EXPIRED' },
    });
  } finally {
    clock = saved;
  }
  for (const bad of ['garbage', 'A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`])
    expect(await verify(bad)).toMatchObject({ status: 400, body: { code: 'IDENTITY.EMAIL_TOKEN_INVALID' } });
  expect(await h.get('/auth/email/verify')).toMatchObject({
    status: 400,
    body: { code: expect.any(String) },
  });
  expect(await h.get('/auth/email/verify?token=a&token=b')).toMatchObject({ status: 400 });
  expect((await h.get('/profiles/me', session.access_token)).body.user.email_verified).toBe(false);
  // still good within its time
  expect((await verify(token)).status).toBe(200);
});

test('verify-request needs a signed-in account', async () => {
  expect((await h.post('/auth/email/verify-request', undefined)).status).toBe(401);
});

test('a link kept while no mail could go out is mailed once by the next instance that can', async () => {
  // An identity without SMTP_URL (the relay down, or not set yet) on a database of its own: the sign-up commits
  // its link; nothing is sent.
  const offline = await startIdentity({}, { now: () => new Date(clock) });
  try {
    const account = newAccount('chef');
    expect((await offline.post('/auth/signup', account)).status).toBe(201);
    const [waiting] = await offline.database.rows<{ sent_at: Date | null; attempts: number }>(
      sql`select sent_at, attempts from identity.email_verifications v join identity.users u on u.id = v.user_id
          where u.email = ${account.email}`,
    );
    expect(waiting).toEqual({ sent_at: null, attempts: 0 });

    // The same database, a new instance with the relay: the link goes out, once, however often it passes.
    const config = loadIdentityConfig({
      ARGON2_MEMORY_KIB: '1024',
      SMS_SANDBOX: '1',
      TWILIO_VERIFY_API_BASE_URL: offline.sms!.url,
      SMTP_URL: h.mail!.smtpUrl,
    });
    const next = await createIdentityService(
      { database: offline.database, bus: offline.testBus.bus, logger: createLogger('identity-test') },
      config,
      { now: () => new Date(clock) },
    );
    const server = await listen(next.app);
    await next.start({ url: server.url });
    try {
      const [mail] = await mailsTo(account.email);
      await next.email.pass();
      await next.email.pass();
      expect(await h.mail!.outbox({ to: account.email })).toHaveLength(1);
      expect(mail.headers['message-id']).toMatch(/^<email-verification\.[0-9a-f-]{36}@brigade>$/);
      // and its link verifies on the first instance's routes too (the same shared secret)
      expect((await offline.get(`/auth/email/verify?token=${tokenIn(mail.text)}`)).status).toBe(200);
    } finally {
      await next.stop();
      await server.close();
    }
  } finally {
    await offline.close();
  }
});
