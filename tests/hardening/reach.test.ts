import { eventually } from '@brigade/kit/testing';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  randomClientIp,
  signUp,
  startStack,
  textsSentTo,
  type Account,
  type Stack,
} from './support/stack';
import { EMAIL_VERIFY_LIMITS, UNSUBSCRIBE_LIMITS } from '../../gateway/src/routes';

// Issue 40, through the gateway on the whole product (its real services; PostgreSQL, RabbitMQ and Redis in real
// mode): a notification reaches the inbox and the channels the person chose (SMS, push, email), each once; the email address is
// verified by its link and unsubscribed by one click; STOP and START; texts that keep failing fall back to
// email, and the inbox says so; the bell's count polls with 304s.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

interface DevMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}
const mailsTo = async (to: string): Promise<DevMail[]> =>
  expectStatus(await stack.call('GET', `/api/dev/mail?to=${encodeURIComponent(to)}`), 200).body.mails;

/** The restaurant opens the link of its verification mail. */
async function verifyEmail(who: Account) {
  const [mail] = await eventually(async () => {
    const mails = (await mailsTo(who.email)).filter((m) => /verify-email\?token=/.test(m.text));
    expect(mails).toHaveLength(1);
    return mails;
  }, 20_000);
  const token = mail.text.match(/verify-email\?token=([^\s]+)/)![1];
  expectStatus(await stack.call('GET', `/api/auth/email/verify?token=${token}`), 200);
}

const inbox = async (who: Account) =>
  expectStatus(await stack.call('GET', '/api/notifications', { token: who.token }), 200).body as {
    notifications: Array<{ id: string; type: string; text: string; link: string | null; read: boolean }>;
    unread: number;
  };

/** A chef applies to the restaurant's paid shift: the restaurant is told (application_submitted, booking_changes). */
async function anApplication(restaurant: Account) {
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const chef = await signUp(stack, 'chef', { payouts: false });
  await apply(stack, chef, job);
  return job;
}

const appliedTexts = async (who: Account) =>
  (await textsSentTo(stack, who)).filter((t) => /applied to/.test(t));
const appliedEntries = async (who: Account) =>
  (await inbox(who)).notifications.filter((n) => /applied to/.test(n.text));

/**
 * A browser of the restaurant's subscribes to push: the push sandbox plays the browser (it keeps the keys, so it
 * can read what it is sent), and the subscription is registered as the web app does.
 */
async function subscribeToPush(who: Account) {
  const push = stack.brigade.sandboxes.push!;
  const key = expectStatus(await stack.call('GET', '/api/notifications/push/key', { token: who.token }), 200);
  const made = await fetch(`${push.url}/sandbox/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: key.body.public_key }),
  });
  expect(made.status).toBe(201);
  const subscription = (await made.json()) as { endpoint: string };
  expectStatus(
    await stack.call('POST', '/api/notifications/push/subscriptions', {
      token: who.token,
      body: subscription,
    }),
    201,
  );
  return subscription.endpoint;
}

const pushesTo = async (endpoint: string) =>
  (
    expectStatus(await stack.call('GET', `/api/dev/push?endpoint=${encodeURIComponent(endpoint)}`), 200).body
      .pushes as Array<{ payload: string }>
  ).map((p) => JSON.parse(p.payload) as { type: string; title: string; url: string });

test('by SMS, push, email and the inbox as chosen, each once; the bell polls with 304s; one click unsubscribes', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  await verifyEmail(restaurant);
  const endpoint = await subscribeToPush(restaurant);
  const saved = expectStatus(
    await stack.call('PUT', '/api/notifications/preferences', {
      token: restaurant.token,
      body: { channels: { booking_changes: { email: true } } },
    }),
    200,
  );
  expect(saved.body.channels.booking_changes).toEqual({ sms: true, push: true, email: true });

  const job = await anApplication(restaurant);
  const [mail] = await eventually(async () => {
    expect(await appliedEntries(restaurant)).toHaveLength(1);
    expect(await appliedTexts(restaurant)).toHaveLength(1);
    expect(await pushesTo(endpoint)).toEqual([
      {
        type: 'booking_changes',
        title: expect.stringMatching(/^Brigade: /),
        body: expect.any(String),
        url: `/jobs/${job.id}/applications`,
      },
    ]);
    const mails = (await mailsTo(restaurant.email)).filter((m) => /applied to/.test(m.subject));
    expect(mails).toHaveLength(1);
    return mails;
  }, 30_000);
  expect(mail.text).toContain(`/jobs/${job.id}/applications`);
  const [entry] = await appliedEntries(restaurant);
  expect(entry).toMatchObject({ type: 'booking_changes', read: false, link: `/jobs/${job.id}/applications` });

  // The bell: a count, then 304 while nothing changes; reading the entry changes it.
  const bell = expectStatus(
    await stack.call('GET', '/api/notifications/unread-count', { token: restaurant.token }),
    200,
  );
  expect(bell.body.unread).toBeGreaterThanOrEqual(1);
  const etag = bell.headers.get('etag')!;
  const again = await stack.call('GET', '/api/notifications/unread-count', {
    token: restaurant.token,
    headers: { 'if-none-match': etag },
  });
  expect(again.status).toBe(304);
  expectStatus(
    await stack.call('POST', `/api/notifications/${entry.id}/read`, { token: restaurant.token }),
    200,
  );
  const after = await stack.call('GET', '/api/notifications/unread-count', {
    token: restaurant.token,
    headers: { 'if-none-match': etag },
  });
  expect([after.status, after.body.unread]).toEqual([200, bell.body.unread - 1]);

  // One click (the mail client's POST, no session): booking changes by email are off; the text and the inbox stay.
  const oneClick = mail.headers['list-unsubscribe'].slice(1, -1);
  const path = new URL(oneClick).pathname + new URL(oneClick).search;
  expect(path).toMatch(/^\/api\/notifications\/unsubscribe\?token=/);
  expect(expectStatus(await stack.call('POST', path, { body: {} }), 200).body).toEqual({
    type: 'booking_changes',
    email: false,
  });
  await anApplication(restaurant);
  await eventually(async () => {
    expect(await appliedEntries(restaurant)).toHaveLength(2);
    expect(await appliedTexts(restaurant)).toHaveLength(2);
    expect(await pushesTo(endpoint)).toHaveLength(2);
  }, 30_000);
  expect((await mailsTo(restaurant.email)).filter((m) => /applied to/.test(m.subject))).toHaveLength(1);
});

test("many people's mail links opened within minutes are each honoured; one link opened over and over is stopped", async () => {
  const restaurant = await signUp(stack, 'restaurant');
  const run = Math.random().toString(36).slice(2);
  // Other people open their verification and unsubscribe links first, each from their own mail client, more of
  // them than one link may be opened: every one is answered (these tokens are not real: 400), none refused.
  const opened = async (method: string, path: string) =>
    (await stack.call(method, path, { ip: randomClientIp() })).status;
  for (let i = 0; i <= EMAIL_VERIFY_LIMITS.perUrl[0]; i++)
    expect(await opened('GET', `/api/auth/email/verify?token=someone-${run}-${i}`)).toBe(400);
  for (let i = 0; i <= UNSUBSCRIBE_LIMITS.perUrl[0]; i++)
    expect(await opened('POST', `/api/notifications/unsubscribe?token=someone-${run}-${i}`)).toBe(400);
  // Then the restaurant opens its own verification link: verified (200).
  await verifyEmail(restaurant);
  // One link tried over and over (from many addresses) is stopped at its allowance.
  const tried: number[] = [];
  for (let i = 0; i <= UNSUBSCRIBE_LIMITS.perUrl[0]; i++)
    tried.push(await opened('POST', `/api/notifications/unsubscribe?token=tried-${run}`));
  expect(tried.slice(0, -1).every((s) => s === 400)).toBe(true);
  expect(tried.at(-1)).toBe(429);
});

test('STOP turns texts off and nothing more is texted; START turns them back on; the inbox has everything', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  const from = `+1${restaurant.phone}`;
  const stop = expectStatus(
    await stack.call('POST', '/api/dev/sms/inbound', { body: { from, body: 'PARAR' } }),
    200,
  );
  expect(JSON.stringify(stop.body)).toMatch(/no recibirás|unsubscribed|STOP|baja/i);
  const prefs = expectStatus(
    await stack.call('GET', '/api/notifications/preferences', { token: restaurant.token }),
    200,
  );
  expect(prefs.body.sms_notifications).toBe(false);
  await anApplication(restaurant);
  await eventually(async () => expect(await appliedEntries(restaurant)).toHaveLength(1), 30_000);
  expect(await appliedTexts(restaurant)).toEqual([]);

  expectStatus(await stack.call('POST', '/api/dev/sms/inbound', { body: { from, body: 'START' } }), 200);
  await anApplication(restaurant);
  await eventually(async () => {
    expect(await appliedEntries(restaurant)).toHaveLength(2);
    expect(await appliedTexts(restaurant)).toHaveLength(1);
  }, 30_000);
});

test('three texts that are not delivered: the next notifications go by push and email, and the inbox says why', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  await verifyEmail(restaurant);
  // The restaurant's browser takes pushes; booking changes default to SMS and push, so each application is
  // pushed and texted until the texts fail.
  const endpoint = await subscribeToPush(restaurant);
  const sms = stack.brigade.sandboxes.sms!;
  const fault = await fetch(`${sms.url}/sandbox/sms/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: `+1${restaurant.phone}`, status: 'undelivered', count: 3 }),
  });
  expect(fault.status).toBe(201);
  for (let i = 1; i <= 3; i++) {
    await anApplication(restaurant);
    await eventually(async () => expect(await appliedTexts(restaurant)).toHaveLength(i), 30_000);
  }
  // The fallback notice: in the inbox, and by email (it reaches the restaurant), not by text.
  await eventually(async () => {
    const notice = (await inbox(restaurant)).notifications.find((n) => n.type === 'account');
    expect(notice?.text).toMatch(/^Our last texts to you could not be delivered/);
    expect(
      (await mailsTo(restaurant.email)).filter((m) => /could not be delivered/.test(m.subject)),
    ).toHaveLength(1);
  }, 30_000);
  // With SMS failing, push and email carry booking changes (email was not among the restaurant's channels).
  await anApplication(restaurant);
  await eventually(async () => {
    expect(await appliedEntries(restaurant)).toHaveLength(4);
    expect((await mailsTo(restaurant.email)).filter((m) => /applied to/.test(m.subject))).toHaveLength(1);
    expect((await pushesTo(endpoint)).filter((p) => p.type === 'booking_changes')).toHaveLength(4);
  }, 30_000);
  expect(await appliedTexts(restaurant)).toHaveLength(3);
});
