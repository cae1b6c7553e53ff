import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { startTestMailSandbox, type TestMailSandbox } from '@brigade/sandbox-mail/testing';
import { createUser, outbox, publish, tipPaid, useNotifications, type TestUser } from './harness';

// Issue 40: email. A notification whose type goes by email reaches a person with a verified address once (a
// replayed event mails nothing more), in their language, as plain text and simple HTML, with its page and a
// one-click unsubscribe (RFC 8058) that turns that type's email off. No verified address: no mail.

let mail: TestMailSandbox;
beforeAll(async () => {
  mail = await startTestMailSandbox();
});
afterAll(async () => {
  await mail?.close();
});
const h = useNotifications({ env: () => ({ SMTP_URL: mail.smtpUrl }) });

async function withEmail(user: TestUser, language: 'en' | 'es' = 'en', verified = true) {
  const email = `${user.id}@example.com`;
  await publish(h.bus, 'identity.user.updated.v1', {
    user_id: user.id,
    phone: user.phone,
    phone_verified: true,
    user_type: user.type,
    language_preference: language,
    email,
    email_verified: verified,
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ email_verified: boolean }>(
      sql`select email_verified from notifications.recipients where user_id = ${user.id}`,
    );
    expect(rows[0]?.email_verified).toBe(verified);
  });
  return email;
}

const tip = (chef: TestUser, restaurant: TestUser, cents?: number) => tipPaid(h, chef, restaurant, cents);

async function settle() {
  for (let i = 0; i < 3; i++) await h.svc.handle.scheduler.tick();
}

const mailsTo = (to: string) => mail.outbox({ to });

test('money goes by email to a verified address: once, in Spanish, with its page and one-click unsubscribe', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Verde' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const address = await withEmail(chef, 'es');
  const { facts, id } = await tip(chef, restaurant);
  await publish(h.bus, 'payments.tip.paid.v1', facts, id); // the same event again
  const [sent] = await eventually(async () => {
    await settle();
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    return mails;
  });
  expect(sent.subject).toMatch(/^Brigade: Casa Verde te dio una propina de \$20\.00/);
  expect(sent.from).toMatch(/no-reply@brigade\.local/);
  expect(sent.text).toContain('Abrir en Brigade: https://brigade.test/earnings');
  expect(sent.html).toContain('href="https://brigade.test/earnings"');
  expect(sent.html).toMatch(/^<!doctype html><html lang="es">/);
  const headers = sent.headers as Record<string, string>;
  const oneClick = headers['list-unsubscribe'].match(
    /^<(https:\/\/brigade\.test\/api\/notifications\/unsubscribe\?token=[^>]+)>$/,
  )?.[1];
  expect(oneClick).toBeTruthy();
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  // Money's defaults are email and push: with email reaching the chef, no text.
  await settle();
  expect((await outbox(h.svc.url, chef.phone)).filter((m) => /propina/.test(m.body))).toEqual([]);

  // One click (the mail client's POST, no session): money's email is off, and stays off.
  const token = new URL(oneClick!).searchParams.get('token')!;
  const res = await fetch(`${h.svc.url}/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect([res.status, await res.json()]).toEqual([200, { type: 'money', email: false }]);
  const prefs = await fetch(`${h.svc.url}/notifications/preferences`, {
    headers: { authorization: `Bearer ${await h.auth.token({ id: chef.id, type: 'chef' })}` },
  }).then((r) => r.json() as Promise<{ channels: Record<string, Record<string, boolean>> }>);
  expect(prefs.channels.money).toEqual({ sms: false, push: true, email: false });
  expect(prefs.channels.shift_alerts.sms).toBe(true);
  await tip(chef, restaurant, 500);
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.sms where recipient_id = ${chef.id}`,
    );
    expect(Number(rows[0].n)).toBe(2);
  });
  await settle();
  expect(await mailsTo(address)).toHaveLength(1);
});

test('an unsubscribe token that is not ours, or someone else’s with a session, changes nothing', async () => {
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Lee Park' });
  const other = await createUser(h.bus, h.database, { type: 'chef', name: 'Sam Lee' });
  const address = await withEmail(chef);
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Blue Door' });
  await tip(chef, restaurant);
  const [sent] = await eventually(async () => {
    await settle();
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    return mails;
  });
  const token = new URL(
    (sent.headers as Record<string, string>)['list-unsubscribe'].slice(1, -1),
  ).searchParams.get('token')!;
  const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
  for (const [query, session, status, code] of [
    [`token=${tampered}`, null, 400, 'NOTIFICATIONS.UNSUBSCRIBE_INVALID'],
    ['token=nothing-like-a-token', null, 400, 'NOTIFICATIONS.UNSUBSCRIBE_INVALID'],
    ['', null, 400, 'VALIDATION.FAILED'],
    [`token=${token}`, other, 403, 'NOTIFICATIONS.UNSUBSCRIBE_NOT_YOURS'],
  ] as const) {
    const res = await fetch(`${h.svc.url}/notifications/unsubscribe?${query}`, {
      headers: session
        ? { authorization: `Bearer ${await h.auth.token({ id: session.id, type: 'chef' })}` }
        : {},
    });
    const body = (await res.json()) as { code?: string; error?: string };
    expect([query.slice(0, 12), res.status, body.code, typeof body.error]).toEqual([
      query.slice(0, 12),
      status,
      code,
      'string',
    ]);
  }
  const rows = await h.database.rows(
    sql`select * from notifications.channel_preferences where user_id in (${chef.id}, ${other.id})`,
  );
  expect(rows).toEqual([]);
  // The link opened by its own person (signed in, or not): off.
  const mine = await fetch(`${h.svc.url}/notifications/unsubscribe?token=${token}`, {
    headers: { authorization: `Bearer ${await h.auth.token({ id: chef.id, type: 'chef' })}` },
  });
  expect(mine.status).toBe(200);
});

test('an address not verified is never mailed: the notification is texted instead', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Red Hen' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Kim Soto' });
  const address = await withEmail(chef, 'en', false);
  await tip(chef, restaurant);
  await eventually(async () => {
    await settle();
    expect((await outbox(h.svc.url, chef.phone)).filter((m) => /tipped you/.test(m.body))).toHaveLength(1);
  });
  expect(await mailsTo(address)).toEqual([]);
});
