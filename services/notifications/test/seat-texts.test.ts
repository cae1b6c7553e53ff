import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  jobFacts,
  MINUTE,
  newJob,
  publish,
  reminderRows,
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

describe('at the start, the unbooked seats of a posting of three expire while the booked seat goes on', () => {
  /** A posting of three at $25/h for 6 hours: $160.50 a seat, $481.50 charged. */
  async function postingOfThree(restaurant: TestUser, startInHours: number) {
    const job = newJob(restaurant, h.clock, 'Line Cook', startInHours);
    await publish(h.bus, 'jobs.job.posted.v1', {
      ...jobFacts(job),
      subtotal_cents: 45_000,
      fee_cents: 3_150,
      total_cents: 48_150,
      notify_favorites: [],
      headcount: 3,
    });
    await handled('job-posted', 1);
    return job;
  }
  const seatExpired = (job: ReturnType<typeof newJob>, lapsed: TestUser[]) => ({
    ...jobFacts(job),
    headcount: 3,
    seats: [3, 2],
    lapsed_chef_ids: lapsed.map((c) => c.id),
    refund_due: true,
  });

  test('the restaurant reads which seats expired, their share back and that its booked chef still comes; the lapsed chef is told', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Three Tables' });
    const booked = await createUser(h.bus, h.database, { type: 'chef', name: 'Bea Booked' });
    const lapsed = await createUser(h.bus, h.database, { type: 'chef', name: 'Lu Lapsed', language: 'es' });
    const job = await postingOfThree(restaurant, 2);
    await publish(h.bus, 'jobs.application.confirmed.v1', { ...applicationFacts(job, booked), seat_no: 1 });
    await publish(h.bus, 'jobs.application.accepted.v1', applicationFacts(job, lapsed));
    await handled('application-confirmed', 1);

    const event = seatExpired(job, [lapsed]);
    const id = await publish(h.bus, 'jobs.seat.expired.v1', event);
    const [text] = await textsTo(h.svc.url, restaurant.phone, /unbooked seats/);
    expect(text.body).toMatch(
      new RegExp(
        `^Brigade: 2 unbooked seats of "Line Cook" on .+ expired \\(seats 2 and 3\\): nobody booked them before the start\\. Their share, \\$321\\.00, goes back to your card\\. Your booked chef still comes\\. See the seats: https://brigade\\.test/jobs/${job.id}$`,
      ),
    );
    await textsTo(
      h.svc.url,
      lapsed.phone,
      /el turno "Cocinero de línea" en Three Tables del .+ empezó sin que nadie lo confirmara, así que tu postulación caducó/,
    );
    await publish(h.bus, 'jobs.seat.expired.v1', event, id); // redelivered
    await publish(h.bus, 'jobs.seat.expired.v1', event); // announced again
    await handled('seat-expired', 2);
    expect((await templatesTo(restaurant)).filter((t) => t === 'seats_expired')).toEqual(['seats_expired']);
    expect(await templatesTo(lapsed)).toEqual(['application_accepted', 'application_lapsed']);
    // the booked chef heard nothing of the expiry: their shift goes on
    expect(await templatesTo(booked)).toEqual([]);

    // payments refunds each expired seat's share: the restaurant reads the seat and its share, not "the whole"
    await publish(h.bus, 'payments.escrow.refunded.v1', {
      job_id: job.id,
      restaurant_id: restaurant.id,
      refund_id: `re_${randomUUID()}`,
      amount_cents: 16_050,
      reason: 'job_expired' as const,
      seat_no: 2,
      application_id: null,
      chef_id: null,
    });
    const [refund] = await textsTo(h.svc.url, restaurant.phone, /share went back/);
    expect(refund.body).toMatch(
      /^Brigade: "Line Cook" on .+: the unbooked seat 2 expired, so its \$160\.50 share went back to your card\.$/,
    );
  });

  test('a whole posting of three nobody booked expires: three refunds, one refund text for the whole charge', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Empty Tables' });
    const job = await postingOfThree(restaurant, 2);
    await publish(h.bus, 'jobs.job.expired.v1', {
      ...jobFacts(job),
      previous_status: 'open',
      refund_due: true,
      lapsed_chef_ids: [],
      seats: [1, 2, 3],
    });
    await textsTo(h.svc.url, restaurant.phone, /Expired/);
    // payments refunds each seat's share on its own
    for (const seat of [1, 2, 3])
      await publish(h.bus, 'payments.escrow.refunded.v1', {
        job_id: job.id,
        restaurant_id: restaurant.id,
        refund_id: `re_${randomUUID()}`,
        amount_cents: 16_050,
        reason: 'job_expired' as const,
        seat_no: seat,
        application_id: null,
        chef_id: null,
      });
    await handled('escrow-refunded', 3);
    const [back] = await textsTo(h.svc.url, restaurant.phone, /went back to your card/);
    expect(back.body).toMatch(/the whole \$481\.50 went back to your card\.$/);
    expect((await templatesTo(restaurant)).filter((t) => t === 'payment_refunded_expired')).toEqual([
      'payment_refunded_expired',
    ]);
  });

  test('the booked chef and the restaurant still get their reminders of the shift', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Still On' });
    const booked = await createUser(h.bus, h.database, { type: 'chef', name: 'Rita Remind' });
    const lapsed = await createUser(h.bus, h.database, { type: 'chef', name: 'Leo Late' });
    const job = await postingOfThree(restaurant, 2);
    await publish(h.bus, 'jobs.application.confirmed.v1', { ...applicationFacts(job, booked), seat_no: 1 });
    await handled('application-confirmed', 1);
    await publish(h.bus, 'jobs.seat.expired.v1', seatExpired(job, [lapsed]));
    await handled('seat-expired', 1);
    await textsTo(h.svc.url, restaurant.phone, /unbooked seats/);
    expect(
      (await reminderRows(h.database, job.id)).filter((r) => r.status !== 'pending').map((r) => r.kind),
    ).toEqual([]);

    h.clock.advance(61 * MINUTE); // past the job reminder (1 h before the start)
    await h.svc.handle.scheduler.tick();
    await textsTo(h.svc.url, booked.phone, /^Brigade reminder: your shift "Line Cook" at Still On starts at/);
    await textsTo(h.svc.url, restaurant.phone, /^Brigade reminder: Rita Remind starts "Line Cook" at/);
  });

  test('in Spanish, one seat expired, and an unpaid posting names no refund', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Una Mesa',
      language: 'es',
    });
    const job = await postingOfThree(restaurant, 3);
    await publish(h.bus, 'jobs.seat.expired.v1', { ...seatExpired(job, []), seats: [3] });
    const [text] = await textsTo(h.svc.url, restaurant.phone, /venció 1 puesto/);
    expect(text.body).toMatch(
      /^Brigade: venció 1 puesto sin reservar del turno "Cocinero de línea" del .+ \(puesto 3\): nadie lo reservó antes del inicio\. Su parte, \$160\.50, vuelve a tu tarjeta\. Tus 2 chefs reservados vienen igual\. Ve los puestos: /,
    );
    const unpaid = newJob(restaurant, h.clock, 'Dishwasher', 3);
    await publish(h.bus, 'jobs.seat.expired.v1', {
      ...seatExpired(unpaid, []),
      refund_due: false,
    });
    const [none] = await textsTo(
      h.svc.url,
      restaurant.phone,
      /"Lavaplatos".+vencieron 2 puestos|vencieron 2 puestos.+"Lavaplatos"/,
    );
    expect(none.body).not.toMatch(/\$|tarjeta/);
    expect(none.body).toContain('Tu chef reservado viene igual.');
  });
});

test('a late cancellation of a posting of three texts each booked chef their own seat’s pay, and the applicant the cancellation', async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Late Three' });
  const chefs = [
    await createUser(h.bus, h.database, { type: 'chef', name: 'Una Seat' }),
    await createUser(h.bus, h.database, { type: 'chef', name: 'Dos Seat', language: 'es' }),
    await createUser(h.bus, h.database, { type: 'chef', name: 'Tres Seat' }),
  ];
  const applicant = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Applied' });
  const job = newJob(restaurant, h.clock, 'Line Cook', 1);
  const pays = [10_000, 7_500, 6_000];
  const seats = chefs.map((chef, i) => ({
    seat_no: i + 1,
    application_id: randomUUID(),
    chef_id: chef.id,
    chef_pay_cents: pays[i],
    fee_cents: Math.round(pays[i] * 0.07),
    refund_cents: 16_050 - pays[i] - Math.round(pays[i] * 0.07),
  }));
  await publish(h.bus, 'jobs.job.cancelled.v1', {
    ...jobFacts(job),
    previous_status: 'filled',
    refund_due: true,
    affected_chef_ids: [...chefs.map((c) => c.id), applicant.id],
    late: true,
    chef_id: chefs[0].id,
    chef_pay_cents: 10_000,
    fee_cents: 700,
    refund_cents: 5_350,
    seats,
  });
  const [one] = await textsTo(h.svc.url, chefs[0].phone, /Late-cancellation pay/);
  expect(one.body).toContain('Late-cancellation pay: your $100.00 is on its way to you.');
  const [two] = await textsTo(h.svc.url, chefs[1].phone, /Pago por cancelación tardía/);
  expect(two.body).toContain('tus $75.00 van en camino');
  const [three] = await textsTo(h.svc.url, chefs[2].phone, /Late-cancellation pay/);
  expect(three.body).toContain('Late-cancellation pay: your $60.00 is on its way to you.');
  const [plain] = await textsTo(h.svc.url, applicant.phone, /Late Three cancelled "Line Cook"/);
  expect(plain.body).not.toMatch(/\$/);
  await handled('job-cancelled', 1);
  for (const chef of chefs) expect(await templatesTo(chef)).toEqual(['job_cancelled_late']);
});
