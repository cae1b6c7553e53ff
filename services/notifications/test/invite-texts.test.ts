import { eventually } from '@brigade/kit/testing';
import { createUser, jobFacts, newJob, outbox, publish, smsRows, textsTo, useNotifications } from './harness';

// Issue 20: Find Chefs' Invite. Jobs publishes jobs.chef.invited.v1; the chef is texted the restaurant's shift in
// their language, once per shift, unless their SMS Notifications toggle is off.

const h = useNotifications();

test('an invited chef is texted the shift in their language, once, and not at all with SMS off', async () => {
  const restaurant = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'North Loop Kitchen',
  });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const quiet = await createUser(h.bus, h.database, { type: 'chef', name: 'Quiet Chef' });
  await h.setPreferences(quiet, { sms_notifications: false });

  const job = newJob(restaurant, h.clock, 'Line Cook', 30);
  const invite = (chef: typeof ana) => ({
    ...jobFacts(job),
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_name: 'North Loop Kitchen',
    invited_at: h.clock.now().toISOString(),
  });
  await publish(h.bus, 'jobs.chef.invited.v1', invite(ana));
  await publish(h.bus, 'jobs.chef.invited.v1', invite(ana)); // a second event for the same shift
  await publish(h.bus, 'jobs.chef.invited.v1', invite(quiet));

  const [text] = await textsTo(h.svc.url, ana.phone, /te invita/);
  expect(text.body).toContain('North Loop Kitchen te invita a trabajar de "Cocinero de línea"');
  expect(text.body).toContain(`/jobs/${job.id}`);
  await eventually(async () => {
    expect(await smsRows(h.database, quiet.id)).toEqual([
      expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
    ]);
  });
  expect(await smsRows(h.database, ana.id)).toHaveLength(1);
  expect(await outbox(h.svc.url, quiet.phone)).toEqual([]);
});
