import webpush from 'web-push';
import { eventually } from '@brigade/kit/testing';
import { startTestPushSandbox, type TestPushSandbox } from '../src/testing';

// The push sandbox on its own, as notifications reaches it: the official SDK (`web-push`) builds the request
// (aes128gcm body, VAPID token, TTL, Urgency), fetch sends it over http. The sandbox checks the token, decrypts
// the payload with the keys it made as the browser, and answers as its endpoint is told to.

let push: TestPushSandbox;
beforeAll(async () => {
  push = await startTestPushSandbox();
});
afterAll(async () => {
  await push?.close();
});

const vapid = webpush.generateVAPIDKeys();
const details = {
  subject: 'mailto:support@brigade.test',
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

type Sub = { endpoint: string; keys: { p256dh: string; auth: string } };

async function subscribe(body: Record<string, unknown> = {}): Promise<Sub> {
  const res = await fetch(`${push.url}/sandbox/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Sub;
}

function send(sub: Sub, payload: string, vapidDetails = details, signal?: AbortSignal) {
  const r = webpush.generateRequestDetails(sub, payload, { vapidDetails, TTL: 3600, urgency: 'high' });
  return fetch(r.endpoint, {
    method: 'POST',
    headers: r.headers as Record<string, string>,
    body: r.body ?? undefined,
    signal,
  });
}

const outbox = async (sub: Sub) => {
  const res = await fetch(`${push.url}/sandbox/push/outbox?endpoint=${encodeURIComponent(sub.endpoint)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { pushes: Array<Record<string, unknown>> }).pushes;
};

test('a subscription as the browser gives it; a push to it is taken (201), decrypted and shown newest first', async () => {
  const sub = await subscribe({ applicationServerKey: vapid.publicKey });
  expect(sub).toEqual({
    endpoint: expect.stringMatching(new RegExp(`^${push.url}/push/[0-9a-f-]{36}$`)),
    expirationTime: null,
    keys: {
      p256dh: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/),
      auth: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    },
  });
  const first = await send(sub, JSON.stringify({ title: 'Brigade: money', url: '/earnings' }));
  expect(first.status).toBe(201);
  expect(first.headers.get('location')).toMatch(/^\/sandbox\/push\/outbox\//);
  expect((await send(sub, 'second')).status).toBe(201);
  const [latest, earlier] = await outbox(sub);
  expect(latest).toMatchObject({ payload: 'second', ttl: 3600, urgency: 'high', decrypt_error: null });
  expect(JSON.parse(earlier.payload as string)).toEqual({ title: 'Brigade: money', url: '/earnings' });
  expect(earlier.vapid).toEqual({ sub: 'mailto:support@brigade.test', aud: push.url, key: vapid.publicKey });
  expect(await outbox(await subscribe())).toEqual([]);
});

test('a push without a good VAPID token, for another audience or key, or to an unknown endpoint is refused', async () => {
  const sub = await subscribe({ applicationServerKey: vapid.publicKey });
  const r = webpush.generateRequestDetails(sub, 'hello', { vapidDetails: details, TTL: 60 });
  const headers = r.headers as Record<string, string>;
  const post = (h: Record<string, string>, endpoint = sub.endpoint) =>
    fetch(endpoint, { method: 'POST', headers: h, body: r.body ?? undefined }).then((x) => x.status);
  const [, token, key] = headers.Authorization.match(/^vapid t=([^,]+), k=(.+)$/)!;
  const [h, c, s] = token.split('.');
  const forged = `${h}.${c}.${s.slice(0, -4)}${s.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  expect(await post({ ...headers, Authorization: '' })).toBe(401);
  expect(await post({ ...headers, Authorization: `vapid t=${forged}, k=${key}` })).toBe(403);
  const { TTL: _ttl, ...noTtl } = headers;
  expect(await post(noTtl)).toBe(400);
  // signed for another push service's origin
  const elsewhere = webpush.generateRequestDetails(
    { ...sub, endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
    'hello',
    { vapidDetails: details },
  );
  expect(
    await post({ ...headers, Authorization: (elsewhere.headers as Record<string, string>).Authorization }),
  ).toBe(403);
  // signed by an application server the browser did not subscribe with
  const other = webpush.generateVAPIDKeys();
  expect((await send(sub, 'x', { ...details, ...other })).status).toBe(403);
  expect(await post(headers, `${push.url}/push/00000000-0000-4000-8000-000000000000`)).toBe(404);
  expect(await outbox(sub)).toEqual([]);
});

test('an endpoint told to answer gone says 410, one told to fail 503; a hanging one holds the push until told', async () => {
  const sub = await subscribe();
  const answer = (how: string) =>
    fetch(`${sub.endpoint.replace('/push/', '/sandbox/push/subscriptions/')}/answer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: how }),
    }).then((r) => r.json() as Promise<{ answer: string; held: number }>);
  expect((await answer('gone')).answer).toBe('gone');
  expect((await send(sub, 'x')).status).toBe(410);
  await answer('fail');
  expect((await send(sub, 'x')).status).toBe(503);
  await answer('hang');
  const pending = send(sub, 'held');
  await eventually(async () => expect(push.sandbox.held(sub.endpoint)).toBe(1));
  expect(await outbox(sub)).toEqual([]);
  expect((await answer('accept')).held).toBe(0);
  expect((await pending).status).toBe(201);
  expect((await outbox(sub)).map((p) => p.payload)).toEqual(['held']);
  // A sender that gives up (its time-out) leaves nothing held.
  await answer('hang');
  await expect(send(sub, 'late', details, AbortSignal.timeout(200))).rejects.toThrow();
  await eventually(async () => expect(push.sandbox.held(sub.endpoint)).toBe(0));
});

test('under NODE_ENV=production it does not act as a browser nor show its outbox', async () => {
  const prod = await startTestPushSandbox({ NODE_ENV: 'production' });
  try {
    const res = await fetch(`${prod.url}/sandbox/push/outbox`);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([
      404,
      'SANDBOX.NOT_IN_PRODUCTION',
    ]);
  } finally {
    await prod.close();
  }
});
