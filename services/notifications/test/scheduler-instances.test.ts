import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  CountingSms,
  createUser,
  HOUR,
  MINUTE,
  newJob,
  outbox,
  publish,
  useNotifications,
  type RunningNotifications,
} from './harness';

// Two notifications instances (two scheduler loops, two SMS senders) against one database and one bus, as in
// production with several replicas: every reminder must become exactly one text, sent exactly once.

const smsA = new CountingSms();
const smsB = new CountingSms();
const h = useNotifications({ sms: smsA });
let second: RunningNotifications;
const SHIFTS = 6;

beforeAll(async () => {
  second = await h.anotherInstance({ sms: smsB });
});

const sent = () => smsA.sendCount + smsB.sendCount;

async function templateCounts(prefix: string) {
  const rows = await h.database.rows<{ status: string; attempts: number; n: number }>(
    sql`select status, attempts, count(*)::int as n from notifications.sms where template like ${`${prefix}%`} group by status, attempts`,
  );
  return rows.map((r) => ({ status: r.status, attempts: Number(r.attempts), n: Number(r.n) }));
}

/** Both loops run; the test also hammers both instances' tick() at once for extra contention. */
async function contend() {
  await Promise.all([
    h.svc.handle.scheduler.tick(),
    second.handle.scheduler.tick(),
    h.svc.handle.scheduler.tick(),
    second.handle.scheduler.tick(),
  ]);
}

test('with two scheduler instances running, each job, rating and checkout-deadline reminder is texted exactly once', async () => {
  const people = await Promise.all(
    Array.from({ length: SHIFTS }, async (_, i) => ({
      restaurant: await createUser(h.bus, h.database, { type: 'restaurant', name: `Kitchen ${i}` }),
      chef: await createUser(h.bus, h.database, {
        type: 'chef',
        name: `Cook ${i}`,
        language: i % 2 ? 'es' : 'en',
      }),
    })),
  );
  const shifts = people.map(({ restaurant, chef }) => {
    const job = newJob(restaurant, h.clock, 'Line Cook', 4, 3);
    return { restaurant, chef, job, facts: applicationFacts(job, chef) };
  });
  for (const s of shifts) await publish(h.bus, 'jobs.application.confirmed.v1', s.facts);
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.reminders where status = 'pending'`,
    );
    expect(Number(rows[0].n)).toBe(SHIFTS * 8); // job, rating, and checkout deadline 24h and 2h before, per side
    expect(await templateCounts('application_confirmed')).toEqual([
      { status: 'sent', attempts: 1, n: SHIFTS },
    ]);
  });
  expect(sent()).toBe(SHIFTS);

  // 1 hour before the shifts: both sides of every shift, once
  h.clock.set(new Date(shifts[0].job.start.getTime() - HOUR + MINUTE));
  for (let i = 0; i < 5; i++) await contend();
  await eventually(async () =>
    expect(await templateCounts('job_reminder_')).toEqual([{ status: 'sent', attempts: 1, n: SHIFTS * 2 }]),
  );
  for (let i = 0; i < 3; i++) await contend();
  expect(sent()).toBe(SHIFTS * 3);
  for (const s of shifts) {
    expect(
      (await outbox(h.svc.url, s.chef.phone)).filter((m) => /Recordatorio|reminder/.test(m.body)),
    ).toHaveLength(1);
    expect(
      (await outbox(second.url, s.restaurant.phone)).filter((m) => /reminder/.test(m.body)),
    ).toHaveLength(1);
  }

  // after the shifts: rating reminders, again once per side
  h.clock.set(new Date(shifts[0].job.end.getTime() + HOUR + MINUTE));
  for (let i = 0; i < 5; i++) await contend();
  await eventually(async () =>
    expect(await templateCounts('rating_reminder_')).toEqual([
      { status: 'sent', attempts: 1, n: SHIFTS * 2 },
    ]),
  );
  for (let i = 0; i < 3; i++) await contend();
  expect(sent()).toBe(SHIFTS * 5);

  // 24 hours before the checkout deadline (48 hours after the end): both sides, once
  const deadline = shifts[0].job.end.getTime() + 48 * HOUR;
  h.clock.set(new Date(deadline - 24 * HOUR + MINUTE));
  for (let i = 0; i < 5; i++) await contend();
  await eventually(async () =>
    expect(await templateCounts('checkout_deadline_')).toEqual([
      { status: 'sent', attempts: 1, n: SHIFTS * 2 },
    ]),
  );
  // three chefs answer: their 2-hour reminder is dropped, everyone else's goes out once
  const answered = shifts.slice(0, 3);
  for (const s of answered)
    await publish(h.bus, 'jobs.checkout.recorded.v1', {
      ...s.facts,
      side: 'chef',
      rating: 5,
      work_completed: true,
      feedback: null,
      ratee_id: s.restaurant.id,
      ratee_type: 'restaurant',
    });
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.reminders where status = 'dropped' and drop_reason = 'checked_out'`,
    );
    expect(Number(rows[0].n)).toBe(answered.length);
    // (their restaurants are told the chef checked out: sent before the clock jumps past the send lease)
    expect(await templateCounts('chef_checked_out')).toEqual([
      { status: 'sent', attempts: 1, n: answered.length },
    ]);
  });
  h.clock.set(new Date(deadline - 2 * HOUR + MINUTE));
  for (let i = 0; i < 5; i++) await contend();
  await eventually(async () =>
    expect(await templateCounts('checkout_deadline_')).toEqual([
      { status: 'sent', attempts: 1, n: SHIFTS * 4 - answered.length },
    ]),
  );
  for (let i = 0; i < 3; i++) await contend();
  const checkoutReminders = SHIFTS * 4 - answered.length;
  const chefCheckedOutTexts = answered.length; // each restaurant whose chef checked out was told so, once
  expect(sent()).toBe(SHIFTS * 5 + checkoutReminders + chefCheckedOutTexts);
  const reminders = await h.database.rows<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from notifications.reminders group by status order by status`,
  );
  expect(reminders.map((r) => ({ status: r.status, n: Number(r.n) }))).toEqual([
    { status: 'done', n: SHIFTS * 8 - answered.length },
    { status: 'dropped', n: answered.length },
  ]);
});

test('with two instances, a burst of urgent-shift texts goes out once per chef', async () => {
  const restaurant = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Rush Hour',
    city: 'Detroit',
  });
  const chefs = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      createUser(h.bus, h.database, { type: 'chef', name: `Rush ${i}`, city: 'Detroit' }),
    ),
  );
  const before = sent();
  const job = newJob(restaurant, h.clock, 'Prep Cook', 2);
  await publish(h.bus, 'jobs.job.opened.v1', {
    job_id: job.id,
    restaurant_id: restaurant.id,
    title: job.title,
    start_time: job.start.toISOString(),
    end_time: job.end.toISOString(),
    hourly_rate_cents: 3000,
    emergency_level: 'urgent',
    notify_chef_ids: [chefs[0].id],
    reopened: false,
  });
  await contend();
  await eventually(async () => {
    expect(await templateCounts('shift_')).toEqual([{ status: 'sent', attempts: 1, n: chefs.length }]);
  });
  await contend();
  expect(sent() - before).toBe(chefs.length);
  for (const chef of chefs) expect(await outbox(h.svc.url, chef.phone)).toHaveLength(1);
});
