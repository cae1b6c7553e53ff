import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  jobFacts,
  newJob,
  publish,
  textsTo,
  useNotifications,
} from './harness';

// Issue 34's texts: the working day. The restaurant hears that its chef runs late and that an extra charge failed
// (with the link to pay the balance); the chef hears an adjustment with the new pay, a no-show with how to contest
// it, being sent home with the pay; both sides an hours dispute decided. Each in the reader's language, once.

const h = useNotifications();

async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${`notifications.${consumer}`}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

const figures = (worked: number, chefPay: number, extra = 0, refund = 0) => ({
  clock_in_at: new Date().toISOString(),
  clock_out_at: new Date().toISOString(),
  break_minutes: 30,
  worked_minutes: worked,
  hourly_rate_cents: 2500,
  chef_pay_cents: chefPay,
  fee_cents: Math.round(chefPay * 0.07),
  total_cents: chefPay + Math.round(chefPay * 0.07),
  extra_charge_cents: extra,
  refund_cents: refund,
});

test('running late: the restaurant is texted once with the minutes', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Verde' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 1);
  const late = {
    ...applicationFacts(job, chef),
    minutes: 15,
    announced_at: new Date().toISOString(),
    expected_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  };
  const id = await publish(h.bus, 'jobs.timesheet.running_late.v1', late);
  await publish(h.bus, 'jobs.timesheet.running_late.v1', late, id);
  await handled('timesheet-running-late', 1);
  const texts = await textsTo(h.svc.url, restaurant.phone, /running about 15 minutes late/);
  expect(texts).toHaveLength(1);
  expect(texts[0].body).toMatch(
    new RegExp(
      `^Brigade: Ana Ruiz is running about 15 minutes late for "Line Cook" on .+ See the shift: https://brigade\\.test/jobs/${job.id}$`,
    ),
  );
});

test('adjusted: the chef reads the hours and the new pay in Spanish, and until when to dispute', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'La Mesa' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Lucía Ramos', language: 'es' });
  const job = newJob(restaurant, h.clock, 'Prep Cook', -10);
  await publish(h.bus, 'jobs.timesheet.adjusted.v1', {
    ...applicationFacts(job, chef),
    ...figures(420, 17_500, 0, 2_675),
    reason: 'Left at 9',
    dispute_until: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const [text] = await textsTo(h.svc.url, chef.phone, /ajustó tus horas/);
  expect(text.body).toContain('La Mesa ajustó tus horas en el turno "Ayudante de preparación" del ');
  expect(text.body).toContain('7 h trabajadas, tu pago ahora es $175.00');
  expect(text.body).toMatch(
    /Acéptalo o disputa el ajuste antes del .+ \(sin respuesta se acepta\): https:\/\/brigade\.test\/my-shifts$/,
  );
});

test('no-show marked: the chef reads how to contest it', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Door Shut' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Max Away' });
  const job = newJob(restaurant, h.clock, 'Dishwasher', -2);
  await publish(h.bus, 'jobs.timesheet.no_show_marked.v1', {
    ...applicationFacts(job, chef),
    marked_at: new Date().toISOString(),
    contest_until: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const [text] = await textsTo(h.svc.url, chef.phone, /no-show/);
  expect(text.body).toMatch(
    /^Brigade: Door Shut marked you a no-show for "Dishwasher" on .+\. If you were there, contest it on your shift page by .+ and an operator will decide: https:\/\/brigade\.test\/my-shifts$/,
  );
});

test('sent home: the chef reads the pay', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Slow Night' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Cy Home' });
  const job = newJob(restaurant, h.clock, 'Grill Cook', -1);
  await publish(h.bus, 'jobs.timesheet.sent_home.v1', {
    ...applicationFacts(job, chef),
    ...figures(45, 10_000, 0, 9_363),
    reason: null,
  });
  const [text] = await textsTo(h.svc.url, chef.phone, /sent you home/);
  expect(text.body).toMatch(
    /^Brigade: Slow Night sent you home from "Grill Cook" on .+\. You are paid \$100\.00 for it, on its way to you\.$/,
  );
});

test('an extra charge failed: the restaurant gets the link to pay its balance, once', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Late Kitchen' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Bo Stay' });
  const job = newJob(restaurant, h.clock, 'Line Cook', -10);
  await publish(h.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    subtotal_cents: 15_000,
    fee_cents: 1_050,
    total_cents: 16_050,
    notify_favorites: [],
  });
  const failed = {
    job_id: job.id,
    application_id: randomUUID(),
    restaurant_id: restaurant.id,
    chef_id: chef.id,
    payment_intent_id: `pi_${randomUUID().slice(0, 8)}`,
    amount_cents: 2_675,
    code: 'authentication_required',
    decline_code: 'authentication_required',
    requires_authentication: true,
    due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  };
  const id = await publish(h.bus, 'payments.extra_charge.failed.v1', failed);
  await publish(h.bus, 'payments.extra_charge.failed.v1', failed, id);
  await publish(h.bus, 'payments.extra_charge.failed.v1', failed);
  await handled('extra-charge-failed', 2);
  const texts = await textsTo(h.svc.url, restaurant.phone, /could not charge your card/);
  expect(texts).toHaveLength(1);
  expect(texts[0].body).toMatch(
    /^Brigade: we could not charge your card \$26\.75 for the extra hours of "Line Cook" on .+ \(your bank asks you to confirm the payment\)\. Please pay the balance in the app: https:\/\/brigade\.test\/balances$/,
  );
});

test('hours decided: both sides read the hours and the money, each in their language', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Night Owl' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Eva Ruiz', language: 'es' });
  const job = newJob(restaurant, h.clock, 'Line Cook', -12);
  await publish(h.bus, 'jobs.timesheet.resolved.v1', {
    ...applicationFacts(job, chef),
    ...figures(500, 20_833, 2_229, 0),
    note: 'Stayed to close.',
    operator_id: randomUUID(),
  });
  const [toRestaurant] = await textsTo(h.svc.url, restaurant.phone, /hours of "Line Cook"/);
  expect(toRestaurant.body).toContain(
    'are decided: 8 h 20 min worked, $208.33 to Eva Ruiz; $22.29 more is charged to your card.',
  );
  const [toChef] = await textsTo(h.svc.url, chef.phone, /se decidieron las horas/);
  expect(toChef.body).toContain('8 h 20 min trabajadas, recibes $208.33.');
  expect(toChef.body).toContain(`https://brigade.test/jobs/${job.id}`);
});
