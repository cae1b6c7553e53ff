import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
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
  type TestUser,
} from './harness';

// Issue 35 (ADR 0030): a posting may have several chefs, each on a seat, each seat settled on its own. A text
// about one seat is one text per seat: seat 2's decision or settlement is not a duplicate of seat 1's, while a
// replay of either sends nothing, and seat 1 keeps the key its text had before seats (an event from before
// seats, replayed as seat 1's, is not texted twice during a deploy). Money texts address the seat's own chef.

const h = useNotifications();

/** Wait until the consumer has handled `n` distinct events (a replay under the same id counts once). */
async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${`notifications.${consumer}`}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
}

async function templatesTo(user: TestUser) {
  return (await smsRows(h.database, user.id)).map((r) => r.template).sort();
}

async function posting(title: string) {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: `${title} House` });
  const first = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Seatone' });
  const second = await createUser(h.bus, h.database, { type: 'chef', name: 'Bo Seattwo' });
  const job = newJob(restaurant, h.clock, title, -30);
  return { restaurant, first, second, job };
}

test('a decision on seats 1 and 2 of one posting texts each seat; a replay of either sends nothing more', async () => {
  const { restaurant, first, second, job } = await posting('Prep Cook');
  const figures = {
    chef_pay_cents: 12_000,
    fee_cents: 840,
    refund_cents: 3_210,
    subtotal_cents: 15_000,
    total_cents: 16_050,
    note: 'Left two hours early.',
    operator_id: randomUUID(),
    resolved_at: new Date().toISOString(),
  };
  // Seat 1's decision as it was announced before seats (no seat_no), seat 2's naming its seat.
  const seat1 = { ...applicationFacts(job, first), ...figures };
  const seat2 = { ...applicationFacts(job, second), ...figures, seat_no: 2 };
  await publish(h.bus, 'jobs.dispute.resolved.v1', seat1);
  const seat2Id = await publish(h.bus, 'jobs.dispute.resolved.v1', seat2);
  await textsTo(h.svc.url, restaurant.phone, /review of "Prep Cook"/, 2);

  await publish(h.bus, 'jobs.dispute.resolved.v1', { ...seat1, seat_no: 1 }); // seat 1 again, after the deploy
  await publish(h.bus, 'jobs.dispute.resolved.v1', seat2, seat2Id); // redelivered
  await publish(h.bus, 'jobs.dispute.resolved.v1', seat2); // announced again
  await handled('dispute-resolved', 4);
  expect(await templatesTo(restaurant)).toEqual([
    'dispute_resolved_restaurant',
    'dispute_resolved_restaurant',
  ]);
  expect(await templatesTo(first)).toEqual(['dispute_resolved_chef']);
  expect(await templatesTo(second)).toEqual(['dispute_resolved_chef']);
  await textsTo(h.svc.url, first.phone, /review of "Prep Cook"/);
  await textsTo(h.svc.url, second.phone, /review of "Prep Cook"/);
});

test('a settlement of seats 1 and 2 tells each seat’s chef and the restaurant of each; replays send nothing more', async () => {
  const { restaurant, first, second, job } = await posting('Grill Cook');
  // The posting as notifications knows it from jobs (its title and times name the shift in the texts).
  await publish(h.bus, 'jobs.job.opened.v1', { ...jobFacts(job), notify_chef_ids: [], reopened: false });
  await handled('job-opened', 1);
  const settled = (chef: TestUser, seat: number | undefined) => ({
    job_id: job.id,
    restaurant_id: restaurant.id,
    chef_id: chef.id,
    transfer_id: `tr_${randomUUID()}`,
    chef_pay_cents: 8_000,
    fee_cents: 560,
    refund_id: `re_${randomUUID()}`,
    refund_cents: 7_490,
    reason: 'timesheet' as const,
    subtotal_cents: 15_000,
    ...(seat === undefined ? {} : { seat_no: seat, application_id: randomUUID() }),
  });
  const seat1 = settled(first, undefined);
  const seat2 = settled(second, 2);
  const seat1Id = await publish(h.bus, 'payments.escrow.settled.v1', seat1);
  await publish(h.bus, 'payments.escrow.settled.v1', seat2);
  await textsTo(h.svc.url, restaurant.phone, /"Grill Cook"/, 2);

  await publish(h.bus, 'payments.escrow.settled.v1', seat1, seat1Id);
  await publish(h.bus, 'payments.escrow.settled.v1', { ...seat1, seat_no: 1 });
  await publish(h.bus, 'payments.escrow.settled.v1', seat2);
  await handled('escrow-settled', 4);
  expect(await templatesTo(restaurant)).toEqual(['settlement_restaurant', 'settlement_restaurant']);
  expect(await templatesTo(first)).toEqual(['settlement_chef']);
  expect(await templatesTo(second)).toEqual(['settlement_chef']);
});

test('a refund for work not done on a seat texts that seat’s chef (the event’s chef_id), not another chef of the job', async () => {
  const { restaurant, first, second, job } = await posting('Dishwasher');
  // Both seats booked, seat 2's confirmation last: a look-up of "the job's confirmed chef" would find Bo.
  await publish(h.bus, 'jobs.application.confirmed.v1', { ...applicationFacts(job, first), seat_no: 1 });
  await handled('application-confirmed', 1);
  await publish(h.bus, 'jobs.application.confirmed.v1', { ...applicationFacts(job, second), seat_no: 2 });
  await handled('application-confirmed', 2);

  const refund = (chef: TestUser, seat: number) => ({
    job_id: job.id,
    restaurant_id: restaurant.id,
    refund_id: `re_${randomUUID()}`,
    amount_cents: 8_025,
    reason: 'work_not_completed' as const,
    seat_no: seat,
    application_id: randomUUID(),
    chef_id: chef.id,
  });
  await publish(h.bus, 'payments.escrow.refunded.v1', refund(first, 1));
  const [toFirst] = await textsTo(h.svc.url, first.phone, /"Dishwasher".*Refunded/);
  expect(toFirst.body).toMatch(
    /: Refunded: the whole \$80\.25 went back to the restaurant, so this shift pays you nothing\.$/,
  );
  await textsTo(h.svc.url, restaurant.phone, /"Dishwasher".*Refunded/);
  await handled('escrow-refunded', 1);
  expect(await templatesTo(second)).not.toContain('payment_refunded');

  await publish(h.bus, 'payments.escrow.refunded.v1', refund(second, 2));
  await textsTo(h.svc.url, second.phone, /"Dishwasher".*Refunded/);
  await handled('escrow-refunded', 2);
  expect((await templatesTo(first)).filter((t) => t === 'payment_refunded')).toHaveLength(1);
  expect((await templatesTo(restaurant)).filter((t) => t === 'payment_refunded_restaurant')).toHaveLength(2);
});

test('a late cancellation of a posting with two booked seats tells each chef their own seat’s pay', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Late Two' });
  const first = await createUser(h.bus, h.database, { type: 'chef', name: 'Cy Seatone' });
  const second = await createUser(h.bus, h.database, { type: 'chef', name: 'Di Seattwo' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 1);
  const seat = (chef: TestUser, n: number, pay: number) => ({
    seat_no: n,
    application_id: randomUUID(),
    chef_id: chef.id,
    chef_pay_cents: pay,
    fee_cents: Math.round(pay * 0.07),
    refund_cents: 16_050 - pay - Math.round(pay * 0.07),
  });
  const seats = [seat(first, 1, 10_000), seat(second, 2, 8_000)];
  const cancelled = {
    ...jobFacts(job),
    previous_status: 'filled',
    refund_due: true,
    affected_chef_ids: [first.id, second.id],
    late: true,
    // seat 1's figures at the top level, as before seats
    chef_id: first.id,
    chef_pay_cents: 10_000,
    fee_cents: 700,
    refund_cents: 5_350,
    seats,
  };
  const id = await publish(h.bus, 'jobs.job.cancelled.v1', cancelled);
  const [one] = await textsTo(h.svc.url, first.phone, /Late-cancellation pay/);
  expect(one.body).toContain('Late-cancellation pay: your $100.00 is on its way to you.');
  const [two] = await textsTo(h.svc.url, second.phone, /Late-cancellation pay/);
  expect(two.body).toContain('Late-cancellation pay: your $80.00 is on its way to you.');
  await publish(h.bus, 'jobs.job.cancelled.v1', cancelled, id); // redelivered
  await publish(h.bus, 'jobs.job.cancelled.v1', cancelled); // announced again
  await handled('job-cancelled', 2);
  expect(await templatesTo(first)).toEqual(['job_cancelled_late']);
  expect(await templatesTo(second)).toEqual(['job_cancelled_late']);
});
