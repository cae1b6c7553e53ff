import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { PRIORITY } from '../src/domain/rules';
import { createUser, smsRows, textsTo, useNotifications, outbox } from './harness';

// Issue 41: a claimed batch of texts reads its people, their toggles and switches and the names its texts mention
// in one statement. Each text must still go to its own person, in their language, naming its own restaurant (by
// user or profile id), obeying its own person's toggles, and a text to someone not known yet waits as before.

const h = useNotifications();

test('one batch of texts: each to its own person, in their language, with its own names and toggles', async () => {
  const [lakeside, corktown, ana, beto, carla, dani] = await Promise.all([
    createUser(h.bus, h.database, { type: 'restaurant', name: 'Lakeside Grill' }),
    createUser(h.bus, h.database, { type: 'restaurant', name: 'Corktown Diner', city: 'Detroit' }),
    createUser(h.bus, h.database, { type: 'chef', name: 'Ana' }),
    createUser(h.bus, h.database, { type: 'chef', name: 'Beto', language: 'es' }),
    createUser(h.bus, h.database, { type: 'chef', name: 'Carla' }),
    createUser(h.bus, h.database, { type: 'chef', name: 'Dani' }),
  ]);
  await h.setPreferences(carla, { sms_notifications: false });
  const nobody = randomUUID();

  // 18:00 UTC: noon in Minneapolis, 1 pm in Detroit (the restaurant's city decides the time shown)
  const accepted = (restaurant: string, title: string) =>
    JSON.stringify({
      job_id: randomUUID(),
      job_title: title,
      start_time: '2026-12-10T18:00:00Z',
      restaurant_id: restaurant,
    });
  const texts: Array<[string, string]> = [
    [ana.id, accepted(lakeside.id, 'Prep Cook')],
    [beto.id, accepted(corktown.profileId, 'Line Cook')], // the restaurant named by its profile id
    [carla.id, accepted(lakeside.id, 'Dish')],
    [nobody, accepted(lakeside.id, 'Grill')],
    [dani.profileId, accepted(corktown.id, 'Sous Chef')], // the recipient named by their profile id
  ];
  // one statement, due by the service's clock: the scheduler's next claim takes them all together
  const at = h.clock.now().toISOString();
  await h.database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, priority, status, next_attempt_at, created_at)
        values ${sql.join(
          texts.map(
            ([to, vars]) =>
              sql`(${randomUUID()}, ${`batch-test:${randomUUID()}`}, ${to}::uuid, 'application_accepted', ${vars}::jsonb,
                ${PRIORITY.direct}, 'queued', ${at}::timestamptz, ${at}::timestamptz)`,
          ),
          sql`, `,
        )}`,
  );

  await h.svc.handle.scheduler.tick();

  const [toAna] = await textsTo(h.svc.url, ana.phone, /Prep Cook/);
  expect(toAna.body).toMatch(
    /^Brigade: Lakeside Grill accepted you for "Prep Cook" on Thu, Dec 10, 12:00 PM\./,
  );
  // the title in Spanish too (the glossary), the restaurant found by its profile id, the time in Detroit's zone
  const [toBeto] = await textsTo(h.svc.url, beto.phone, /Corktown/);
  expect(toBeto.body).toMatch(
    /^Brigade: Corktown Diner te aceptó para "Cocinero de línea" el jue, 10 de dic, 1:00 p\.m\./,
  );
  const [toDani] = await textsTo(h.svc.url, dani.phone, /Sous Chef/);
  expect(toDani.body).toMatch(
    /^Brigade: Corktown Diner accepted you for "Sous Chef" on Thu, Dec 10, 1:00 PM\./,
  );

  await eventually(async () => {
    // Carla turned texts off: hers is not sent, and says why
    expect(await smsRows(h.database, carla.id)).toEqual([
      expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
    ]);
    // nobody knows this person yet: waiting for a retry, as a failed send
    expect(await smsRows(h.database, nobody)).toEqual([
      expect.objectContaining({ status: 'queued', last_error: 'recipient unknown', attempts: 1 }),
    ]);
  });
  expect(await outbox(h.svc.url, carla.phone)).toEqual([]);
  // each person got exactly their own text
  for (const person of [ana, beto, dani]) expect(await outbox(h.svc.url, person.phone)).toHaveLength(1);
});
