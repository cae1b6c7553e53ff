import { randomUUID } from 'node:crypto';
import { idArray, sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  createUser,
  jobFacts,
  newJob,
  outbox,
  publish,
  smsRows,
  textsTo,
  useNotifications,
  type TestUser,
} from './harness';

// Issue 37: jobs chooses who hears of a shift (the `alerts` of jobs.job.opened.v1, of a roster-first window's
// end and of a boost); notifications texts exactly those chefs, each saying why in their language, once per
// shift and occasion, as their preferences allow.

const h = useNotifications();

const nearby = (chef_id: string, miles: number, weekday = 'friday' as const) => ({
  chef_id,
  reason: 'nearby' as const,
  miles,
  weekday,
});

/** Wait until notifications has handled `n` events of one subscription. */
async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${consumer}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
}

test('a new shift texts exactly the chefs jobs chose, each with why, in English and Spanish, and only once', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Lupita' });
  const favorite = await createUser(h.bus, h.database, { type: 'chef', name: 'Fav One' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const quiet = await createUser(h.bus, h.database, { type: 'chef', name: 'Quiet Chef' });
  const notChosen = await createUser(h.bus, h.database, { type: 'chef', name: 'Same City' });
  await h.setPreferences(quiet, { sms_notifications: false });
  const job = newJob(restaurant, h.clock);
  const opened = {
    ...jobFacts(job, 'normal'),
    notify_chef_ids: [favorite.id],
    reopened: false,
    roster_first_until: null,
    alerts: [
      { chef_id: favorite.id, reason: 'favorite' as const, miles: null, weekday: null },
      nearby(ana.id, 2.5),
      nearby(ben.id, 6),
      nearby(quiet.id, 7.2),
    ],
  };
  await publish(h.bus, 'jobs.job.opened.v1', opened);

  const [fav] = await textsTo(h.svc.url, favorite.phone, /invited you/);
  expect(fav.body).toContain('Casa Lupita invited you to "Line Cook"');
  expect(fav.body).toContain('Why you: favorite.');
  const [es] = await textsTo(h.svc.url, ana.phone, /Turno nuevo/);
  expect(es.body).toContain('Turno nuevo: Casa Lupita necesita "Cocinero de línea"');
  expect(es.body).toContain('Por qué tú: a 2.5 mi y disponible los viernes.');
  const [en] = await textsTo(h.svc.url, ben.phone, /New shift/);
  expect(en.body).toMatch(
    /^Brigade: New shift: Casa Lupita needs "Line Cook" on .*, \$25\.00\/hr\. Why you: within 6 mi and available Fridays\. Apply: .*\/jobs\//,
  );
  // the SMS toggle off: recorded, not sent; a chef of the city jobs did not choose: nothing
  await eventually(async () =>
    expect(await smsRows(h.database, quiet.id)).toEqual([
      expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
    ]),
  );
  expect(await smsRows(h.database, notChosen.id)).toEqual([]);

  // the same shift opening again (a decline) with the same chefs chosen: nobody is texted twice
  await publish(h.bus, 'jobs.job.opened.v1', { ...opened, reopened: true });
  await handled('notifications.job-opened', 2);
  await h.svc.handle.scheduler.tick();
  expect(await outbox(h.svc.url, favorite.phone)).toHaveLength(1);
  expect(await outbox(h.svc.url, ana.phone)).toHaveLength(1);
  expect(await outbox(h.svc.url, ben.phone)).toHaveLength(1);
});

test('an urgent shift reads urgent with why; a reopening as urgent is told again, once per reopening', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Urgent Eats' });
  const standby = await createUser(h.bus, h.database, { type: 'chef', name: 'Sam Wait' });
  const near = await createUser(h.bus, h.database, { type: 'chef', name: 'Nia Near', language: 'es' });
  const job = newJob(restaurant, h.clock);
  await publish(h.bus, 'jobs.job.opened.v1', {
    ...jobFacts(job, 'urgent'),
    notify_chef_ids: [],
    reopened: false,
    alerts: [nearby(near.id, 1)],
  });
  const [first] = await textsTo(h.svc.url, near.phone, /Turno urgente/);
  expect(first.body).toContain('Por qué tú: a 1 mi y disponible los viernes.');

  const reopening = {
    ...jobFacts(job, 'urgent'),
    notify_chef_ids: [],
    reopened: true,
    announce_as_urgent: true,
    alerts: [
      { chef_id: standby.id, reason: 'standby' as const, miles: null, weekday: null },
      nearby(near.id, 1),
    ],
  };
  await publish(h.bus, 'jobs.job.opened.v1', reopening);
  const [sam] = await textsTo(h.svc.url, standby.phone, /open again/);
  expect(sam.body).toContain('Urgent shift, open again! Urgent Eats needs "Line Cook"');
  expect(sam.body).toContain('Why you: on standby.');
  const again = await textsTo(h.svc.url, near.phone, /abierto de nuevo/);
  expect(again).toHaveLength(1);
  expect(again[0].body).toContain('Por qué tú: a 1 mi y disponible los viernes.');
});

test('a roster-first window ends: the chefs in range hear of it; a boost is texted with its new rate, once', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Roster Room' });
  const favorite = await createUser(h.bus, h.database, { type: 'chef', name: 'Fav Two' });
  const near = await createUser(h.bus, h.database, { type: 'chef', name: 'Lee Near' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Two', language: 'es' });
  const job = newJob(restaurant, h.clock);
  const until = new Date(h.clock.now().getTime() + 3_600_000).toISOString();
  await publish(h.bus, 'jobs.job.opened.v1', {
    ...jobFacts(job),
    notify_chef_ids: [favorite.id],
    reopened: false,
    roster_first_until: until,
    alerts: [{ chef_id: favorite.id, reason: 'favorite' as const, miles: null, weekday: null }],
  });
  await textsTo(h.svc.url, favorite.phone, /invited you/);
  expect(await outbox(h.svc.url, near.phone)).toEqual([]);

  await publish(h.bus, 'jobs.job.roster_window_ended.v1', {
    ...jobFacts(job),
    roster_first_until: until,
    alerts: [nearby(near.id, 3.4), nearby(ana.id, 4)],
  });
  const [open] = await textsTo(h.svc.url, near.phone, /New shift/);
  expect(open.body).toContain('Why you: within 3.4 mi and available Fridays.');

  const boost = {
    ...jobFacts(job),
    hourly_rate_cents: 2800,
    edit_id: randomUUID(),
    boosted_from_rate_cents: 2500,
    previous_rate_cents: 2500,
    chef_pay_cents: 16_800,
    alerts: [nearby(near.id, 3.4), nearby(ana.id, 4)],
  };
  await publish(h.bus, 'jobs.job.boosted.v1', boost);
  const [boosted] = await textsTo(h.svc.url, near.phone, /boosted/);
  expect(boosted.body).toContain('Roster Room raised the pay for "Line Cook"');
  expect(boosted.body).toContain('now $28.00/h (boosted). Why you: within 3.4 mi and available Fridays.');
  const [es] = await textsTo(h.svc.url, ana.phone, /pago aumentado/);
  expect(es.body).toContain('ahora $28.00/h (pago aumentado). Por qué tú: a 4 mi y disponible los viernes.');

  // a second boost event for the shift texts nobody again
  await publish(h.bus, 'jobs.job.boosted.v1', { ...boost, edit_id: randomUUID(), hourly_rate_cents: 3000 });
  await handled('notifications.job-boosted', 2);
  await h.svc.handle.scheduler.tick();
  expect((await outbox(h.svc.url, near.phone)).filter((m) => /boosted/.test(m.body))).toHaveLength(1);
  expect(await outbox(h.svc.url, favorite.phone)).toHaveLength(1);
});

test('a shift’s alerts queue in the order jobs chose, each chef once, each chef’s inbox raised once', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Order House' });
  const chefs: TestUser[] = [];
  for (const name of ['One Near', 'Two Near', 'Three Near', 'Four Near'])
    chefs.push(await createUser(h.bus, h.database, { type: 'chef', name }));
  const [closest, second, third, off] = chefs;
  await h.setPreferences(off, { sms_notifications: false });
  const versionsOf = async () =>
    new Map(
      (
        await h.database.rows<{ user_id: string; version: string }>(
          sql`select user_id, version::text from notifications.inboxes where user_id = any(${idArray(chefs.map((c) => c.id))}::uuid[])`,
        )
      ).map((r) => [r.user_id, Number(r.version)]),
    );
  const before = await versionsOf();
  const job = newJob(restaurant, h.clock);
  await publish(h.bus, 'jobs.job.opened.v1', {
    ...jobFacts(job),
    notify_chef_ids: [],
    reopened: false,
    roster_first_until: null,
    // the second chef named twice (as a roster chef and in range): one text, the first reason
    alerts: [
      nearby(closest.id, 0.8),
      nearby(second.id, 1.5),
      nearby(second.id, 1.5),
      nearby(third.id, 2.9),
      nearby(off.id, 3),
    ],
  });
  const rows = await eventually(async () => {
    const found = await h.database.rows<{ recipient_id: string; status: string }>(
      sql`select recipient_id, status from notifications.sms where job_id = ${job.id} order by seq`,
    );
    expect(found).toHaveLength(4);
    return found;
  });
  expect(rows.map((r) => [r.recipient_id, r.status === 'suppressed'])).toEqual([
    [closest.id, false],
    [second.id, false],
    [third.id, false],
    [off.id, true],
  ]);
  // every chef has the entry in their inbox: each version one higher (their next poll reads the new page)
  const after = await versionsOf();
  for (const chef of chefs) expect(after.get(chef.id)).toBe((before.get(chef.id) ?? 0) + 1);
  for (const chef of [closest, second, third]) await textsTo(h.svc.url, chef.phone, /New shift/);
  expect(await outbox(h.svc.url, second.phone)).toHaveLength(1);
  expect(await outbox(h.svc.url, off.phone)).toEqual([]);
});
