import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, jobFacts, newJob, publish, textsTo, useNotifications } from './harness';

// Issue 38: a card dispute lost: the restaurant is texted once, in its language, the amount and where to pay it
// back (it cannot post until then); a won dispute texts nobody.

const h = useNotifications();

async function handled(n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer like 'notifications.card-dispute%'`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

test('a lost card dispute is texted to the restaurant once, in Spanish; a won one is not', async () => {
  const restaurant = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Casa Verde',
    language: 'es',
  });
  const job = newJob(restaurant, h.clock, 'Line Cook', 24);
  await publish(h.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    subtotal_cents: 10_000,
    fee_cents: 700,
    total_cents: 10_700,
    notify_favorites: [],
  });
  const closed = {
    dispute_id: `dp_${randomUUID().slice(0, 8)}`,
    job_id: job.id,
    restaurant_id: restaurant.id,
    amount_cents: 10_700,
  };
  const won = await publish(h.bus, 'payments.card_dispute.closed.v1', {
    ...closed,
    dispute_id: 'dp_won',
    outcome: 'won',
  });
  const id = await publish(h.bus, 'payments.card_dispute.closed.v1', { ...closed, outcome: 'lost' });
  await publish(h.bus, 'payments.card_dispute.closed.v1', { ...closed, outcome: 'lost' }, id);
  await handled(1);
  const texts = await textsTo(h.svc.url, restaurant.phone, /disputa/);
  expect(texts).toHaveLength(1);
  // the won dispute texts nobody, and is taken without a transaction: no processed-event record
  expect(
    await h.database.rows(sql`select 1 from notifications.processed_events where event_id = ${won}`),
  ).toEqual([]);
  expect(texts[0].body).toMatch(
    /^Brigade: la disputa de tu banco por el cargo de \$107\.00 por el turno "Cocinero de línea" .+ se decidió en contra de Brigade\. Devuélvelo en la app para volver a publicar turnos: https:\/\/brigade\.test\/card-disputes$/,
  );
});
