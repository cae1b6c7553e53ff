import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { startTestPushSandbox, type TestPushSandbox } from '@brigade/sandbox-push/testing';
import { createUser, jobFacts, newJob, publish, textsTo, useNotifications, type TestUser } from './harness';

// Issue 40: Web Push. A browser subscribes with the VAPID key notifications answers (the same on every replica);
// a notification of a push type reaches each of the person's browsers once, through the push sandbox as through
// a real push service, with a title by type and a link and nothing personal; a gone subscription is dropped; a
// hanging push service never holds up the texts.

let push: TestPushSandbox;
beforeAll(async () => {
  push = await startTestPushSandbox();
});
afterAll(async () => {
  await push?.close();
});
// a long time-out: the hanging endpoint below holds its push until the test lets it go
const h = useNotifications({ env: () => ({ PUSH_SANDBOX_URL: push.url, PUSH_TIMEOUT_MS: '60000' }) });

const bearer = async (user: TestUser) => ({
  authorization: `Bearer ${await h.auth.token({ id: user.id, type: user.type })}`,
});

async function call(user: TestUser, method: string, path: string, body?: unknown, url = h.svc.url) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(await bearer(user)), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function publicKey(user: TestUser, url = h.svc.url) {
  const { status, body } = await call(user, 'GET', '/notifications/push/key', undefined, url);
  expect(status).toBe(200);
  return body.public_key as string;
}

/** The user's browser (the push sandbox) subscribes with notifications' key and hands the subscription over. */
async function browserOf(user: TestUser) {
  const sub = push.sandbox.subscribe({ applicationServerKey: await publicKey(user) });
  expect(await call(user, 'POST', '/notifications/push/subscriptions', sub)).toEqual({
    status: 201,
    body: { endpoint: sub.endpoint, expirationTime: null },
  });
  return sub;
}

const subscriptionRows = (userId?: string) =>
  h.database.rows<{ endpoint: string; user_id: string }>(
    userId
      ? sql`select endpoint, user_id from notifications.push_subscriptions where user_id = ${userId}`
      : sql`select endpoint, user_id from notifications.push_subscriptions`,
  );

const pushesTo = (endpoint: string) =>
  push.sandbox.outbox({ endpoint }).map((p) => (p.payload === null ? null : JSON.parse(p.payload)));

async function invite(chef: TestUser, restaurant: TestUser, id = randomUUID()) {
  const job = newJob(restaurant, h.clock, 'Line Cook', 30);
  const facts = {
    ...jobFacts(job),
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_name: restaurant.name,
    invited_at: h.clock.now().toISOString(),
  };
  await publish(h.bus, 'jobs.chef.invited.v1', facts, id);
  return { job, facts, id };
}

test('the VAPID public key is answered signed in, and is the same on every instance', async () => {
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Key Reader' });
  const key = await publicKey(chef);
  expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  const other = await h.anotherInstance();
  expect(await publicKey(chef, other.url)).toBe(key);
  expect((await fetch(`${h.svc.url}/notifications/push/key`)).status).toBe(401);
});

test('a subscription is kept for its person; foreign push services and bad keys are refused, nothing kept', async () => {
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const ben = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Blue Door' });
  const good = push.sandbox.subscribe();
  const keys = good.keys;
  for (const [sub, code] of [
    [{ endpoint: 'https://push.evil.example/send/abc', keys }, 'NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED'],
    [{ endpoint: 'http://fcm.googleapis.com/fcm/send/abc', keys }, 'NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED'],
    [
      { endpoint: 'https://fcm.googleapis.com.evil.example/x', keys },
      'NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED',
    ],
    [{ endpoint: 'javascript:alert(1)', keys }, 'VALIDATION.FAILED'],
    [{ endpoint: good.endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } }, 'VALIDATION.FAILED'],
    [{ endpoint: good.endpoint, keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } }, 'VALIDATION.FAILED'],
    [{ endpoint: good.endpoint, keys: { ...keys, auth: 'short' } }, 'VALIDATION.FAILED'],
    [{ endpoint: good.endpoint }, 'VALIDATION.FAILED'],
  ] as const) {
    const res = await call(ana, 'POST', '/notifications/push/subscriptions', sub);
    expect([sub.endpoint, res.status, res.body.code, typeof res.body.error]).toEqual([
      sub.endpoint,
      400,
      code,
      'string',
    ]);
  }
  expect(await subscriptionRows(ana.id)).toEqual([]);
  // FCM's endpoints are taken (a real browser's), the sandbox's too
  const fcm = { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, expirationTime: null, keys };
  expect((await call(ana, 'POST', '/notifications/push/subscriptions', fcm)).status).toBe(201);
  expect((await call(ana, 'POST', '/notifications/push/subscriptions', good)).status).toBe(201);
  expect((await subscriptionRows(ana.id)).map((r) => r.endpoint).sort()).toEqual(
    [fcm.endpoint, good.endpoint].sort(),
  );
  // Another person signs in on the same browser: the subscription is theirs now.
  expect((await call(ben, 'POST', '/notifications/push/subscriptions', good)).status).toBe(201);
  expect((await subscriptionRows(ben.id)).map((r) => r.endpoint)).toEqual([good.endpoint]);
  expect((await subscriptionRows(ana.id)).map((r) => r.endpoint)).toEqual([fcm.endpoint]);
  // Deleting: not one's own is 404 and changes nothing; one's own 204, then 404.
  const del = (user: TestUser, endpoint: string) =>
    call(user, 'DELETE', '/notifications/push/subscriptions', { endpoint });
  expect(await del(ana, good.endpoint)).toMatchObject({
    status: 404,
    body: { code: 'NOTIFICATIONS.PUSH_SUBSCRIPTION_NOT_FOUND' },
  });
  expect((await subscriptionRows(ben.id)).map((r) => r.endpoint)).toEqual([good.endpoint]);
  expect((await del(ben, good.endpoint)).status).toBe(204);
  expect((await del(ben, good.endpoint)).status).toBe(404);
  expect(await subscriptionRows(ben.id)).toEqual([]);
});

test('a shift alert reaches the browser once, with a title and a link and nothing personal, beside the text', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const browser = await browserOf(ana);
  const { job, facts, id } = await invite(ana, restaurant);
  await publish(h.bus, 'jobs.chef.invited.v1', facts, id); // the same event handled twice
  const [payload] = await eventually(async () => {
    const pushes = pushesTo(browser.endpoint);
    expect(pushes).toHaveLength(1);
    return pushes;
  });
  expect(payload).toEqual({
    type: 'shift_alerts',
    title: 'Brigade: aviso de turno',
    body: 'Abre Brigade para verlo.',
    url: `/jobs/${job.id}`,
  });
  const raw = push.sandbox.outbox({ endpoint: browser.endpoint })[0];
  // Nothing personal: a title and a body by type, and the page's path (whose id may hold any digits).
  const sent = JSON.parse(raw.payload ?? '{}') as Record<string, string>;
  expect(Object.keys(sent).sort()).toEqual(['body', 'title', 'type', 'url']);
  expect(`${sent.title} ${sent.body}`).not.toMatch(/Ana|Ruiz|North Loop|\$|25/);
  expect(sent.url).toMatch(/^\/jobs\/[0-9a-f-]{36}$/);
  expect(raw.vapid.key).toBe(await publicKey(ana));
  // shift alerts go by push and SMS by default: the text too, once
  expect(await textsTo(h.svc.url, ana.phone, /te invita/)).toHaveLength(1);
  const deliveries = await h.database.rows<{ status: string; channel: string }>(
    sql`select d.status, d.channel from notifications.deliveries d where d.recipient_id = ${ana.id}`,
  );
  expect(deliveries).toEqual([{ status: 'sent', channel: 'push' }]);
  expect(pushesTo(browser.endpoint)).toHaveLength(1);
});

test('a subscription the push service calls gone (410) is dropped, and the text still goes out', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Red Hen' });
  const kim = await createUser(h.bus, h.database, { type: 'chef', name: 'Kim Soto' });
  const browser = await browserOf(kim);
  push.sandbox.setAnswer(browser.endpoint, 'gone');
  await invite(kim, restaurant);
  await textsTo(h.svc.url, kim.phone, /invites you/);
  await eventually(async () => {
    expect(await subscriptionRows(kim.id)).toEqual([]);
    const rows = await h.database.rows<{ status: string; last_error: string }>(
      sql`select status, last_error from notifications.deliveries where recipient_id = ${kim.id}`,
    );
    expect(rows).toEqual([{ status: 'suppressed', last_error: 'push subscriptions gone' }]);
  });
  expect(pushesTo(browser.endpoint)).toEqual([]);
});

test('a push service that hangs does not hold up the texts: they go out while the push waits', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Slow Lane' });
  const lee = await createUser(h.bus, h.database, { type: 'chef', name: 'Lee Park' });
  const browser = await browserOf(lee);
  push.sandbox.setAnswer(browser.endpoint, 'hang');
  const first = await invite(lee, restaurant);
  await eventually(async () => expect(push.sandbox.held(browser.endpoint)).toBe(1));
  await textsTo(h.svc.url, lee.phone, new RegExp(first.job.id));
  // while that push still hangs, the next notification's text goes out too
  const second = await invite(lee, restaurant);
  await textsTo(h.svc.url, lee.phone, new RegExp(second.job.id));
  expect(push.sandbox.held(browser.endpoint)).toBeGreaterThanOrEqual(1);
  expect(pushesTo(browser.endpoint)).toEqual([]);
  // the push service answers at last: both pushes are taken, once each
  push.sandbox.setAnswer(browser.endpoint, 'accept');
  await eventually(async () => {
    const urls = pushesTo(browser.endpoint).map((p) => p.url);
    expect(urls.sort()).toEqual([`/jobs/${first.job.id}`, `/jobs/${second.job.id}`].sort());
  });
});
