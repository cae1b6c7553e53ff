import { randomUUID } from 'node:crypto';
import { eventually } from '@brigade/kit/testing';
import { createUser, jobFacts, newJob, publish, smsRows, textsTo, useNotifications } from './harness';

// Issue 35: a direct offer. Jobs publishes jobs.offer.made.v1; the chef is texted in their language the
// restaurant, the shift's day and time and what it pays them, with the link to their dashboard; once per offer.

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
