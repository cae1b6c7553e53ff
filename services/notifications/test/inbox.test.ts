import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, smsRows, textsTo, tipPaid, useNotifications, type TestUser } from './harness';

// Issue 40's inbox: every notification to a person is an entry of their inbox, in their language, with the
// page it is about; polled with ETag and 304 like the other lists; the bell counts the unread. And the channels
// per type: a type whose SMS the person turned off is not texted, and is still in the inbox.

const h = useNotifications();

async function call(
  user: TestUser,
  method: string,
  path: string,
  init: { body?: unknown; etag?: string } = {},
) {
  const token = await h.auth.token({ id: user.id, type: user.type });
  const res = await fetch(`${h.svc.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.etag ? { 'if-none-match': init.etag } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), body: text ? JSON.parse(text) : null };
}

const tipTo = (chef: TestUser, restaurant: TestUser, cents?: number) => tipPaid(h, chef, restaurant, cents);

async function inboxHas(user: TestUser, n: number) {
  return eventually(async () => {
    const page = await call(user, 'GET', '/notifications');
    expect(page.status).toBe(200);
    expect(page.body.notifications).toHaveLength(n);
    return page;
  });
}

test('a notification is an inbox entry in the reader language, and the bell counts it until it is read', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Verde' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  await tipTo(chef, restaurant);
  const page = await inboxHas(chef, 1);
  const [entry] = page.body.notifications;
  expect(entry).toMatchObject({ type: 'money', read: false, link: '/earnings' });
  expect(entry.text).toMatch(/^Casa Verde te dio una propina de \$20\.00/);
  expect(entry.text).not.toMatch(/https?:|^Brigade/);
  expect(page.body).toMatchObject({ unread: 1, next: null });
  // The same text went out by SMS (a type at its defaults, with only a phone to reach: texted as before).
  await textsTo(h.svc.url, chef.phone, /propina/);

  // The bell: a count with an ETag; unchanged, a 304.
  const count = await call(chef, 'GET', '/notifications/unread-count');
  expect(count).toMatchObject({ status: 200, body: { unread: 1 } });
  expect((await call(chef, 'GET', '/notifications/unread-count', { etag: count.etag! })).status).toBe(304);
  expect((await call(chef, 'GET', '/notifications', { etag: page.etag! })).status).toBe(304);

  // Nobody else reads it, or marks it read.
  expect((await call(restaurant, 'POST', `/notifications/${entry.id}/read`)).status).toBe(404);
  expect((await call(restaurant, 'GET', '/notifications')).body.notifications).toEqual([]);
  expect((await call(chef, 'GET', '/notifications/unread-count')).body.unread).toBe(1);

  // Read: the bell is at zero, and both polls change.
  expect(await call(chef, 'POST', `/notifications/${entry.id}/read`)).toMatchObject({
    status: 200,
    body: { unread: 0 },
  });
  expect((await call(chef, 'GET', '/notifications/unread-count', { etag: count.etag! })).body).toEqual({
    unread: 0,
  });
  const after = await call(chef, 'GET', '/notifications', { etag: page.etag! });
  expect(after.status).toBe(200);
  expect(after.body.notifications[0].read).toBe(true);
  // Reading again changes nothing.
  expect((await call(chef, 'POST', `/notifications/${entry.id}/read`)).body).toEqual({ unread: 0 });
  expect((await call(chef, 'POST', '/notifications/not-an-id/read')).status).toBe(404);
});

test('an entry names the people its vars name, and a value that is no id names nobody', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Hearth & Rye' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Lena Park' });
  // Two texts as a service writes them (a message from the chef; a reminder naming the chef), and one whose
  // sender is not a person's id: each is recorded, and the page shows the names it can.
  const entry = (key: string, template: string, vars: Record<string, unknown>, minutesAgo: number) =>
    h.database.rows(
      sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, status, language,
            next_attempt_at, created_at, sent_at)
          values (gen_random_uuid(), ${`test:named:${restaurant.id}:${key}`}, ${restaurant.id}, ${template},
            ${JSON.stringify(vars)}::jsonb, 'sent', 'en', now(), now() - ${`${minutesAgo} minutes`}::interval, now())`,
    );
  const start = new Date(Date.now() + 86_400_000).toISOString();
  await entry('message', 'new_message', { sender_id: chef.id, job_title: 'Line Cook', job_id: chef.id }, 3);
  await entry(
    'reminder',
    'job_reminder_restaurant',
    { chef_id: chef.id, job_title: 'Line Cook', start_time: start },
    2,
  );
  await entry('odd', 'new_message', { sender_id: 'brigade-ops', job_title: 'Line Cook', job_id: chef.id }, 1);
  const page = await call(restaurant, 'GET', '/notifications');
  expect(page.status).toBe(200);
  expect(page.body.notifications.map((e: { text: string }) => e.text)).toEqual([
    expect.stringMatching(/^You have a new message from the other side about "Line Cook"/),
    expect.stringMatching(/^Brigade reminder: Lena Park starts "Line Cook" at /),
    expect.stringMatching(/^You have a new message from Lena Park about "Line Cook"/),
  ]);
});

test('an entry of a template this version no longer has shows the text as it was sent, beside rendered ones', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Old Mill' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Noor Haddad' });
  const entry = (
    key: string,
    template: string,
    vars: Record<string, unknown>,
    body: string,
    minutesAgo: number,
  ) =>
    h.database.rows(
      sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, body, status, language,
            next_attempt_at, created_at, sent_at)
          values (gen_random_uuid(), ${`test:retired:${chef.id}:${key}`}, ${chef.id}, ${template},
            ${JSON.stringify(vars)}::jsonb, ${body}, 'sent', 'en', now(), now() - ${`${minutesAgo} minutes`}::interval,
            now())`,
    );
  await entry(
    'old',
    'shift_bonus_retired',
    { amount_cents: 500 },
    'Brigade: a $5.00 bonus was added to your shift.',
    3,
  );
  await entry(
    'message',
    'new_message',
    { sender_id: restaurant.id, job_title: 'Prep Cook', job_id: restaurant.id },
    'what was sent then',
    2,
  );
  await entry('older', 'weekly_digest_retired', {}, 'Brigade: 4 new shifts near you this week.', 1);
  const page = await call(chef, 'GET', '/notifications');
  expect(page.status).toBe(200);
  expect(page.body.notifications.map((e: { text: string; type: string }) => [e.type, e.text])).toEqual([
    ['account', '4 new shifts near you this week.'],
    ['messages', expect.stringMatching(/^You have a new message from Old Mill about "Prep Cook"/)],
    ['account', 'A $5.00 bonus was added to your shift.'],
  ]);
  // Someone else's entries are never read into this page.
  expect((await call(restaurant, 'GET', '/notifications')).body.notifications).toEqual([]);
});

test('the inbox pages newest first, and mark-all-read clears the bell', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Blue Door' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Sam Lee' });
  // One after the other, each in the inbox before the next: the inbox's order is the order its notifications were
  // written, and a tip's event whose first delivery is retried would otherwise be written after a later one's.
  for (const [i, cents] of [1_000, 2_000, 3_000].entries()) {
    await tipTo(chef, restaurant, cents);
    await inboxHas(chef, i + 1);
  }
  const first = await call(chef, 'GET', '/notifications?limit=2');
  expect(first.body.notifications.map((e: { text: string }) => e.text.match(/\$\d+/)?.[0])).toEqual([
    '$30',
    '$20',
  ]);
  expect(first.body.next).toBe(first.body.notifications[1].id);
  const second = await call(chef, 'GET', `/notifications?limit=2&before=${first.body.next}`);
  expect(second.body.notifications.map((e: { text: string }) => e.text.match(/\$\d+/)?.[0])).toEqual(['$10']);
  expect(second.body.next).toBeNull();
  // Bad pages are refused with a reason, someone else's cursor too.
  for (const q of ['limit=0', 'limit=51', 'limit=x', 'before=nope']) {
    const bad = await call(chef, 'GET', `/notifications?${q}`);
    expect([q, bad.status, typeof bad.body.error, bad.body.code]).toEqual([
      q,
      400,
      'string',
      'VALIDATION.FAILED',
    ]);
  }
  expect((await call(restaurant, 'GET', `/notifications?before=${first.body.next}`)).status).toBe(400);

  expect(await call(chef, 'POST', '/notifications/read-all')).toMatchObject({
    status: 200,
    body: { unread: 0 },
  });
  const all = await call(chef, 'GET', '/notifications');
  expect(all.body.notifications.every((e: { read: boolean }) => e.read)).toBe(true);
  expect(all.body.unread).toBe(0);
});

test('channels per type: defaults by urgency, a switch saved is kept, an unknown type changes nothing', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Corner Bistro' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Lee Park' });
  const prefs = await call(chef, 'GET', '/notifications/preferences');
  expect(prefs.body).toMatchObject({
    sms_notifications: true,
    channels: {
      shift_alerts: { sms: true, push: true, email: false },
      reminders: { sms: true, push: true, email: false },
      money: { sms: false, push: true, email: true },
    },
  });
  expect(Object.keys(prefs.body.channels).sort()).toEqual(
    ['account', 'booking_changes', 'disputes', 'messages', 'money', 'reminders', 'shift_alerts'].sort(),
  );

  for (const body of [
    { channels: { pizza: { sms: true } } },
    { channels: { money: { inbox: false } } },
    { channels: { money: { sms: 'no' } } },
    { channels: 'all' },
  ]) {
    const bad = await call(chef, 'PUT', '/notifications/preferences', { body });
    expect([bad.status, typeof bad.body.error, bad.body.code]).toEqual([400, 'string', 'VALIDATION.FAILED']);
  }
  expect((await call(chef, 'GET', '/notifications/preferences')).body).toEqual(prefs.body);

  // Money by push and email only, as the person set it: no text, and the entry is in the inbox all the same.
  const saved = await call(chef, 'PUT', '/notifications/preferences', {
    body: { channels: { money: { sms: false, push: true } } },
  });
  expect(saved.body.channels.money).toEqual({ sms: false, push: true, email: true });
  expect(saved.body.channels.shift_alerts).toEqual(prefs.body.channels.shift_alerts);
  await tipTo(chef, restaurant);
  await inboxHas(chef, 1);
  await eventually(async () => {
    await h.svc.handle.scheduler.tick();
    const rows = await smsRows(h.database, chef.id);
    expect(rows.map((r) => [r.template, r.status, r.suppress_reason])).toEqual([
      ['tip_paid_chef', 'suppressed', 'channel:money'],
    ]);
  });

  // SMS switched off altogether (the master toggle): still an entry of the inbox.
  await h.setPreferences(chef, { sms_notifications: false });
  await tipTo(chef, restaurant, 500);
  await inboxHas(chef, 2);
  const stored = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from notifications.channel_preferences where user_id = ${chef.id}`,
  );
  expect(Number(stored[0].n)).toBe(1);
});
