import { randomUUID } from 'node:crypto';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  jobFacts,
  newJob,
  publish,
  smsRows,
  textsTo,
  useNotifications,
} from './harness';

// Issue 37: reconfirmation and standby. A booked chef asked to reconfirm is texted the shift and the time to
// reconfirm by, with the link to My Shifts, in their language; a chef whose seat was released for a missed
// reconfirmation is told, and so is the restaurant (that the seat goes to its standby chefs first); a standby
// offer is texted as an offer, with the minutes the seat stays the chef's. Each once.

const h = useNotifications({ env: { STANDBY_OFFER_MINUTES: '15' } });

test('a booked chef is asked to reconfirm by a time, in their language, once', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 48);
  const by = new Date(job.start.getTime() - 16 * 3_600_000).toISOString();
  const asked = (chef: typeof ana) => ({ ...applicationFacts(job, chef), seat_no: 1, reconfirm_by: by });
  const toAna = asked(ana);
  await publish(h.bus, 'jobs.reconfirmation.requested.v1', toAna);
  await publish(h.bus, 'jobs.reconfirmation.requested.v1', toAna); // the same event twice
  await publish(h.bus, 'jobs.reconfirmation.requested.v1', asked(ben));

  const [en] = await textsTo(h.svc.url, ben.phone, /still coming/);
  expect(en.body).toMatch(
    /^Brigade: still coming to "Line Cook" on .+ at North Loop Kitchen\? Reconfirm by .+ in the app, or your seat is released: https:\/\/brigade\.test\/my-shifts$/,
  );
  const [es] = await textsTo(h.svc.url, ana.phone, /sigues en pie/);
  expect(es.body).toMatch(
    /^Brigade: ¿sigues en pie para el turno "Cocinero de línea" del .+ en North Loop Kitchen\? Reconfirma en la app antes del .+, o se libera tu puesto: https:\/\/brigade\.test\/my-shifts$/,
  );
  await eventually(async () => expect(await smsRows(h.database, ana.id)).toHaveLength(1));
});

test('a seat released for a missed reconfirmation tells the chef and the restaurant', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Lupita' });
  const leo = await createUser(h.bus, h.database, { type: 'chef', name: 'Leo Late' });
  const job = newJob(restaurant, h.clock, 'Sous Chef', 10);
  const confirmed = applicationFacts(job, leo);
  await publish(h.bus, 'jobs.application.confirmed.v1', confirmed);
  await textsTo(h.svc.url, restaurant.phone, /Leo Late confirmed/);
  await publish(h.bus, 'jobs.application.cancelled.v1', {
    ...confirmed,
    cancelled_by: 'chef',
    was_accepted: true,
    was_confirmed: true,
    late: true,
    reason: 'missed_reconfirmation',
  });
  const [chef] = await textsTo(h.svc.url, leo.phone, /did not reconfirm/);
  expect(chef.body).toMatch(
    /^Brigade: you did not reconfirm "Sous Chef" on .+ in time, so your seat was released \(a late cancellation on your record\)\. Find another shift: https:\/\/brigade\.test\/openings$/,
  );
  const [told] = await textsTo(h.svc.url, restaurant.phone, /did not reconfirm/);
  expect(told.body).toContain('Leo Late did not reconfirm "Sous Chef"');
  expect(told.body).toContain('offered to your standby chefs first, then announced as urgent');
  expect(told.body).toContain(`/jobs/${job.id}`);
});

test('a standby offer is texted as an offer, with the minutes the seat stays the chef’s', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 20);
  const offer = (chef: typeof ana) => ({
    ...jobFacts(job, 'urgent'),
    offer_id: randomUUID(),
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_name: 'North Loop Kitchen',
    chef_pay_cents: 15_000,
    expires_at: new Date(h.clock.now().getTime() + 15 * 60_000).toISOString(),
    kind: 'standby' as const,
  });
  await publish(h.bus, 'jobs.offer.made.v1', offer(ben));
  await publish(h.bus, 'jobs.offer.made.v1', offer(ana));
  const [en] = await textsTo(h.svc.url, ben.phone, /A seat opened|a seat opened/);
  expect(en.body).toMatch(
    /^Brigade: a seat opened on "Line Cook" on .+ at North Loop Kitchen, paying you \$150\.00: it's yours if you take it in 15 minutes: https:\/\/brigade\.test\/dashboard\/chef$/,
  );
  const [es] = await textsTo(h.svc.url, ana.phone, /se abrió un puesto/);
  expect(es.body).toContain('es tuyo si lo tomas en 15 minutos');
  expect((await smsRows(h.database, ben.id)).map((r) => r.template)).toEqual(['standby_offer']);
});
