import twilio from 'twilio';
import { createLogger, listen, type RunningServer } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { createSmsSandbox, loadMigrations, loadSmsSandboxConfig, SANDBOX_NAME } from '../src/app';

// The SMS sandbox on its own, as identity and notifications reach it: Twilio's official SDK pointed at its
// address, Verify's semantics (the same code re-sent while pending, 5 wrong checks, expiry), Messages, the
// outbox, and under NODE_ENV=production nothing but Twilio's APIs.

const logger = createLogger('sms-sandbox-test', 'silent');
const ACCOUNT = 'AC00000000000000000000000000000001';
const SERVICE = 'VA00000000000000000000000000000001';
let database: TestDatabase;
let clock = Date.now();
const servers: RunningServer[] = [];

async function start(env: Record<string, string> = {}) {
  const sandbox = await createSmsSandbox(
    { database, logger, now: () => new Date(clock) },
    loadSmsSandboxConfig({ NODE_ENV: 'test', ...env }),
  );
  const server = await listen(sandbox.app);
  servers.push(server);
  return { sandbox, url: server.url };
}

function sdk(url: string, sid = ACCOUNT, token = 'any-token') {
  const client = twilio(sid, token, { autoRetry: false });
  client.verify.baseUrl = url;
  client.api.baseUrl = url;
  return client;
}

let phoneCounter = 0;
const newPhone = () => `+1612555${String(1000 + (phoneCounter += 1)).slice(-4)}`;
const codeIn = (body: string) => /(\d{6})/.exec(body)![1];
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err) => ({ status: err.status, code: err.code }),
  );

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await database?.destroy();
});

test('a verification texts a 6-digit code; asking again while it is pending re-sends the same code; the code approves', async () => {
  const { sandbox, url } = await start();
  const verify = sdk(url).verify.v2.services(SERVICE);
  const to = newPhone();
  const first = await verify.verifications.create({ to, channel: 'sms', locale: 'en' });
  expect(first).toMatchObject({ status: 'pending', to, channel: 'sms', serviceSid: SERVICE });
  expect(first.sid).toMatch(/^VE[0-9a-f]{32}$/);
  const again = await verify.verifications.create({ to, channel: 'sms', locale: 'es' });
  expect(again.sid).toBe(first.sid);
  const texts = await sandbox.outbox({ to });
  expect(texts.map((t) => t.kind)).toEqual(['verification', 'verification']);
  expect(texts[0].body).toMatch(/^Tu código de verificación de Brigade es \d{6}\./);
  expect(texts[1].body).toMatch(/^Your Brigade verification code is \d{6}\. It expires in 10 minutes\./);
  expect(codeIn(texts[0].body)).toBe(codeIn(texts[1].body));

  expect(
    (
      await verify.verificationChecks.create({
        to,
        code: '999999' === codeIn(texts[0].body) ? '000000' : '999999',
      })
    ).status,
  ).toBe('pending');
  const approved = await verify.verificationChecks.create({ to, code: codeIn(texts[0].body) });
  expect(approved).toMatchObject({ status: 'approved', valid: true });
  // Used: no pending verification any more (Twilio's 404/20404); a new one has a new code.
  expect(await failure(verify.verificationChecks.create({ to, code: codeIn(texts[0].body) }))).toEqual({
    status: 404,
    code: 20404,
  });
  await verify.verifications.create({ to, channel: 'sms' });
  const [fresh] = await sandbox.outbox({ to, limit: 1 });
  expect(codeIn(fresh.body)).not.toBe(codeIn(texts[0].body));
});

test('the fifth wrong check burns the code (429/60202, also for the right code after it); five sends per verification', async () => {
  const { sandbox, url } = await start();
  const verify = sdk(url).verify.v2.services(SERVICE);
  const to = newPhone();
  await verify.verifications.create({ to, channel: 'sms' });
  const code = codeIn((await sandbox.outbox({ to }))[0].body);
  const wrong = code === '000000' ? '111111' : '000000';
  const answers = [];
  for (let i = 0; i < 5; i++)
    answers.push(
      await verify.verificationChecks.create({ to, code: wrong }).then(
        (r) => r.status,
        (err) => `${err.status}/${err.code}`,
      ),
    );
  expect(answers).toEqual(['pending', 'pending', 'pending', 'pending', '429/60202']);
  expect(await failure(verify.verificationChecks.create({ to, code }))).toEqual({ status: 429, code: 60202 });

  // Sends: a burned verification is replaced; a pending one is re-sent at most 5 times.
  const other = newPhone();
  for (let i = 0; i < 5; i++) await verify.verifications.create({ to: other, channel: 'sms' });
  expect(await failure(verify.verifications.create({ to: other, channel: 'sms' }))).toEqual({
    status: 429,
    code: 60203,
  });
  expect(await sandbox.outbox({ to: other })).toHaveLength(5);
});

test('a code expires after its lifetime (404/20404), and a new verification then has a new code', async () => {
  const { sandbox, url } = await start({ SMS_SANDBOX_CODE_TTL_SECONDS: '120' });
  const verify = sdk(url).verify.v2.services(SERVICE);
  const to = newPhone();
  await verify.verifications.create({ to, channel: 'sms' });
  const code = codeIn((await sandbox.outbox({ to }))[0].body);
  expect((await sandbox.outbox({ to }))[0].body).toContain('It expires in 2 minutes.');
  clock += 121_000;
  expect(await failure(verify.verificationChecks.create({ to, code }))).toEqual({ status: 404, code: 20404 });
  await verify.verifications.create({ to, channel: 'sms' });
  const renewed = codeIn((await sandbox.outbox({ to, limit: 1 }))[0].body);
  expect(renewed).not.toBe(code);
  expect((await verify.verificationChecks.create({ to, code: renewed })).status).toBe('approved');
});

test("messages go into the outbox with Twilio's Message back; bad numbers and bodies get Twilio's errors", async () => {
  const { url } = await start();
  const client = sdk(url);
  const to = newPhone();
  const message = await client.messages.create({ to, from: '+15005550006', body: 'Brigade: see you at 6' });
  expect(message).toMatchObject({
    status: 'queued',
    to,
    from: '+15005550006',
    body: 'Brigade: see you at 6',
  });
  expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
  expect(await failure(client.messages.create({ to: '12', from: '+15005550006', body: 'x' }))).toEqual({
    status: 400,
    code: 21211,
  });
  expect(await failure(client.messages.create({ to, from: '+15005550006', body: '' }))).toEqual({
    status: 400,
    code: 21602,
  });
  const res = await fetch(`${url}/sandbox/sms/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const { messages } = (await res.json()) as any;
  expect(messages).toEqual([
    expect.objectContaining({ kind: 'message', to, body: 'Brigade: see you at 6', sid: message.sid }),
  ]);
  expect(new Date(messages[0].sent_at).getTime()).toBe(clock);
  const bad = await fetch(`${url}/sandbox/sms/outbox?limit=0`);
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as any).code).toBe('VALIDATION.FAILED');
});

test('with configured credentials, others are refused as Twilio refuses them (401/20003)', async () => {
  const { url } = await start({ TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: 'the-token' });
  const to = newPhone();
  const wrongToken = sdk(url, ACCOUNT, 'not-the-token');
  expect(await failure(wrongToken.messages.create({ to, from: '+15005550006', body: 'x' }))).toEqual({
    status: 401,
    code: 20003,
  });
  expect(
    await failure(wrongToken.verify.v2.services(SERVICE).verifications.create({ to, channel: 'sms' })),
  ).toEqual({ status: 401, code: 20003 });
  const right = sdk(url, ACCOUNT, 'the-token');
  expect((await right.messages.create({ to, from: '+15005550006', body: 'x' })).status).toBe('queued');
  // Another account's path, even with valid credentials.
  const res = await fetch(`${url}/2010-04-01/Accounts/AC${'9'.repeat(32)}/Messages.json`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ACCOUNT}:the-token`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: '+15005550006', Body: 'x' }).toString(),
  });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ code: 20003, status: 401 });
});

test("under NODE_ENV=production it serves Twilio's APIs but never the outbox", async () => {
  const { url } = await start({ NODE_ENV: 'production' });
  const to = newPhone();
  expect((await sdk(url).messages.create({ to, from: '+15005550006', body: 'x' })).status).toBe('queued');
  const res = await fetch(`${url}/sandbox/sms/outbox`);
  expect(res.status).toBe(404);
  expect(((await res.json()) as any).code).toBe('SANDBOX.NOT_IN_PRODUCTION');
});

// Issue 40: what Twilio does after it takes a text, and when someone texts back: signed webhooks.
describe('status callbacks, delivery faults and inbound texts', () => {
  let received: Array<{ path: string; signature: string; params: Record<string, string> }> = [];
  let hook: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    const express = (await import('express')).default;
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.post(['/status', '/inbound'], (req, res) => {
      received.push({
        path: req.path,
        signature: String(req.get('x-twilio-signature')),
        params: req.body as Record<string, string>,
      });
      res
        .type('text/xml')
        .send(
          req.path === '/inbound'
            ? '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Help &amp; more</Message></Response>'
            : '<Response/>',
        );
    });
    const server = await listen(app as never);
    hook = { url: server.url, close: () => server.close() };
  });
  afterAll(() => hook.close());
  beforeEach(() => {
    received = [];
  });

  test('every message asking for callbacks gets sent then delivered, signed with the sandbox token', async () => {
    const { sandbox, url } = await start({ SMS_SANDBOX_AUTH_TOKEN: 'sandbox-secret' });
    const to = newPhone();
    const message = await sdk(url).messages.create({
      to,
      from: '+15005550006',
      body: 'Shift tomorrow',
      statusCallback: `${hook.url}/status?ref=7`,
    });
    await sandbox.replies.settled();
    expect(received.map((r) => r.params.MessageStatus)).toEqual(['sent', 'delivered']);
    for (const r of received) {
      expect(r.params.MessageSid).toBe(message.sid);
      expect(
        twilio.validateRequest('sandbox-secret', r.signature, `${hook.url}/status?ref=7`, r.params),
      ).toBe(true);
      expect(twilio.validateRequest('other', r.signature, `${hook.url}/status?ref=7`, r.params)).toBe(false);
    }
    const [text] = await sandbox.outbox({ to });
    expect(text).toMatchObject({ status: 'delivered', error_code: null });
  });

  test('a fault on a number fails its next texts (count), then texts are delivered again', async () => {
    const { sandbox, url } = await start({ SMS_SANDBOX_AUTH_TOKEN: 'sandbox-secret' });
    const to = newPhone();
    const set = await fetch(`${url}/sandbox/sms/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, status: 'undelivered', count: 2 }),
    });
    expect(set.status).toBe(201);
    const bad = await fetch(`${url}/sandbox/sms/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'nope', status: 'lost' }),
    });
    expect(bad.status).toBe(400);
    const sids: string[] = [];
    for (let i = 0; i < 3; i++)
      sids.push(
        (
          await sdk(url).messages.create({
            to,
            from: '+15005550006',
            body: `Text ${i}`,
            statusCallback: `${hook.url}/status`,
          })
        ).sid,
      );
    await sandbox.replies.settled();
    // Each text's last word, in the order the texts were sent (callbacks of different texts may cross).
    const ends = sids.map((sid) =>
      received.find((r) => r.params.MessageSid === sid && r.params.MessageStatus !== 'sent'),
    );
    expect(ends.map((r) => [r?.params.MessageStatus, r?.params.ErrorCode])).toEqual([
      ['undelivered', '30003'],
      ['undelivered', '30003'],
      ['delivered', undefined],
    ]);

    // Texts sent at once meet a counted fault exactly as many times as it was set for.
    const busy = newPhone();
    await fetch(`${url}/sandbox/sms/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: busy, status: 'failed', count: 2 }),
    });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sdk(url).messages.create({
          to: busy,
          from: '+15005550006',
          body: `At once ${i}`,
          statusCallback: `${hook.url}/status`,
        }),
      ),
    );
    await sandbox.replies.settled();
    const statuses = (await sandbox.outbox({ to: busy })).map((t) => t.status).sort();
    expect(statuses).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'failed', 'failed']);
  });

  test('an inbound text is posted signed to the inbound webhook; its TwiML reply is texted back', async () => {
    const { sandbox, url } = await start({ SMS_SANDBOX_AUTH_TOKEN: 'sandbox-secret' });
    const from = newPhone();
    const none = await fetch(`${url}/sandbox/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, body: 'HELP' }),
    });
    expect(none.status).toBe(409);
    await sandbox.start({ inboundUrl: `${hook.url}/inbound` });
    const res = await fetch(`${url}/sandbox/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, body: 'HELP' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 200, replies: ['Help & more'] });
    expect(received).toHaveLength(1);
    expect(received[0].params).toMatchObject({ From: from, Body: 'HELP' });
    expect(
      twilio.validateRequest(
        'sandbox-secret',
        received[0].signature,
        `${hook.url}/inbound`,
        received[0].params,
      ),
    ).toBe(true);
    expect((await sandbox.outbox({ to: from }))[0]).toMatchObject({ body: 'Help & more' });
  });

  test('without a configured token, one is made once and kept with its data', async () => {
    const first = await start();
    const second = await start();
    expect(first.sandbox.authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(second.sandbox.authToken).toBe(first.sandbox.authToken);
  });
});
