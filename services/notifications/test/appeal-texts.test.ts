import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, jobFacts, newJob, publish, textsTo, useNotifications } from './harness';

// Issue 39's texts: an operator decided an appeal of a mark. The appellant (a chef or a restaurant) reads whether
// the mark was removed or kept, in their language, once, with the link to their record.

const h = useNotifications();

async function handled(n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = 'notifications.appeal-decided'`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

async function shiftOf(restaurantName: string, chefLanguage: 'en' | 'es') {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: restaurantName });
  const chef = await createUser(h.bus, h.database, {
    type: 'chef',
    name: 'Ana Ruiz',
    language: chefLanguage,
  });
  const job = newJob(restaurant, h.clock, 'Line Cook', -10);
  await publish(h.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    subtotal_cents: 15_000,
    fee_cents: 1_050,
    total_cents: 16_050,
    notify_favorites: [],
  });
  return { restaurant, chef, job };
}

const decided = (
  who: { id: string },
  userType: 'chef' | 'restaurant',
  jobId: string,
  outcome: 'keep' | 'remove',
  kind: 'no_shows' | 'late_cancellations' = 'no_shows',
) => ({
  mark_id: randomUUID(),
  user_id: who.id,
  user_type: userType,
  kind,
  job_id: jobId,
  seat_no: 1,
  occurred_at: new Date().toISOString(),
  appeal_id: randomUUID(),
  mark_kind: kind === 'no_shows' ? ('no_show' as const) : ('late_cancellation' as const),
  outcome,
  note: 'Checked with the restaurant.',
  operator_id: randomUUID(),
  decided_at: new Date().toISOString(),
});

test('a removed no-show: the chef is texted once, in English; a kept one in Spanish', async () => {
  const en = await shiftOf('Blue Door', 'en');
  const removed = decided(en.chef, 'chef', en.job.id, 'remove');
  const id = await publish(h.bus, 'jobs.appeal.decided.v1', removed);
  await publish(h.bus, 'jobs.appeal.decided.v1', removed, id); // redelivered
  await publish(h.bus, 'jobs.appeal.decided.v1', removed); // announced again
  await handled(2);
  const texts = await textsTo(h.svc.url, en.chef.phone, /appeal/);
  expect(texts).toHaveLength(1);
  expect(texts[0].body).toMatch(
    /^Brigade: your appeal was accepted\. The no-show for "Line Cook" on .+ is removed from your reliability record and no longer counts\. The decision and its note: https:\/\/brigade\.test\/record$/,
  );

  const es = await shiftOf('Casa Verde', 'es');
  await publish(h.bus, 'jobs.appeal.decided.v1', decided(es.chef, 'chef', es.job.id, 'keep'));
  await handled(3);
  const [spanish] = await textsTo(h.svc.url, es.chef.phone, /apelación/);
  expect(spanish.body).toContain('revisamos tu apelación de la inasistencia en el turno');
  expect(spanish.body).toContain('Se mantiene en tu historial de confiabilidad');
});

test("a restaurant's kept late cancellation: the restaurant is texted", async () => {
  const s = await shiftOf('Night Owl', 'en');
  await publish(
    h.bus,
    'jobs.appeal.decided.v1',
    decided(s.restaurant, 'restaurant', s.job.id, 'keep', 'late_cancellations'),
  );
  await handled(4);
  const [text] = await textsTo(h.svc.url, s.restaurant.phone, /appeal/);
  expect(text.body).toContain('your appeal of the late cancellation for "Line Cook" on');
  expect(text.body).toContain('It stays on your reliability record.');
  expect(await textsTo(h.svc.url, s.chef.phone, /appeal/, 0)).toEqual([]);
});
