import { randomUUID } from 'node:crypto';
import { escrowCharge, formatUsd, postingFigures, type EventPostingShape } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  HOUR,
  jobFacts,
  MINUTE,
  newJob,
  outbox,
  publish,
  reminderRows,
  smsRows,
  textsTo,
  useNotifications,
  type TestUser,
} from './harness';

// Issue 35 (ADR 0031): a posted shift can be edited. When an edit takes effect (jobs.job.edited.v1), each booked
// chef it asks to answer is texted, in their language, the change old → new (times in the restaurant city's time
// zone, the rate, their pay for the seat) and until when they may keep it or leave with no mark; notifications'
// record of the job takes the new times and the job's pending reminders move with them. The restaurant is texted
// a declined edit charge (payments.edit_charge.failed.v1), a chef who left after the change
// (jobs.application.edit_answered.v1, accept false), an edit dropped because the shift had closed
// (jobs.job.edit_dropped.v1) and a series occurrence its card on file could not pay
// (jobs.occurrence.payment_needed.v1). Each once per cause: a redelivery or a replay sends nothing more.

const h = useNotifications();

/** Wait until the consumer has handled `n` distinct events, then let the scheduler send what they queued. */
async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${`notifications.${consumer}`}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

const templatesTo = async (user: TestUser, template: string) =>
  (await smsRows(h.database, user.id)).filter((r) => r.template === template);

const chicago = (t: Date, options: Intl.DateTimeFormatOptions, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'America/Chicago', ...options }).format(t);
const dayAndTime = (t: Date, locale = 'en-US') =>
  chicago(
    t,
    { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    locale,
  );
const clock = (t: Date, locale = 'en-US') => chicago(t, { hour: 'numeric', minute: '2-digit' }, locale);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A posting of `seats` chefs, each confirmed (their reminders planned), as jobs announces it. */
async function bookedPosting(chefs: TestUser[], opts: { title?: string; startInHours?: number } = {}) {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const job = newJob(restaurant, h.clock, opts.title ?? 'Line Cook', opts.startInHours ?? 30, 6);
  const before: EventPostingShape = {
    start_time: job.start.toISOString(),
    end_time: job.end.toISOString(),
    hourly_rate_cents: 2500,
    break_minutes: 0,
    headcount: chefs.length,
  };
  await publish(h.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    ...postingFigures(before),
    notify_favorites: [],
    break_minutes: 0,
    headcount: chefs.length,
  });
  const bookings = chefs.map((chef, i) => ({ chef, seat_no: i + 1, facts: applicationFacts(job, chef) }));
  for (const b of bookings)
    await publish(h.bus, 'jobs.application.confirmed.v1', { ...b.facts, seat_no: b.seat_no });
  // each booking plans 8 reminders: job and rating, two checkout-deadline leads, for both sides
  await eventually(async () =>
    expect(await reminderRows(h.database, job.id)).toHaveLength(8 * bookings.length),
  );
  return { restaurant, job, before, bookings };
}

test('an edit of the times and pay texts each booked chef old → new in their language, once, and moves the reminders', async () => {
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const cy = await createUser(h.bus, h.database, { type: 'chef', name: 'Cy Quiet' });
  await h.setPreferences(cy, { sms_notifications: false });
  // The shift starts at 9 in the morning in Chicago, so the moved one stays on its day (the text then names only
  // the new times, whatever the hour the test runs at).
  const startInHours = [...Array(26).keys()]
    .map((n) => n + 26)
    .find(
      (n) =>
        Number(
          chicago(new Date(h.clock.now().getTime() + n * HOUR), { hour: 'numeric', hourCycle: 'h23' }),
        ) === 9,
    );
  const { restaurant, job, before, bookings } = await bookedPosting([ana, ben, cy], { startInHours });

  // Two hours later, an hour longer, at $28.00/hr with a 30-minute break.
  const start = new Date(job.start.getTime() + 2 * HOUR);
  const end = new Date(job.end.getTime() + 3 * HOUR);
  const after: EventPostingShape = {
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hourly_rate_cents: 2800,
    break_minutes: 30,
    headcount: 3,
  };
  const dueBy = new Date(h.clock.now().getTime() + 12 * HOUR);
  const edited = {
    job_id: job.id,
    edit_id: randomUUID(),
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    before,
    after,
    charge_cents: postingFigures(after).total_cents - postingFigures(before).total_cents,
    refund_cents: 0,
    added_seats: [],
    removed_seats: [],
    chefs_to_answer: bookings.map((b) => ({
      application_id: b.facts.application_id,
      chef_id: b.chef.id,
      seat_no: b.seat_no,
    })),
    answers_due_by: dueBy.toISOString(),
    words_changed: false,
  };
  const id = await publish(h.bus, 'jobs.job.edited.v1', edited);
  await publish(h.bus, 'jobs.job.edited.v1', edited, id); // the same event delivered twice
  await publish(h.bus, 'jobs.job.edited.v1', edited); // and replayed as a new one

  const oldPay = formatUsd(escrowCharge(before).subtotalCents);
  const newPay = formatUsd(escrowCharge(after).subtotalCents);
  expect([oldPay, newPay]).toEqual(['$150.00', '$182.00']); // 6 h × $25; 7 h less a 30-minute break × $28
  const link = `https://brigade.test/jobs/${job.id}`;

  const [en] = await textsTo(h.svc.url, ben.phone, /changed "Line Cook"/);
  expect(en.body).toBe(
    `Brigade: North Loop Kitchen changed "Line Cook": ${dayAndTime(job.start)}–${clock(job.end)} → ` +
      `${clock(start)}–${clock(end)}; $25.00/hr → $28.00/hr; your pay $150.00 → $182.00. ` +
      `Keep it or leave with no mark by ${dayAndTime(dueBy)}: ${link}`,
  );
  const [es] = await textsTo(h.svc.url, ana.phone, /cambió el turno/);
  const l = 'es-US';
  expect(es.body).toBe(
    `Brigade: North Loop Kitchen cambió el turno "Cocinero de línea": ${dayAndTime(job.start, l)}–${clock(job.end, l)} → ` +
      `${clock(start, l)}–${clock(end, l)}; $25.00/hora → $28.00/hora; tu pago $150.00 → $182.00. ` +
      `Quédatelo o déjalo sin marca en tu historial antes del ${dayAndTime(dueBy, l)}: ${link}`,
  );

  await handled('job-edited', 2);
  for (const chef of [ana, ben]) expect(await templatesTo(chef, 'job_edited_chef')).toHaveLength(1);
  // SMS Notifications off: recorded as suppressed, nothing sent
  expect(await templatesTo(cy, 'job_edited_chef')).toEqual([
    expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:sms_notifications' }),
  ]);
  expect(await outbox(h.svc.url, cy.phone)).toEqual([]);
  expect(await smsRows(h.database, restaurant.id)).not.toContainEqual(
    expect.objectContaining({ template: 'job_edited_chef' }),
  );

  // Notifications' record of the job has the new terms, and every pending reminder follows the new times.
  const [row] = await h.database.rows<{
    start_time: Date;
    end_time: Date;
    total_cents: number;
    rate: number;
  }>(
    sql`select start_time, end_time, total_cents, hourly_rate_cents as rate from notifications.jobs where job_id = ${job.id}`,
  );
  expect([new Date(row.start_time).getTime(), new Date(row.end_time).getTime()]).toEqual([
    start.getTime(),
    end.getTime(),
  ]);
  expect([row.total_cents, row.rate]).toEqual([postingFigures(after).total_cents, 2800]);
  const due = async (kind: string) =>
    (await reminderRows(h.database, job.id))
      .filter((r) => r.kind === kind && r.status === 'pending')
      .map((r) => new Date(r.due_at).getTime())
      .sort((a, b) => a - b);
  expect(await due('job_reminder')).toEqual(Array(6).fill(start.getTime() - HOUR));
  expect(await due('rating_reminder')).toEqual(Array(6).fill(end.getTime() + HOUR));
  // the checkout deadline (48 h after the end) less each lead (24 h, 2 h)
  expect(await due('checkout_deadline')).toEqual([
    ...Array(6).fill(end.getTime() + 24 * HOUR),
    ...Array(6).fill(end.getTime() + 46 * HOUR),
  ]);

  // An hour before the old start nothing is due; an hour before the new one the reminders name the new time.
  h.clock.set(new Date(job.start.getTime() - HOUR + MINUTE));
  await h.svc.handle.scheduler.tick();
  expect((await outbox(h.svc.url, ben.phone)).filter((m) => /reminder/.test(m.body))).toEqual([]);
  h.clock.set(new Date(start.getTime() - HOUR + MINUTE));
  await textsTo(h.svc.url, ben.phone, new RegExp(`Brigade reminder: .+ starts at ${escape(clock(start))}`));
  await textsTo(
    h.svc.url,
    restaurant.phone,
    new RegExp(`Ben Cole starts "Line Cook" at ${escape(clock(start))}`),
  );
});

test('an edit of the rate alone leaves the reminders where they were', async () => {
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Rate' });
  const { restaurant, job, before, bookings } = await bookedPosting([ben], { startInHours: 40 });
  const planned = (await reminderRows(h.database, job.id)).map((r) => new Date(r.due_at).getTime());
  const after = { ...before, hourly_rate_cents: 3000 };
  await publish(h.bus, 'jobs.job.edited.v1', {
    job_id: job.id,
    edit_id: randomUUID(),
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    before,
    after,
    charge_cents: postingFigures(after).total_cents - postingFigures(before).total_cents,
    refund_cents: 0,
    added_seats: [],
    removed_seats: [],
    chefs_to_answer: [{ application_id: bookings[0].facts.application_id, chef_id: ben.id, seat_no: 1 }],
    answers_due_by: new Date(h.clock.now().getTime() + 12 * HOUR).toISOString(),
    words_changed: false,
  });
  // the times are written once, the rate and pay old → new
  const [text] = await textsTo(h.svc.url, ben.phone, /changed "Line Cook"/);
  expect(text.body).toContain(
    `"Line Cook": ${dayAndTime(job.start)}–${clock(job.end)}; $25.00/hr → $30.00/hr; your pay $150.00 → $180.00.`,
  );
  expect((await reminderRows(h.database, job.id)).map((r) => new Date(r.due_at).getTime())).toEqual(planned);
});

test('a confirmation handled after the edit (published before it) does not take the shift back to its old times', async () => {
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Early' });
  const dee = await createUser(h.bus, h.database, { type: 'chef', name: 'Dee Late' });
  const { restaurant, job, before, bookings } = await bookedPosting([ben], { startInHours: 50 });
  const start = new Date(job.start.getTime() + 3 * HOUR);
  const end = new Date(job.end.getTime() + 3 * HOUR);
  const after = { ...before, start_time: start.toISOString(), end_time: end.toISOString(), headcount: 2 };
  await publish(h.bus, 'jobs.job.edited.v1', {
    job_id: job.id,
    edit_id: randomUUID(),
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    before: { ...before, headcount: 2 },
    after,
    charge_cents: 0,
    refund_cents: 0,
    added_seats: [],
    removed_seats: [],
    chefs_to_answer: [{ application_id: bookings[0].facts.application_id, chef_id: ben.id, seat_no: 1 }],
    answers_due_by: new Date(h.clock.now().getTime() + 12 * HOUR).toISOString(),
    words_changed: false,
  });
  await handled('job-edited', 1);
  // Seat 2's confirmation, from before the edit (its queue was behind), carries the old times.
  await publish(h.bus, 'jobs.application.confirmed.v1', { ...applicationFacts(job, dee), seat_no: 2 });
  await eventually(async () => expect(await reminderRows(h.database, job.id)).toHaveLength(16));
  const [row] = await h.database.rows<{ start_time: Date; end_time: Date }>(
    sql`select start_time, end_time from notifications.jobs where job_id = ${job.id}`,
  );
  expect([new Date(row.start_time).getTime(), new Date(row.end_time).getTime()]).toEqual([
    start.getTime(),
    end.getTime(),
  ]);
  const jobReminders = (await reminderRows(h.database, job.id)).filter((r) => r.kind === 'job_reminder');
  expect(jobReminders.map((r) => new Date(r.due_at).getTime())).toEqual(
    Array(4).fill(start.getTime() - HOUR),
  );
});

/** A restaurant in each language, with a posted shift notifications knows. */
async function restaurantsWithShifts(title = 'Line Cook') {
  const en = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const es = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Lupita', language: 'es' });
  const shifts = [en, es].map((restaurant) => {
    const job = newJob(restaurant, h.clock, title, 30, 6);
    const shape: EventPostingShape = {
      start_time: job.start.toISOString(),
      end_time: job.end.toISOString(),
      hourly_rate_cents: 2500,
      break_minutes: 0,
      headcount: 1,
    };
    return { restaurant, job, shape };
  });
  for (const { job, shape } of shifts)
    await publish(h.bus, 'jobs.job.posted.v1', {
      ...jobFacts(job),
      ...postingFigures(shape),
      notify_favorites: [],
      headcount: 1,
    });
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.jobs where job_id in (${shifts[0].job.id}, ${shifts[1].job.id})`,
    );
    expect(Number(rows[0].n)).toBe(2);
  });
  return shifts;
}

test('a declined edit charge: the restaurant reads its change was not saved and why, once, in its language', async () => {
  const [north, casa] = await restaurantsWithShifts();
  const failed = (s: typeof north, requiresAuthentication: boolean) => ({
    job_id: s.job.id,
    edit_id: randomUUID(),
    restaurant_id: s.restaurant.id,
    payment_intent_id: `pi_${randomUUID().slice(0, 8)}`,
    amount_cents: 3210,
    code: requiresAuthentication ? 'authentication_required' : 'card_declined',
    decline_code: requiresAuthentication ? null : 'insufficient_funds',
    requires_authentication: requiresAuthentication,
  });
  const toNorth = failed(north, false);
  const id = await publish(h.bus, 'payments.edit_charge.failed.v1', toNorth);
  await publish(h.bus, 'payments.edit_charge.failed.v1', toNorth, id);
  await publish(h.bus, 'payments.edit_charge.failed.v1', toNorth);
  await publish(h.bus, 'payments.edit_charge.failed.v1', failed(casa, true));

  const [en] = await textsTo(h.svc.url, north.restaurant.phone, /was not saved/);
  expect(en.body).toBe(
    `Brigade: your change to "Line Cook" on ${dayAndTime(north.job.start)} was not saved because your card was declined ($32.10). The shift keeps its terms: https://brigade.test/jobs/${north.job.id}`,
  );
  const [es] = await textsTo(h.svc.url, casa.restaurant.phone, /no se guardó/);
  expect(es.body).toBe(
    `Brigade: tu cambio en el turno "Cocinero de línea" del ${dayAndTime(casa.job.start, 'es-US')} no se guardó porque tu banco pide que confirmes el pago ($32.10). El turno sigue como estaba: https://brigade.test/jobs/${casa.job.id}`,
  );
  await handled('edit-charge-failed', 3);
  expect(await templatesTo(north.restaurant, 'edit_charge_failed_restaurant')).toHaveLength(1);
});

test('a chef who leaves after the change: the restaurant is told once that the seat is open again; a kept booking is not texted', async () => {
  const [north, casa] = await restaurantsWithShifts();
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const dee = await createUser(h.bus, h.database, { type: 'chef', name: 'Dee Stays' });
  const leaving = { ...applicationFacts(north.job, ben), seat_no: 2 };
  await publish(h.bus, 'jobs.application.confirmed.v1', leaving);
  await eventually(async () => expect(await reminderRows(h.database, north.job.id)).toHaveLength(8));

  const answer = (facts: typeof leaving, accept: boolean) => ({ ...facts, edit_id: randomUUID(), accept });
  const left = answer(leaving, false);
  const id = await publish(h.bus, 'jobs.application.edit_answered.v1', left);
  await publish(h.bus, 'jobs.application.edit_answered.v1', left, id);
  await publish(h.bus, 'jobs.application.edit_answered.v1', left);
  // jobs publishes the seat's cancellation beside it: no text of its own (not "announced as urgent")
  await publish(h.bus, 'jobs.application.cancelled.v1', {
    ...leaving,
    cancelled_by: 'chef',
    was_accepted: true,
    was_confirmed: true,
    late: false,
    reason: 'edit_declined',
  });
  await publish(
    h.bus,
    'jobs.application.edit_answered.v1',
    answer({ ...applicationFacts(casa.job, ana), seat_no: 1 }, false),
  );
  await publish(
    h.bus,
    'jobs.application.edit_answered.v1',
    answer({ ...applicationFacts(north.job, dee), seat_no: 1 }, true),
  );

  const [en] = await textsTo(h.svc.url, north.restaurant.phone, /after your change/);
  expect(en.body).toBe(
    `Brigade: Ben Cole left "Line Cook" on ${dayAndTime(north.job.start)} after your change, with no mark on their record. The seat is open again: https://brigade.test/jobs/${north.job.id}`,
  );
  const [es] = await textsTo(h.svc.url, casa.restaurant.phone, /tras tu cambio/);
  expect(es.body).toBe(
    `Brigade: Ana Ruiz dejó el turno "Cocinero de línea" del ${dayAndTime(casa.job.start, 'es-US')} tras tu cambio, sin marca en su historial. El puesto vuelve a estar abierto: https://brigade.test/jobs/${casa.job.id}`,
  );
  // three departures handled (the replay of one counts once); a kept booking is taken without a record
  await handled('application-edit-answered', 3);
  await handled('application-cancelled', 1);
  expect((await smsRows(h.database, north.restaurant.id)).map((r) => r.template)).toEqual([
    'application_confirmed',
    'edit_declined_restaurant',
  ]);
  // the chef who left is reminded of nothing, nor is the restaurant about them
  expect((await reminderRows(h.database, north.job.id)).filter((r) => r.status === 'pending')).toEqual([]);
});

test('an edit dropped because the shift closed: the restaurant reads it was not made and the charge comes back', async () => {
  const [north, casa] = await restaurantsWithShifts();
  const dropped = (s: typeof north, reason: 'job_closed' | 'charge_failed') => ({
    job_id: s.job.id,
    edit_id: randomUUID(),
    restaurant_id: s.restaurant.id,
    title: 'Line Cook',
    before: s.shape,
    after: { ...s.shape, hourly_rate_cents: 2800 },
    charge_cents: 1926,
    reason,
  });
  const toNorth = dropped(north, 'job_closed');
  await publish(h.bus, 'jobs.job.edit_dropped.v1', toNorth);
  await publish(h.bus, 'jobs.job.edit_dropped.v1', toNorth); // a replay
  await publish(h.bus, 'jobs.job.edit_dropped.v1', dropped(casa, 'job_closed'));
  // a drop after a failed charge: payments.edit_charge.failed.v1 told the restaurant already
  await publish(h.bus, 'jobs.job.edit_dropped.v1', dropped(north, 'charge_failed'));

  const [en] = await textsTo(h.svc.url, north.restaurant.phone, /was not made/);
  expect(en.body).toBe(
    `Brigade: your change to "Line Cook" on ${dayAndTime(north.job.start)} was not made: the shift had closed. The $19.26 charged for it is refunded to your card. See the shift: https://brigade.test/jobs/${north.job.id}`,
  );
  const [es] = await textsTo(h.svc.url, casa.restaurant.phone, /no se hizo/);
  expect(es.body).toBe(
    `Brigade: tu cambio en el turno "Cocinero de línea" del ${dayAndTime(casa.job.start, 'es-US')} no se hizo porque el turno ya estaba cerrado. Los $19.26 que se cobraron por él vuelven a tu tarjeta. Mira el turno: https://brigade.test/jobs/${casa.job.id}`,
  );
  // three closed-shift drops handled; the charge_failed one is taken without a record
  await handled('job-edit-dropped', 3);
  expect(await templatesTo(north.restaurant, 'edit_dropped_restaurant')).toHaveLength(1);
});

test('a series occurrence its card on file could not pay: the restaurant is texted the link to pay it, once', async () => {
  const north = await createUser(h.bus, h.database, { type: 'restaurant', name: 'North Loop Kitchen' });
  const casa = await createUser(h.bus, h.database, {
    type: 'restaurant',
    name: 'Casa Lupita',
    language: 'es',
  });
  const needed = (restaurant: TestUser) => {
    const job = newJob(restaurant, h.clock, 'Dishwasher', 6 * 24, 5);
    return {
      job_id: job.id,
      series_id: randomUUID(),
      restaurant_id: restaurant.id,
      title: 'Dishwasher',
      start_time: job.start.toISOString(),
      occurrence_date: job.start.toISOString().slice(0, 10),
      total_cents: 3 * 13_375,
      code: 'card_declined',
    };
  };
  const toNorth = needed(north);
  const id = await publish(h.bus, 'jobs.occurrence.payment_needed.v1', toNorth);
  await publish(h.bus, 'jobs.occurrence.payment_needed.v1', toNorth, id);
  await publish(h.bus, 'jobs.occurrence.payment_needed.v1', toNorth);
  const toCasa = needed(casa);
  await publish(h.bus, 'jobs.occurrence.payment_needed.v1', toCasa);

  const [en] = await textsTo(h.svc.url, north.phone, /Payment needed/);
  expect(en.body).toBe(
    `Brigade: Payment needed: "Dishwasher" on ${dayAndTime(new Date(toNorth.start_time))} could not be charged to your card on file ($401.25). Pay it in the app: https://brigade.test/jobs/${toNorth.job_id}`,
  );
  const [es] = await textsTo(h.svc.url, casa.phone, /Pago pendiente/);
  expect(es.body).toMatch(
    new RegExp(
      `^Brigade: Pago pendiente: no pudimos cobrar el turno "[^"]+" del ${escape(dayAndTime(new Date(toCasa.start_time), 'es-US'))} a tu tarjeta guardada \\(\\$401\\.25\\)\\. Págalo en la app: https://brigade\\.test/jobs/${toCasa.job_id}$`,
    ),
  );
  await handled('occurrence-payment-needed', 3);
  expect(await templatesTo(north, 'occurrence_payment_needed_restaurant')).toHaveLength(1);
});
