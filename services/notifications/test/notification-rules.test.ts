import { DEFAULT_CHANNELS } from '@brigade/contracts';
import { randomUUID } from 'node:crypto';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  HOUR,
  jobFacts,
  MINUTE,
  newJob,
  outbox,
  publish,
  reminderRows,
  smsRows,
  textsTo,
  useNotifications,
} from './harness';

// Every texting rule of issue 5, through the real service: events in from the bus, texts out through the
// sandbox outbox (GET /dev/sms), reminders moved by the scheduler's clock.

const h = useNotifications();

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${h.svc.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('notification preferences', () => {
  test('a new user has SMS, job reminders and rating reminders all on', async () => {
    const token = await h.auth.token({ type: 'chef' });
    const res = await api('/notifications/preferences', { token });
    expect(res).toEqual({
      status: 200,
      body: {
        sms_notifications: true,
        job_reminders: true,
        rating_reminders: true,
        channels: DEFAULT_CHANNELS,
      },
    });
  });

  test('turning one toggle off keeps the others, and is remembered for that user only', async () => {
    const id = randomUUID();
    const token = await h.auth.token({ id, type: 'restaurant' });
    const put = await api('/notifications/preferences', {
      method: 'PUT',
      token,
      body: { job_reminders: false },
    });
    expect(put.body).toEqual({
      sms_notifications: true,
      job_reminders: false,
      rating_reminders: true,
      channels: DEFAULT_CHANNELS,
    });
    await api('/notifications/preferences', { method: 'PUT', token, body: { rating_reminders: false } });
    expect((await api('/notifications/preferences', { token })).body).toEqual({
      sms_notifications: true,
      job_reminders: false,
      rating_reminders: false,
      channels: DEFAULT_CHANNELS,
    });
    const other = await h.auth.token({ type: 'restaurant' });
    expect((await api('/notifications/preferences', { token: other })).body.job_reminders).toBe(true);
  });

  test('a bad request is refused with a reason and changes nothing', async () => {
    const token = await h.auth.token({ type: 'chef' });
    await api('/notifications/preferences', { method: 'PUT', token, body: { sms_notifications: false } });
    for (const body of [{ sms_notifications: 'yes' }, {}, [true], 'not json']) {
      const res = await api('/notifications/preferences', { method: 'PUT', token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
      );
    }
    expect((await api('/notifications/preferences', { token })).body).toEqual({
      sms_notifications: false,
      job_reminders: true,
      rating_reminders: true,
      channels: DEFAULT_CHANNELS,
    });
  });

  test('without a valid session nobody can read or change preferences', async () => {
    expect((await api('/notifications/preferences')).status).toBe(401);
    expect(
      (await api('/notifications/preferences', { method: 'PUT', body: { job_reminders: false } })).status,
    ).toBe(401);
    expect((await api('/notifications/preferences', { token: 'garbage' })).status).toBe(401);
  });
});

describe('texts about applications', () => {
  test('a restaurant is texted when a chef applies, in its own language', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Casa Lupita',
      language: 'es',
    });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
    const job = newJob(restaurant, h.clock, 'Prep Cook');
    await publish(h.bus, 'jobs.application.submitted.v1', applicationFacts(job, chef));
    const [text] = await textsTo(h.svc.url, restaurant.phone, /se postuló/);
    expect(text.body).toContain('Ana Ruiz se postuló a "Ayudante de preparación"');
    expect(text.body).toContain(`https://brigade.test/jobs/${job.id}/applications`);
  });

  test('a chef is texted when accepted and when rejected', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Blue Door' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Sam Lee' });
    const other = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Rosa Diaz',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock);
    await publish(h.bus, 'jobs.application.accepted.v1', applicationFacts(job, chef));
    await publish(h.bus, 'jobs.application.rejected.v1', applicationFacts(job, other));
    const [accepted] = await textsTo(h.svc.url, chef.phone, /accepted you/);
    expect(accepted.body).toMatch(
      /^Brigade: Blue Door accepted you for "Line Cook" on .+\. Please confirm: https:\/\/brigade\.test\/my-shifts$/,
    );
    const [rejected] = await textsTo(h.svc.url, other.phone, /no fue aceptada/);
    expect(rejected.body).toContain('tu postulación para "Cocinero de línea" en Blue Door no fue aceptada');
  });

  test('a restaurant is texted when a chef confirms, declines or cancels, and when the chef checks out', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Grill 9' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Kim Park' });
    const [a, b, c] = [
      newJob(restaurant, h.clock, 'Dishwasher'),
      newJob(restaurant, h.clock, 'Server'),
      newJob(restaurant, h.clock, 'Bartender'),
    ];
    const confirmed = applicationFacts(a, chef);
    await publish(h.bus, 'jobs.application.confirmed.v1', confirmed);
    await publish(h.bus, 'jobs.application.declined.v1', applicationFacts(b, chef));
    await publish(h.bus, 'jobs.application.cancelled.v1', {
      ...applicationFacts(c, chef),
      was_accepted: true,
    });
    await publish(h.bus, 'jobs.checkout.recorded.v1', {
      ...confirmed,
      side: 'restaurant',
      rating: 5,
      work_completed: true,
      feedback: null,
      ratee_id: chef.id,
      ratee_type: 'chef',
    });
    await publish(h.bus, 'jobs.checkout.recorded.v1', {
      ...confirmed,
      side: 'chef',
      rating: 4,
      work_completed: true,
      feedback: null,
      ratee_id: restaurant.id,
      ratee_type: 'restaurant',
    });
    await textsTo(h.svc.url, restaurant.phone, /Kim Park confirmed "Dishwasher"/);
    await textsTo(h.svc.url, restaurant.phone, /Kim Park declined "Server" .*The shift is open again/);
    await textsTo(h.svc.url, restaurant.phone, /Kim Park cancelled "Bartender" .*The shift is open again/);
    const [checkout] = await textsTo(h.svc.url, restaurant.phone, /checked out/);
    expect(checkout.body).toContain(`https://brigade.test/checkout/${confirmed.application_id}`);
    // the restaurant's own checkout texts nobody
    expect(await outbox(h.svc.url, chef.phone)).toEqual([]);
    expect((await smsRows(h.database, restaurant.id)).map((r) => r.template).sort()).toEqual([
      'application_cancelled',
      'application_confirmed',
      'application_declined',
      'chef_checked_out',
    ]);
  });

  test('the same event delivered twice, or announced twice, texts once', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Twice Bistro' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Lee Jones' });
    const facts = applicationFacts(newJob(restaurant, h.clock), chef);
    const id = await publish(h.bus, 'jobs.application.submitted.v1', facts);
    await publish(h.bus, 'jobs.application.submitted.v1', facts, id);
    await publish(h.bus, 'jobs.application.submitted.v1', facts); // same application, new event id
    await textsTo(h.svc.url, restaurant.phone, /applied/);
    await eventually(async () => {
      const rows = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from notifications.processed_events where consumer = 'notifications.application-submitted'`,
      );
      expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
    });
    await h.svc.handle.scheduler.tick();
    expect(await outbox(h.svc.url, restaurant.phone)).toHaveLength(1);
  });

  test('nobody is texted when SMS notifications are off, or before the phone is verified', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Quiet Place' });
    const unverified = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'New Place',
      verified: false,
    });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Max Roe' });
    await h.setPreferences(restaurant, { sms_notifications: false });
    await publish(
      h.bus,
      'jobs.application.submitted.v1',
      applicationFacts(newJob(restaurant, h.clock), chef),
    );
    await publish(
      h.bus,
      'jobs.application.submitted.v1',
      applicationFacts(newJob(unverified, h.clock), chef),
    );
    await eventually(async () => {
      expect(await smsRows(h.database, restaurant.id)).toEqual([
        expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
      ]);
      expect(await smsRows(h.database, unverified.id)).toEqual([
        expect.objectContaining({ status: 'suppressed', suppress_reason: 'no_verified_phone' }),
      ]);
    });
    expect(await outbox(h.svc.url, restaurant.phone)).toEqual([]);
    expect(await outbox(h.svc.url, unverified.phone)).toEqual([]);
  });
});

describe('texts about shifts and money', () => {
  test("an urgent shift texts the restaurant's favorites first, then the chefs of its city who have SMS on", async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Urgent Eats',
      city: 'Detroit',
    });
    const favorite = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Fav Chef',
      city: 'Minneapolis',
    });
    const local = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Local Chef',
      city: 'Detroit',
      language: 'es',
    });
    const quiet = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Quiet Chef',
      city: 'Detroit',
    });
    const elsewhere = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Far Chef',
      city: 'Minneapolis',
    });
    await h.setPreferences(quiet, { sms_notifications: false });
    const job = newJob(restaurant, h.clock, 'Line Cook', 3);
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(job, 'urgent'),
      notify_chef_ids: [favorite.id],
      reopened: false,
    });
    const [fav] = await textsTo(h.svc.url, favorite.phone, /invited you/);
    expect(fav.body).toContain('Urgent Eats invited you to "Line Cook"');
    expect(fav.body).toContain('$25.00/hr');
    const [loc] = await textsTo(h.svc.url, local.phone, /Turno urgente/);
    expect(loc.body).toContain('¡Turno urgente! Urgent Eats necesita "Cocinero de línea"');
    expect(new Date(fav.sent_at).getTime()).toBeLessThanOrEqual(new Date(loc.sent_at).getTime());
    const order = await h.database.rows<{ recipient_id: string }>(
      sql`select recipient_id from notifications.sms where dedupe_key like ${`shift_opened:${job.id}:%`} order by sent_at, seq`,
    );
    expect(order[0].recipient_id).toBe(favorite.id);
    expect(await outbox(h.svc.url, quiet.phone)).toEqual([]);
    expect(await outbox(h.svc.url, elsewhere.phone)).toEqual([]);

    // reopened after a decline: nobody is texted a second time about the same shift
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(job, 'urgent'),
      notify_chef_ids: [favorite.id],
      reopened: true,
    });
    await eventually(async () => {
      const rows = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from notifications.processed_events where consumer = 'notifications.job-opened'`,
      );
      expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
    });
    await h.svc.handle.scheduler.tick();
    expect(await outbox(h.svc.url, favorite.phone)).toHaveLength(1);
    expect(await outbox(h.svc.url, local.phone)).toHaveLength(1);
  });

  test('a normal shift texts only the favorites the restaurant named', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Calm Cafe',
      city: 'Detroit',
    });
    const favorite = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Fav Two',
      city: 'Detroit',
    });
    const local = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Local Two',
      city: 'Detroit',
    });
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(newJob(restaurant, h.clock), 'normal'),
      notify_chef_ids: [favorite.id],
      reopened: false,
    });
    await textsTo(h.svc.url, favorite.phone, /Calm Cafe invited you/);
    expect(await outbox(h.svc.url, local.phone)).toEqual([]);
  });

  test('a chef is texted when paid out, when the shift is cancelled, and when the pay is refunded for work not done', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Money Diner' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Pat Kay', language: 'es' });
    const paid = newJob(restaurant, h.clock, 'Prep Cook');
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(paid),
      notify_chef_ids: [],
      reopened: false,
    });
    await eventually(async () =>
      expect(
        (await h.database.rows(sql`select 1 from notifications.jobs where job_id = ${paid.id}`)).length,
      ).toBe(1),
    );
    await publish(h.bus, 'payments.payout.released.v1', {
      job_id: paid.id,
      chef_id: chef.id,
      restaurant_id: restaurant.id,
      transfer_id: 'tr_1',
      amount_cents: 15000,
    });
    // Paid in full (issue 32): the chef reads the outcome's own words, the restaurant what the chef got and the fee.
    const [payout] = await textsTo(h.svc.url, chef.phone, /Pagado completo/);
    expect(payout.body).toMatch(
      /^Brigade: el turno "Ayudante de preparación" del .+: Pagado completo: se te pagaron \$150\.00\. Llegará a tu banco en 2 a 7 días hábiles\.$/,
    );
    const [told] = await textsTo(h.svc.url, restaurant.phone, /Paid in full/);
    expect(told.body).toMatch(
      /^Brigade: "Prep Cook" on .+: Paid in full: the chef was paid \$150\.00, and Brigade kept the \$10\.50 booking fee\.$/,
    );

    const cancelled = newJob(restaurant, h.clock, 'Server');
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(cancelled),
      previous_status: 'filled',
      refund_due: true,
      affected_chef_ids: [chef.id],
    });
    await textsTo(h.svc.url, chef.phone, /Money Diner canceló el turno "Mesero"/);
    // The cancellation's refund texts nobody (the restaurant saw its figures before cancelling): it is taken
    // without a transaction and leaves no processed-event record; the refund below is texted and recorded.
    const cancelRefund = await publish(h.bus, 'payments.escrow.refunded.v1', {
      job_id: cancelled.id,
      restaurant_id: restaurant.id,
      refund_id: 're_cancel_1',
      amount_cents: 16050,
      reason: 'job_cancelled',
    });
    const recorded = (id: string) =>
      h.database.rows(sql`select 1 from notifications.processed_events where event_id = ${id}`);

    const undone = newJob(restaurant, h.clock, 'Dishwasher');
    await publish(h.bus, 'jobs.application.confirmed.v1', applicationFacts(undone, chef));
    await eventually(async () => expect((await reminderRows(h.database, undone.id)).length).toBe(8));
    await publish(h.bus, 'payments.escrow.refunded.v1', {
      job_id: undone.id,
      restaurant_id: restaurant.id,
      refund_id: 're_1',
      amount_cents: 16050,
      reason: 'work_not_completed',
    });
    const [refunded] = await textsTo(h.svc.url, chef.phone, /"Lavaplatos".*Reembolsado/);
    expect(refunded.body).toMatch(
      /: Reembolsado: los \$160\.50 volvieron completos al restaurante, así que este turno no te paga nada\.$/,
    );
    const [back] = await textsTo(h.svc.url, restaurant.phone, /"Dishwasher".*Refunded/);
    expect(back.body).toMatch(/: Refunded: the whole \$160\.50 went back to your card\.$/);
    expect(await recorded(cancelRefund)).toEqual([]);
    expect((await outbox(h.svc.url, restaurant.phone)).filter((t) => /"Server"/.test(t.body))).toEqual([]);
  });
});

describe('new message texts', () => {
  async function thread() {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Chatty Grill' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Jo Chat' });
    const job = newJob(restaurant, h.clock, 'Sous Chef');
    await publish(h.bus, 'jobs.application.submitted.v1', applicationFacts(job, chef));
    return { restaurant, chef, job };
  }
  const message = (t: Awaited<ReturnType<typeof thread>>, from: 'chef' | 'restaurant', at: Date) => ({
    message_id: randomUUID(),
    job_id: t.job.id,
    job_title: t.job.title,
    chef_id: t.chef.id,
    restaurant_id: t.restaurant.id,
    sender_id: from === 'chef' ? t.chef.id : t.restaurant.id,
    recipient_id: from === 'chef' ? t.restaurant.id : t.chef.id,
    sent_at: at.toISOString(),
  });
  async function nudges(jobId: string) {
    return (await reminderRows(h.database, jobId)).filter((r) => r.kind === 'new_message');
  }

  test('the reader is texted when they have not opened the thread 10 minutes after a message, at most once an hour', async () => {
    const t = await thread();
    await publish(h.bus, 'messaging.message.sent.v1', message(t, 'restaurant', h.clock.now()));
    await eventually(async () => expect(await nudges(t.job.id)).toHaveLength(1));
    h.clock.advance(9 * MINUTE);
    await h.svc.handle.scheduler.tick();
    expect(await outbox(h.svc.url, t.chef.phone)).toEqual([]);
    h.clock.advance(2 * MINUTE);
    const [text] = await textsTo(h.svc.url, t.chef.phone, /new message from Chatty Grill about "Sous Chef"/);
    expect(text.body).toContain(`https://brigade.test/messages?job=${t.job.id}`);

    // 20 minutes later another message, still unread after 10 more minutes: within the hour, no second text
    h.clock.advance(20 * MINUTE);
    await publish(h.bus, 'messaging.message.sent.v1', message(t, 'restaurant', h.clock.now()));
    await eventually(async () =>
      expect((await nudges(t.job.id)).filter((n) => n.status === 'pending')).toHaveLength(1),
    );
    h.clock.advance(11 * MINUTE);
    await eventually(async () =>
      expect((await nudges(t.job.id)).map((n) => n.drop_reason)).toContain('texted_within_hour'),
    );
    expect(await outbox(h.svc.url, t.chef.phone)).toHaveLength(1);

    // more than an hour after the first text: a new unread message is texted again
    h.clock.advance(40 * MINUTE);
    await publish(h.bus, 'messaging.message.sent.v1', message(t, 'restaurant', h.clock.now()));
    await eventually(async () =>
      expect((await nudges(t.job.id)).filter((n) => n.status === 'pending')).toHaveLength(1),
    );
    h.clock.advance(11 * MINUTE);
    await textsTo(h.svc.url, t.chef.phone, /new message/, 2);
  });

  test('no text when the reader opens the thread within 10 minutes', async () => {
    const t = await thread();
    await publish(h.bus, 'messaging.message.sent.v1', message(t, 'chef', h.clock.now()));
    await eventually(async () => expect(await nudges(t.job.id)).toHaveLength(1));
    h.clock.advance(5 * MINUTE);
    await publish(h.bus, 'messaging.thread.read.v1', {
      job_id: t.job.id,
      chef_id: t.chef.id,
      reader_id: t.restaurant.id,
      read_at: h.clock.now().toISOString(),
    });
    await eventually(async () =>
      expect((await nudges(t.job.id))[0]).toEqual(
        expect.objectContaining({ status: 'dropped', drop_reason: 'read' }),
      ),
    );
    h.clock.advance(30 * MINUTE);
    await h.svc.handle.scheduler.tick();
    expect((await outbox(h.svc.url, t.restaurant.phone)).filter((m) => /new message/.test(m.body))).toEqual(
      [],
    );
  });
});

describe('reminders', () => {
  async function confirmedShift(opts: { startInHours?: number; chefLanguage?: 'en' | 'es' } = {}) {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Reminder Room' });
    const chef = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Rae Mind',
      language: opts.chefLanguage,
    });
    const job = newJob(restaurant, h.clock, 'Line Cook', opts.startInHours ?? 5, 4);
    const facts = applicationFacts(job, chef);
    await publish(h.bus, 'jobs.application.confirmed.v1', facts);
    // job and rating reminders for both sides, and the two checkout-deadline reminders (24h, 2h) of each side
    await eventually(async () => expect(await reminderRows(h.database, job.id)).toHaveLength(8));
    await textsTo(h.svc.url, restaurant.phone, /confirmed/);
    return { restaurant, chef, job, facts };
  }

  test('the confirmed chef and the restaurant are reminded 1 hour before the shift, once', async () => {
    const s = await confirmedShift({ chefLanguage: 'es' });
    h.clock.set(new Date(s.job.start.getTime() - HOUR - MINUTE));
    await h.svc.handle.scheduler.tick();
    expect((await outbox(h.svc.url, s.chef.phone)).filter((m) => /Recordatorio/.test(m.body))).toEqual([]);
    h.clock.advance(2 * MINUTE);
    const [chefText] = await textsTo(
      h.svc.url,
      s.chef.phone,
      /Recordatorio de Brigade: tu turno "Cocinero de línea" en Reminder Room empieza a las? .+, 123 Main St\./,
    );
    expect(chefText).toBeDefined();
    await textsTo(h.svc.url, s.restaurant.phone, /Brigade reminder: Rae Mind starts "Line Cook" at/);
    h.clock.advance(10 * MINUTE);
    await h.svc.handle.scheduler.tick();
    expect((await outbox(h.svc.url, s.restaurant.phone)).filter((m) => /reminder/.test(m.body))).toHaveLength(
      1,
    );
  });

  test('a side that turned job reminders off is not reminded; the other side still is', async () => {
    const s = await confirmedShift();
    await h.setPreferences(s.chef, { job_reminders: false });
    h.clock.set(new Date(s.job.start.getTime() - 30 * MINUTE));
    await textsTo(h.svc.url, s.restaurant.phone, /Brigade reminder/);
    await eventually(async () =>
      expect((await smsRows(h.database, s.chef.id)).find((r) => r.template === 'job_reminder_chef')).toEqual(
        expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:job_reminders' }),
      ),
    );
    expect(await outbox(h.svc.url, s.chef.phone)).toEqual([]);
  });

  test("a cancelled job's reminders are dropped and never sent", async () => {
    const s = await confirmedShift();
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(s.job),
      previous_status: 'filled',
      refund_due: true,
      affected_chef_ids: [s.chef.id],
    });
    await eventually(async () =>
      expect(
        (await reminderRows(h.database, s.job.id)).every(
          (r) => r.status === 'dropped' && r.drop_reason === 'job_cancelled',
        ),
      ).toBe(true),
    );
    h.clock.set(new Date(s.job.end.getTime() + 2 * HOUR));
    await h.svc.handle.scheduler.tick();
    expect((await outbox(h.svc.url, s.restaurant.phone)).filter((m) => /reminder|rate/.test(m.body))).toEqual(
      [],
    );
    expect((await outbox(h.svc.url, s.chef.phone)).filter((m) => /reminder|rate/.test(m.body))).toEqual([]);
  });

  test('when the shift moves, its reminders move with it', async () => {
    const s = await confirmedShift({ startInHours: 3 });
    const later = {
      ...s.job,
      start: new Date(s.job.start.getTime() + 5 * HOUR),
      end: new Date(s.job.end.getTime() + 5 * HOUR),
    };
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(later),
      notify_chef_ids: [],
      reopened: true,
    });
    await eventually(async () => {
      const job = (await reminderRows(h.database, s.job.id)).filter((r) => r.kind === 'job_reminder');
      expect(job.map((r) => new Date(r.due_at).getTime())).toEqual([
        later.start.getTime() - HOUR,
        later.start.getTime() - HOUR,
      ]);
      // the checkout-deadline reminders follow the new end: 24 hours and 2 hours before end + 48 hours
      const deadline = (await reminderRows(h.database, s.job.id)).filter(
        (r) => r.kind === 'checkout_deadline',
      );
      expect(deadline.map((r) => new Date(r.due_at).getTime()).sort((a, b) => a - b)).toEqual(
        [24, 24, 46, 46].map((h) => later.end.getTime() + h * HOUR),
      );
    });
  });

  test('after the shift, only the side that has not checked out gets a rating reminder', async () => {
    const s = await confirmedShift();
    await publish(h.bus, 'jobs.checkout.recorded.v1', {
      ...s.facts,
      side: 'restaurant',
      rating: 5,
      work_completed: true,
      feedback: null,
      ratee_id: s.chef.id,
      ratee_type: 'chef',
    });
    await eventually(async () =>
      expect(
        (await reminderRows(h.database, s.job.id)).find(
          (r) => r.kind === 'rating_reminder' && r.recipient_id === s.restaurant.id,
        )?.status,
      ).toBe('dropped'),
    );
    h.clock.set(new Date(s.job.end.getTime() + HOUR + MINUTE));
    const [text] = await textsTo(
      h.svc.url,
      s.chef.phone,
      /how was "Line Cook" at Reminder Room\? Check out and rate/,
    );
    expect(text.body).toContain(`https://brigade.test/checkout/${s.facts.application_id}`);
    await eventually(async () =>
      expect(
        (await reminderRows(h.database, s.job.id))
          .filter((r) => r.kind === 'rating_reminder')
          .every((r) => r.status !== 'pending'),
      ).toBe(true),
    );
    expect(
      (await outbox(h.svc.url, s.restaurant.phone)).filter((m) => /rate your chef/.test(m.body)),
    ).toEqual([]);
  });
});

import { sql } from '@brigade/kit';
