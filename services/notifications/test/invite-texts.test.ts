import { createTestAuth, createTestBus, createTestDatabase, eventually } from '@brigade/kit/testing';
import type { TestBus, TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import {
  createUser,
  jobFacts,
  newJob,
  outbox,
  publish,
  smsRows,
  startNotifications,
  testClock,
  textsTo,
  type RunningNotifications,
} from './harness';

// Issue 20: Find Chefs' Invite. Jobs publishes jobs.chef.invited.v1; the chef is texted the restaurant's shift in
// their language, once per shift, unless their SMS Notifications toggle is off.

let database: TestDatabase;
let testBus: TestBus;
let auth: Awaited<ReturnType<typeof createTestAuth>>;
let svc: RunningNotifications;
const clock = testClock();

beforeAll(async () => {
  database = await createTestDatabase('notifications', await loadMigrations());
  testBus = await createTestBus();
  auth = await createTestAuth();
  svc = await startNotifications({ database, bus: testBus.bus, keys: auth.keys, clock });
});
afterAll(async () => {
  await svc?.stop();
  await testBus?.destroy();
  await database?.destroy();
});

test('an invited chef is texted the shift in their language, once, and not at all with SMS off', async () => {
  const restaurant = await createUser(testBus.bus, database, {
    type: 'restaurant',
    name: 'North Loop Kitchen',
  });
  const ana = await createUser(testBus.bus, database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const quiet = await createUser(testBus.bus, database, { type: 'chef', name: 'Quiet Chef' });
  const token = await auth.token({ id: quiet.id, type: 'chef' });
  const off = await fetch(`${svc.url}/notifications/preferences`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ sms_notifications: false }),
  });
  expect(off.status).toBe(200);

  const job = newJob(restaurant, clock, 'Line Cook', 30);
  const invite = (chef: typeof ana) => ({
    ...jobFacts(job),
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_name: 'North Loop Kitchen',
    invited_at: clock.now().toISOString(),
  });
  await publish(testBus.bus, 'jobs.chef.invited.v1', invite(ana));
  await publish(testBus.bus, 'jobs.chef.invited.v1', invite(ana)); // a second event for the same shift
  await publish(testBus.bus, 'jobs.chef.invited.v1', invite(quiet));

  const [text] = await textsTo(svc.url, ana.phone, /te invita/);
  expect(text.body).toContain('North Loop Kitchen te invita a trabajar de "Line Cook"');
  expect(text.body).toContain(`/jobs/${job.id}`);
  await eventually(async () => {
    expect(await smsRows(database, quiet.id)).toEqual([
      expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
    ]);
  });
  expect(await smsRows(database, ana.id)).toHaveLength(1);
  expect(await outbox(svc.url, quiet.phone)).toEqual([]);
});
