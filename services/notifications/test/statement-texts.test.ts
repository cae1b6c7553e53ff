import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { renderSms } from '../src/domain/templates';
import { createUser, outbox, publish, smsRows, textsTo, useNotifications } from './harness';

// Issue 38: on STATEMENT_DAY payments says a restaurant's week is closed (payments.statement.ready.v1). The
// restaurant is texted, in its language, the week (Monday to Sunday), what its card was charged and the net
// after refunds, and the link to the statement on the web app; once per restaurant and week.

const h = useNotifications();

const ready = (restaurantId: string, week = '2026-W48') => ({
  restaurant_id: restaurantId,
  week,
  charged_cents: 53_500,
  net_cents: 48_150,
  path: `/statements?week=${week}`,
});

test('the restaurant is texted the link to its weekly statement in its language, once per week', async () => {
  const en = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const es = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Casa Lupita',
    language: 'es',
    city: 'Detroit',
  });
  const id = randomUUID();
  await publish(h.bus, 'payments.statement.ready.v1', ready(en.id), id);
  await publish(h.bus, 'payments.statement.ready.v1', ready(en.id), id); // a redelivery
  await publish(h.bus, 'payments.statement.ready.v1', ready(en.id)); // a replay under a new id
  await publish(h.bus, 'payments.statement.ready.v1', ready(es.id));
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.sms where template = 'statement_ready_restaurant'
          and recipient_id in (${en.id}, ${es.id})`,
    );
    expect(Number(rows[0].n)).toBe(2);
  });
  await h.svc.handle.scheduler.tick();
  const [english] = await textsTo(h.svc.url, en.phone, /statement/);
  expect(english.body).toBe(
    `Brigade: your statement for Nov 23 – Nov 29 is ready: $535.00 charged, $481.50 after refunds. See it, print it or download the CSV: https://brigade.test/statements?week=2026-W48`,
  );
  const [spanish] = await textsTo(h.svc.url, es.phone, /estado de cuenta/);
  expect(spanish.body).toContain('tu estado de cuenta del 23 nov – 29 nov está listo: $535.00 cobrados');
  expect(spanish.body).toContain('/statements?week=2026-W48');
  expect(await outbox(h.svc.url, en.phone)).toHaveLength(1);
  expect((await smsRows(h.database, en.id)).map((r) => r.template)).toEqual(['statement_ready_restaurant']);
});

test('a text queued without its statement still reads well and links to the statements page', () => {
  const context = { url: 'https://brigade.test', timeZone: 'America/Chicago' };
  expect(renderSms('statement_ready_restaurant', 'en', context)).toBe(
    'Brigade: your weekly statement is ready. See it, print it or download the CSV: https://brigade.test/statements',
  );
  const week = { week: '2026-W01', path: '/statements?week=2026-W01', charged_cents: 100, net_cents: -50 };
  expect(renderSms('statement_ready_restaurant', 'en', { ...context, statement: week })).toContain(
    'for Dec 29 – Jan 4 is ready: $1.00 charged',
  );
});
