import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { applicationFacts, createUser, newJob, publish, smsRows, useNotifications } from './harness';

// The Twilio adapter through the official SDK, against a local stand-in of Twilio's Messages endpoint:
// what reaches Twilio, what is recorded, and how failures are retried with backoff and then given up.

interface TwilioRequest {
  path: string;
  auth: string | undefined;
  to: string;
  from: string;
  body: string;
}
const requests: TwilioRequest[] = [];
/** Per destination number: the HTTP statuses Twilio answers, in order (the last one repeats); 0 = no answer. */
const script = new Map<string, number[]>();
let twilioServer: http.Server;
let twilioUrl: string;

beforeAll(async () => {
  twilioServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      requests.push({
        path: req.url ?? '',
        auth: req.headers.authorization,
        to,
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      });
      const plan = script.get(to) ?? [201];
      const status = plan.length > 1 ? plan.shift()! : plan[0];
      if (status === 0) return; // Twilio hangs: the SDK's timeout ends the request
      res.writeHead(status, { 'content-type': 'application/json' });
      if (status === 201) {
        res.end(
          JSON.stringify({
            sid: `SM${requests.length.toString().padStart(32, '0')}`,
            status: 'queued',
            to,
            from: form.get('From'),
            body: form.get('Body'),
          }),
        );
      } else if (status === 400) {
        res.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status,
          }),
        );
      } else {
        res.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status }));
      }
    });
  });
  await new Promise<void>((r) => twilioServer.listen(0, '127.0.0.1', r));
  twilioUrl = `http://127.0.0.1:${(twilioServer.address() as AddressInfo).port}`;
});
// the service texts through the stand-in above (started first: its address is in the service's environment)
const h = useNotifications({
  env: () => ({
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'test-token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: twilioUrl,
    SMS_RETRY_DELAYS_MS: '60000,300000',
    TWILIO_TIMEOUT_MS: '1000',
  }),
});
afterAll(async () => {
  await new Promise((r) => twilioServer?.close(r));
});

async function acceptedText() {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Twilio Tavern' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Tess Wil' });
  return { restaurant, chef, facts: applicationFacts(newJob(restaurant, h.clock), chef) };
}
const to = (phone: string) => requests.filter((r) => r.to === phone);

test('with Twilio configured, texts go through the Twilio API and the dev outbox does not exist', async () => {
  const { chef, facts } = await acceptedText();
  await publish(h.bus, 'jobs.application.accepted.v1', facts);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1 }),
    ]),
  );
  const [req] = to(chef.phone);
  expect(req.path).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json');
  expect(req.auth).toBe(
    `Basic ${Buffer.from('AC00000000000000000000000000000001:test-token').toString('base64')}`,
  );
  expect(req.from).toBe('+15005550006');
  expect(req.body).toMatch(/^Brigade: Twilio Tavern accepted you for "Line Cook"/);
  const [row] = await smsRows(h.database, chef.id);
  expect(row.provider_id).toMatch(/^SM\d{32}$/);
  expect(row.body).toBe(req.body);
  expect((await fetch(`${h.svc.url}/dev/sms`)).status).toBe(404);
});

test('a text Twilio could not take is retried after the backoff and then recorded as sent', async () => {
  const { chef, facts } = await acceptedText();
  script.set(chef.phone, [500, 201]);
  await publish(h.bus, 'jobs.application.accepted.v1', facts);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 1, last_error: expect.stringContaining('500') }),
    ]),
  );
  h.clock.advance(30_000);
  await h.svc.handle.scheduler.tick();
  expect(to(chef.phone)).toHaveLength(1); // not before the backoff
  h.clock.advance(31_000);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2, last_error: null }),
    ]),
  );
  expect(to(chef.phone)).toHaveLength(2);
});

test('a number Twilio refuses is marked failed at once, without retries', async () => {
  const { chef, facts } = await acceptedText();
  script.set(chef.phone, [400]);
  await publish(h.bus, 'jobs.application.accepted.v1', facts);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('21211'),
      }),
    ]),
  );
  h.clock.advance(3_600_000);
  await h.svc.handle.scheduler.tick();
  expect(to(chef.phone)).toHaveLength(1);
});

test('a text that keeps failing is tried once per backoff step, then marked failed', async () => {
  const { chef, facts } = await acceptedText();
  script.set(chef.phone, [503]);
  await publish(h.bus, 'jobs.application.accepted.v1', facts);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 1 }),
    ]),
  );
  h.clock.advance(60_000);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 2 }),
    ]),
  );
  h.clock.advance(300_000);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 3 }),
    ]),
  );
  h.clock.advance(3_600_000);
  await h.svc.handle.scheduler.tick();
  expect(to(chef.phone)).toHaveLength(3);
  const rows = await h.database.rows(
    sql`select 1 from notifications.sms where recipient_id = ${chef.id} and sent_at is not null`,
  );
  expect(rows).toEqual([]);
});

test('Twilio not answering: the send times out, the same text is retried after the backoff and sent once', async () => {
  const { chef, facts } = await acceptedText();
  script.set(chef.phone, [0, 201]);
  // The same fact announced twice still queues one text (its cause key).
  const eventId = await publish(h.bus, 'jobs.application.accepted.v1', facts);
  await publish(h.bus, 'jobs.application.accepted.v1', facts, eventId);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/time/i) }),
    ]),
  );
  h.clock.advance(61_000);
  await eventually(async () =>
    expect(await smsRows(h.database, chef.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2, last_error: null }),
    ]),
  );
  h.clock.advance(3_600_000);
  await h.svc.handle.scheduler.tick();
  expect(to(chef.phone).map((r) => r.body)).toHaveLength(2); // one abandoned, one accepted
  expect(new Set(to(chef.phone).map((r) => r.body)).size).toBe(1);
});
