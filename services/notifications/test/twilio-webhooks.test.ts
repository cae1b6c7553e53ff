import { createHmac, randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { smsFallbackOf } from '../src/queries/sms-fallback';
import {
  applicationFacts,
  createUser,
  newJob,
  publish,
  smsRows,
  smsSandboxOf,
  textsTo,
  useNotifications,
  type TestUser,
} from './harness';

// Issue 40: Twilio's inbound webhook (STOP, START, HELP in English and Spanish) and its status callbacks, as the
// SMS sandbox posts them signed like Twilio; a forged webhook is refused and changes nothing.

const n = useNotifications({ env: { SMS_FAILURES_BEFORE_FALLBACK: '3' } });
const PUBLIC = 'https://brigade.test/api';

let sandbox: { url: string; token: string };
beforeAll(() => {
  const found = smsSandboxOf(n.svc.url);
  sandbox = { url: found.url, token: found.sandbox.authToken };
});

/** Someone texts Brigade through the SMS sandbox (as `POST /api/dev/sms/inbound` does). */
async function textBrigade(from: string, body: string) {
  const res = await fetch(`${sandbox.url}/sandbox/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { sid: string; status: number; replies: string[] };
}

async function prefs(user: TestUser) {
  const [row] = await n.database.rows<{ sms_notifications: boolean }>(
    sql`select sms_notifications from notifications.preferences where user_id = ${user.id}`,
  );
  return row?.sms_notifications ?? true;
}

let jobs = 0;
/** One text to the chef (an accepted application), sent through the sandbox; waits until it is sent. */
async function textChef(chef: TestUser, restaurant: TestUser) {
  jobs += 1;
  const job = newJob(restaurant, n.clock, `Line Cook ${jobs}`);
  await publish(n.bus, 'jobs.application.accepted.v1', applicationFacts(job, chef));
  return job;
}

function sign(url: string, params: Record<string, string>, token: string) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', token).update(data).digest('base64');
}

async function postForm(path: string, params: Record<string, string>, signature?: string) {
  return fetch(`${n.svc.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
}

async function deliveries(user: TestUser) {
  return n.database.rows<{ delivery_status: string | null; delivery_error_code: string | null }>(
    sql`select delivery_status, delivery_error_code from notifications.sms where recipient_id = ${user.id} and status = 'sent' order by seq`,
  );
}

async function fault(to: string, status: 'failed' | 'undelivered', count?: number) {
  const res = await fetch(`${sandbox.url}/sandbox/sms/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, status, ...(count ? { count } : {}) }),
  });
  expect(res.status).toBe(201);
}

test('a forged or unsigned webhook is refused with 403 and changes nothing', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Forged Target' });
  const params = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, From: chef.phone, Body: 'STOP' };
  const url = `${PUBLIC}/notifications/twilio/inbound`;
  for (const signature of [undefined, 'bm90IGEgc2lnbmF0dXJl', sign(url, params, 'not-the-token')]) {
    const res = await postForm('/notifications/twilio/inbound', params, signature);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: expect.any(String),
      code: 'NOTIFICATIONS.TWILIO_SIGNATURE_INVALID',
    });
  }
  // signed for another URL (a replay at another endpoint) is refused too
  const status = { MessageSid: params.MessageSid, MessageStatus: 'failed', ErrorCode: '30003' };
  const other = await postForm('/notifications/twilio/status', status, sign(url, status, 'x'));
  expect(other.status).toBe(403);
  expect(await prefs(chef)).toBe(true);
  const stored = await n.database.rows(
    sql`select 1 from notifications.sms_inbound where message_sid = ${params.MessageSid}`,
  );
  expect(stored).toHaveLength(0);
});

test('STOP turns texts off (no more texts), START turns them back on', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Stop Chef' });
  const restaurant = await createUser(n.bus, n.database, { type: 'restaurant', name: 'Stop Diner' });
  const stop = await textBrigade(chef.phone, '  stop ');
  expect(stop.status).toBe(200);
  expect(stop.replies).toEqual([expect.stringContaining('no more texts')]);
  expect(await prefs(chef)).toBe(false);

  await textChef(chef, restaurant);
  await eventually(async () => {
    const rows = await smsRows(n.database, chef.id);
    expect(rows.map((r) => r.status)).toEqual(['suppressed']);
    expect(rows[0].suppress_reason).toBe('preference:sms_notifications');
  });

  const start = await textBrigade(chef.phone, 'Start');
  expect(start.replies).toEqual([expect.stringContaining('texts are on again')]);
  expect(await prefs(chef)).toBe(true);
  const job = await textChef(chef, restaurant);
  await textsTo(n.svc.url, chef.phone, new RegExp(job.title));

  const inbound = await n.database.rows<{ keyword: string; action: string }>(
    sql`select keyword, action from notifications.sms_inbound where from_phone = ${chef.phone} order by seq`,
  );
  expect(inbound).toEqual([
    { keyword: 'STOP', action: 'opted_out' },
    { keyword: 'START', action: 'opted_in' },
  ]);
});

test('the Spanish keywords: PARAR stops, SÍ starts again, each confirmed in Spanish', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Parar Chef' });
  const parar = await textBrigade(chef.phone, 'Parar');
  expect(parar.replies).toEqual([expect.stringContaining('ya no recibirás')]);
  expect(await prefs(chef)).toBe(false);
  const sí = await textBrigade(chef.phone, 'sí');
  expect(sí.replies).toEqual([expect.stringContaining('activados otra vez')]);
  expect(await prefs(chef)).toBe(true);
});

test('HELP is answered in English, AYUDA in Spanish, INFO in the person’s language; other texts get nothing', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Ayuda Chef', language: 'es' });
  const help = await textBrigade(chef.phone, 'HELP');
  expect(help.replies).toEqual([
    expect.stringMatching(
      /Reply STOP to stop texts.*brigade\.test\/settings|brigade\.test\/settings.*Reply STOP/,
    ),
  ]);
  const ayuda = await textBrigade(chef.phone, 'ayuda');
  expect(ayuda.replies).toEqual([expect.stringContaining('Responde PARAR')]);
  const info = await textBrigade(chef.phone, 'info');
  expect(info.replies).toEqual([expect.stringContaining('Responde PARAR')]);
  const other = await textBrigade(chef.phone, 'See you at 5');
  expect(other).toMatchObject({ status: 200, replies: [] });
  expect(await prefs(chef)).toBe(true);
  // the help texts reach the phone (the sandbox's outbox)
  await textsTo(n.svc.url, chef.phone, /Responde PARAR/, 2);
});

test('a number nobody has: 200, nothing changed (HELP still answered)', async () => {
  const stranger = '+16125550199';
  const stop = await textBrigade(stranger, 'STOP');
  expect(stop).toMatchObject({ status: 200, replies: [] });
  const help = await textBrigade(stranger, 'HELP');
  expect(help.replies).toHaveLength(1);
  const rows = await n.database.rows<{ action: string }>(
    sql`select action from notifications.sms_inbound where from_phone = ${stranger}`,
  );
  expect(rows.every((r) => r.action === 'unknown_number')).toBe(true);
});

test('status callbacks mark each text delivered or undelivered with the error code, never backwards', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Status Chef' });
  const restaurant = await createUser(n.bus, n.database, { type: 'restaurant', name: 'Status Diner' });
  await textChef(chef, restaurant);
  await eventually(async () =>
    expect(await deliveries(chef)).toEqual([{ delivery_status: 'delivered', delivery_error_code: null }]),
  );

  // a late `sent` for the delivered text changes nothing
  const [row] = await n.database.rows<{ provider_id: string }>(
    sql`select provider_id from notifications.sms where recipient_id = ${chef.id} and status = 'sent'`,
  );
  const late = { MessageSid: row.provider_id, MessageStatus: 'sent' };
  const url = `${PUBLIC}/notifications/twilio/status`;
  const sandboxToken = sandbox.token;
  const res = await postForm('/notifications/twilio/status', late, sign(url, late, sandboxToken));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/xml/);
  expect(await deliveries(chef)).toEqual([{ delivery_status: 'delivered', delivery_error_code: null }]);

  // an unknown sid: 200, nothing changed
  const unknown = { MessageSid: `SM${'f'.repeat(32)}`, MessageStatus: 'failed', ErrorCode: '30003' };
  const res2 = await postForm('/notifications/twilio/status', unknown, sign(url, unknown, sandboxToken));
  expect(res2.status).toBe(200);

  await fault(chef.phone, 'undelivered', 1);
  await textChef(chef, restaurant);
  await eventually(async () =>
    expect(await deliveries(chef)).toEqual([
      { delivery_status: 'delivered', delivery_error_code: null },
      { delivery_status: 'undelivered', delivery_error_code: '30003' },
    ]),
  );
});

test('three failed texts in a row: notifications stop going by text, the inbox says so, START ends it', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Fallback Chef' });
  const restaurant = await createUser(n.bus, n.database, { type: 'restaurant', name: 'Fallback Diner' });
  await fault(chef.phone, 'failed', 3);
  for (let i = 1; i <= 2; i++) {
    await textChef(chef, restaurant);
    await eventually(async () =>
      expect((await deliveries(chef)).filter((d) => d.delivery_status === 'failed')).toHaveLength(i),
    );
  }
  expect(await smsFallbackOf(n.database, chef.id)).toBeNull();
  await textChef(chef, restaurant);
  await eventually(async () =>
    expect(await smsFallbackOf(n.database, chef.id)).toMatchObject({ failures_in_a_row: 3 }),
  );
  // From now on the chef's notifications are not texted (push and email carry them where they reach; the
  // inbox has them all), and the inbox says why.
  await textChef(chef, restaurant);
  await eventually(async () => {
    await n.svc.handle.scheduler.tick();
    const rows = await smsRows(n.database, chef.id);
    expect(rows.map((r) => [r.template, r.status, r.suppress_reason]).slice(-2)).toEqual([
      ['sms_fallback_started', 'suppressed', 'sms_fallback'],
      ['application_accepted', 'suppressed', 'sms_fallback'],
    ]);
  });
  const failed = (await deliveries(chef)).filter((d) => d.delivery_status === 'failed');
  expect(failed).toHaveLength(3);
  const token = await n.auth.token({ id: chef.id, type: 'chef' });
  const inbox = await fetch(`${n.svc.url}/notifications`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(
    (r) => r.json() as Promise<{ notifications: Array<{ type: string; text: string; link: string | null }> }>,
  );
  expect(inbox.notifications[1]).toMatchObject({
    type: 'account',
    text: expect.stringMatching(
      /^Our last texts to you could not be delivered, so your notifications now come by push and email/,
    ),
    link: '/settings',
  });
  // START (the number works again) ends it.
  await textBrigade(chef.phone, 'START');
  expect(await smsFallbackOf(n.database, chef.id)).toBeNull();
});

test('a delivered text ends a run of failures: two failed, one delivered, two failed still go by text', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Patchy Signal Chef' });
  const restaurant = await createUser(n.bus, n.database, { type: 'restaurant', name: 'Patchy Diner' });
  const sentAndSettled = async (count: number) => {
    await textChef(chef, restaurant);
    await eventually(async () => {
      const rows = await deliveries(chef);
      expect(rows).toHaveLength(count);
      expect(rows.every((d) => d.delivery_status !== 'sent' && d.delivery_status !== null)).toBe(true);
    });
  };
  await fault(chef.phone, 'failed', 2);
  await sentAndSettled(1);
  await sentAndSettled(2);
  await sentAndSettled(3); // delivered: the run of two ends
  await fault(chef.phone, 'failed', 2);
  await sentAndSettled(4);
  await sentAndSettled(5);
  expect((await deliveries(chef)).map((d) => d.delivery_status)).toEqual([
    'failed',
    'failed',
    'delivered',
    'failed',
    'failed',
  ]);
  // two in a row, not four: the chef's texts still go by text
  expect(await smsFallbackOf(n.database, chef.id)).toBeNull();
  await textChef(chef, restaurant);
  await eventually(async () =>
    expect((await smsRows(n.database, chef.id)).at(-1)).toMatchObject({
      status: 'sent',
      suppress_reason: null,
    }),
  );
});

test('START ends a fallback', async () => {
  const chef = await createUser(n.bus, n.database, { type: 'chef', name: 'Restart Chef' });
  const restaurant = await createUser(n.bus, n.database, { type: 'restaurant', name: 'Restart Diner' });
  await fault(chef.phone, 'undelivered', 3);
  for (let i = 0; i < 3; i++) await textChef(chef, restaurant);
  await eventually(async () => expect(await smsFallbackOf(n.database, chef.id)).not.toBeNull());
  await textBrigade(chef.phone, 'START');
  expect(await smsFallbackOf(n.database, chef.id)).toBeNull();
});
