import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  createUser,
  HOUR,
  jobFacts,
  newJob,
  publish,
  smsRows,
  textsTo,
  useNotifications,
  type TestUser,
} from './harness';

// Issue 35: a direct offer. Jobs publishes jobs.offer.made.v1; the chef is texted in their language the
// restaurant, the shift's day and time and what it pays them, with the link to their dashboard; once per offer.
// When the offer ends without a booking (the chef declined, did not answer in time, or was suspended), the
// restaurant is texted in its language, with the link to the shift to offer it to another chef; once per offer.

const h = useNotifications();

test('an offered chef is texted the shift, its pay and the dashboard link, once per offer', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 30);
  const offer = (chef: typeof ana) => ({
    ...jobFacts(job),
    offer_id: randomUUID(),
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_name: 'North Loop Kitchen',
    chef_pay_cents: 15_000,
    expires_at: new Date(h.clock.now().getTime() + 2 * 3_600_000).toISOString(),
  });
  const toAna = offer(ana);
  await publish(h.bus, 'jobs.offer.made.v1', toAna);
  await publish(h.bus, 'jobs.offer.made.v1', toAna); // the same event delivered twice
  await publish(h.bus, 'jobs.offer.made.v1', offer(ben));

  const [es] = await textsTo(h.svc.url, ana.phone, /te ofrece/);
  expect(es.body).toContain('North Loop Kitchen te ofrece "Cocinero de línea"');
  expect(es.body).toContain('con un pago de $150.00');
  expect(es.body).toContain('/dashboard/chef');
  const [en] = await textsTo(h.svc.url, ben.phone, /offers you/);
  expect(en.body).toContain('North Loop Kitchen offers you "Line Cook"');
  expect(en.body).toContain('paying you $150.00');
  await eventually(async () => expect(await smsRows(h.database, ana.id)).toHaveLength(1));
});

/** Wait until the handler of `consumer` has taken `n` events, then let the scheduler send what it queued. */
async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${`notifications.${consumer}`}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

/** The facts of an offer of `job` to `chef`, as every offer event carries them. */
function offerOf(job: ReturnType<typeof newJob>, chef: TestUser) {
  return { ...jobFacts(job), offer_id: randomUUID(), chef_id: chef.id };
}

const offerTexts = async (restaurant: TestUser) =>
  (await smsRows(h.database, restaurant.id)).filter((r) => r.template.startsWith('offer_'));

test('a chef declines an offer: the restaurant is texted once, in its language, with the link to offer it again', async () => {
  const restaurant = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Casa Lupita',
    language: 'es',
  });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 30);
  const declined = {
    ...offerOf(job, ana),
    answer: 'declined' as const,
    application_id: null,
    answered_at: h.clock.now().toISOString(),
    seat_no: null,
  };
  const id = await publish(h.bus, 'jobs.offer.answered.v1', declined);
  await publish(h.bus, 'jobs.offer.answered.v1', declined, id); // the same event delivered twice
  await publish(h.bus, 'jobs.offer.answered.v1', declined); // and replayed as a new one
  // An accepted offer is told by the booking's own event (jobs.application.confirmed.v1), not here.
  await publish(h.bus, 'jobs.offer.answered.v1', {
    ...offerOf(job, ben),
    answer: 'accepted',
    application_id: randomUUID(),
    answered_at: h.clock.now().toISOString(),
    seat_no: 1,
  });

  const [text] = await textsTo(h.svc.url, restaurant.phone, /rechazó tu oferta/);
  expect(text.body).toMatch(
    new RegExp(
      `^Brigade: Ana Ruiz rechazó tu oferta del turno "Cocinero de línea" del .+\\. Ofrécelo a otro chef: https://brigade\\.test/jobs/${job.id}$`,
    ),
  );
  await handled('offer-answered', 3);
  expect((await offerTexts(restaurant)).map((r) => r.template)).toEqual(['offer_declined']);
});

test('an offer nobody answered in time: the restaurant is texted once; one that ended at the start is not', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 30);
  const expired = {
    ...offerOf(job, ana),
    expired_at: new Date(h.clock.now().getTime() + 2 * HOUR).toISOString(),
  };
  await publish(h.bus, 'jobs.offer.expired.v1', expired);
  await publish(h.bus, 'jobs.offer.expired.v1', expired); // a replay: the dedupe key has the last word
  // A shift starting within the hour: its offer ended at the start, which the shift's expiry tells.
  const soon = newJob(restaurant, h.clock, 'Prep Cook', 1);
  await publish(h.bus, 'jobs.offer.expired.v1', {
    ...offerOf(soon, ana),
    expired_at: soon.start.toISOString(),
  });

  const [text] = await textsTo(h.svc.url, restaurant.phone, /did not answer/);
  expect(text.body).toMatch(
    new RegExp(
      `^Brigade: Ana Ruiz did not answer your offer of "Line Cook" on .+ in time\\. Offer it to another chef: https://brigade\\.test/jobs/${job.id}$`,
    ),
  );
  await handled('offer-expired', 3);
  expect((await offerTexts(restaurant)).map((r) => r.template)).toEqual(['offer_expired']);
});

test('a suspended chef: each restaurant whose offer was withdrawn is texted once that the chef cannot take shifts now', async () => {
  const north = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const casa = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Casa Lupita',
    language: 'es',
  });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const withdrawn = (restaurant: TestUser) => ({
    ...offerOf(newJob(restaurant, h.clock, 'Line Cook', 30), ana),
    reason: 'chef_suspended' as const,
    withdrawn_at: h.clock.now().toISOString(),
  });
  const toNorth = withdrawn(north);
  await publish(h.bus, 'jobs.offer.withdrawn.v1', toNorth);
  await publish(h.bus, 'jobs.offer.withdrawn.v1', toNorth);
  await publish(h.bus, 'jobs.offer.withdrawn.v1', withdrawn(casa));

  const [en] = await textsTo(h.svc.url, north.phone, /has ended/);
  expect(en.body).toMatch(
    new RegExp(
      `^Brigade: your offer of "Line Cook" on .+ to Ana Ruiz has ended: they cannot take shifts right now\\. Offer it to another chef: https://brigade\\.test/jobs/${toNorth.job_id}$`,
    ),
  );
  const [es] = await textsTo(h.svc.url, casa.phone, /terminó/);
  expect(es.body).toContain('a Ana Ruiz terminó: no puede tomar turnos por ahora. Ofrécelo a otro chef:');
  await handled('offer-withdrawn', 3);
  expect((await offerTexts(north)).map((r) => r.template)).toEqual(['offer_withdrawn']);
  expect((await offerTexts(ana)).map((r) => r.template)).toEqual([]);
});
