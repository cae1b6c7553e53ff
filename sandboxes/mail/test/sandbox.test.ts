import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createLogger, createMailer, listen, MailError, type RunningServer } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import {
  createMailSandbox,
  loadMailSandboxConfig,
  loadMigrations,
  SANDBOX_NAME,
  type MailSandbox,
} from '../src/app';

// The mail sandbox on its own, as the services reach it: the kit's mailer (nodemailer over SMTP, real sockets)
// pointed at its SMTP server, every mail parsed into the outbox (newest first, by recipient), the List-Unsubscribe
// headers kept as sent, and under NODE_ENV=production no outbox. The mailer's failures say whether to retry.

const logger = createLogger('mail-sandbox-test', 'silent');
let database: TestDatabase;
const servers: RunningServer[] = [];
const sandboxes: MailSandbox[] = [];
const closers: Array<() => void> = [];

async function start(env: Record<string, string> = {}) {
  const sandbox = await createMailSandbox(
    { database, logger },
    loadMailSandboxConfig({ NODE_ENV: 'test', ...env }),
  );
  await sandbox.start({ host: '127.0.0.1' });
  sandboxes.push(sandbox);
  const server = await listen(sandbox.app, 0, '127.0.0.1');
  servers.push(server);
  const mailer = createMailer({ SMTP_URL: sandbox.smtpUrl, MAIL_FROM: 'Brigade <no-reply@brigade.test>' });
  closers.push(() => mailer.close());
  return { sandbox, url: server.url, mailer };
}

let n = 0;
const newAddress = () => `cook${(n += 1)}.${Date.now()}@example.com`;

beforeAll(async () => {
  database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
});
afterAll(async () => {
  for (const close of closers) close();
  for (const s of servers) await s.close();
  for (const s of sandboxes) await s.stop();
  await database?.destroy();
});

test('a mail sent through the mailer is in the outbox at once: addresses, subject, text, HTML and unsubscribe headers', async () => {
  const { url, mailer } = await start();
  const to = newAddress();
  const { messageId } = await mailer.send({
    to,
    subject: 'Confirme su correo — Brigade',
    text: 'Abra https://brigade.test/verify-email?token=abc para confirmar.',
    html: '<p>Abra <a href="https://brigade.test/verify-email?token=abc">este enlace</a>.</p>',
    headers: {
      'List-Unsubscribe': '<https://brigade.test/api/notifications/unsubscribe?token=t1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  expect(messageId).toMatch(/^<.+@.+>$/);

  const res = await fetch(`${url}/sandbox/mail/outbox?to=${encodeURIComponent(to.toUpperCase())}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const { mails } = (await res.json()) as { mails: Array<Record<string, unknown>> };
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({
    message_id: messageId,
    to,
    from: 'no-reply@brigade.test',
    subject: 'Confirme su correo — Brigade',
    text: expect.stringContaining('https://brigade.test/verify-email?token=abc'),
    html: expect.stringContaining('<a href="https://brigade.test/verify-email?token=abc">'),
  });
  expect(mails[0].headers).toMatchObject({
    'list-unsubscribe': '<https://brigade.test/api/notifications/unsubscribe?token=t1>',
    'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
  });
  expect(new Date(mails[0].sent_at as string).getTime()).not.toBeNaN();
});

test('the outbox answers newest first and filters by recipient', async () => {
  const { sandbox, mailer } = await start();
  const a = newAddress();
  const b = newAddress();
  for (const [to, subject] of [
    [a, 'first'],
    [b, 'other'],
    [a, 'second'],
  ])
    await mailer.send({ to, subject, text: subject, html: `<p>${subject}</p>` });
  expect((await sandbox.outbox({ to: a })).map((m) => m.subject)).toEqual(['second', 'first']);
  expect((await sandbox.outbox({ to: b })).map((m) => m.subject)).toEqual(['other']);
  expect((await sandbox.outbox({ limit: 2 })).map((m) => m.subject)).toEqual(['second', 'other']);
});

test('a bad outbox query is a 400 with a code, and production serves no outbox', async () => {
  const { url } = await start();
  const bad = await fetch(`${url}/sandbox/mail/outbox?limit=0`);
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ code: expect.any(String) });
  const prod = await start({ NODE_ENV: 'production' });
  const res = await fetch(`${prod.url}/sandbox/mail/outbox`);
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'SANDBOX.NOT_IN_PRODUCTION' });
});

test("the mailer's failures say whether to try again: no server or a 4xx passes, a 5xx does not", async () => {
  // A port nothing listens on: the connection is refused.
  const free = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
  const nowhere = createMailer({ SMTP_URL: `smtp://127.0.0.1:${free}`, MAIL_FROM: 'x@brigade.test' });
  closers.push(() => nowhere.close());
  const refused = await nowhere
    .send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' })
    .catch((e) => e);
  expect(refused).toBeInstanceOf(MailError);
  expect(refused.retryable).toBe(true);

  // A relay that answers 451 (try later) to one recipient and 550 (no such mailbox) to another.
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const err = new Error(
        address.address.startsWith('later') ? 'Try again later' : 'No such user',
      ) as Error & {
        responseCode: number;
      };
      err.responseCode = address.address.startsWith('later') ? 451 : 550;
      cb(err);
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const port = (relay.server.address() as net.AddressInfo).port;
  const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'x@brigade.test' });
  try {
    const later = await mailer
      .send({ to: 'later@example.com', subject: 's', text: 't', html: 'h' })
      .catch((e) => e);
    expect(later).toMatchObject({ retryable: true, responseCode: 451 });
    const never = await mailer
      .send({ to: 'gone@example.com', subject: 's', text: 't', html: 'h' })
      .catch((e) => e);
    expect(never).toMatchObject({ retryable: false, responseCode: 550 });
  } finally {
    mailer.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  }
});
