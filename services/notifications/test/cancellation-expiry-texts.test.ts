import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  jobFacts,
  newJob,
  outbox,
  publish,
  smsRows,
  textsTo,
  useNotifications,
} from './harness';

// Issue 16's texts about cancellations, reopened shifts, expiry and settlements, through the real service:
// events in from the bus as jobs and payments publish them, texts out through the sandbox outbox. The rules are
// shortened by the environment (a 90-minute late-cancellation window, 3 hours of pay) and the texts cite them.

const h = useNotifications({ env: { LATE_CANCEL_WINDOW: '90m', CANCELLATION_PAY_HOURS: '3' } });

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

describe('the restaurant cancels a paid shift', () => {
  test('every affected chef is told in their own language; more than the window before the start, nobody is paid', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Early Bird' });
    const booked = await createUser(h.bus, h.database, { type: 'chef', name: 'Bo Booked' });
    const applicant = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Pia Pending',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock, 'Server', 30);
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      previous_status: 'filled',
      refund_due: true,
      affected_chef_ids: [booked.id, applicant.id],
      chef_id: booked.id,
      refund_cents: 16_050,
    });
    const [text] = await textsTo(h.svc.url, booked.phone, /Early Bird cancelled "Server"/);
    expect(text.body).toMatch(
      /^Brigade: Early Bird cancelled "Server" on .+\. Find another shift: https:\/\/brigade\.test\/openings$/,
    );
    await textsTo(h.svc.url, applicant.phone, /Early Bird canceló el turno "Mesero"/);
  });

  test('a late cancellation tells the booked chef what they will be paid, citing the window and hours in effect', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Late Latch' });
    const booked = await createUser(h.bus, h.database, { type: 'chef', name: 'Cy Confirmed' });
    const applicant = await createUser(h.bus, h.database, { type: 'chef', name: 'Al Applied' });
    const spanish = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Eva Española',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock, 'Grill Cook', 1);
    const late = {
      previous_status: 'filled',
      refund_due: true,
      late: true,
      chef_pay_cents: 7500,
      fee_cents: 525,
      refund_cents: 9075,
    };
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      ...late,
      affected_chef_ids: [booked.id, applicant.id],
      chef_id: booked.id,
    });
    const [paid] = await textsTo(h.svc.url, booked.phone, /Late Latch cancelled/);
    expect(paid.body).toMatch(
      /^Brigade: Late Latch cancelled "Grill Cook" on .+, less than 90 minutes before the start\. Late-cancellation pay: your \$75\.00 is on its way to you\. It is up to 3 hours of pay\. Find another shift: https:\/\/brigade\.test\/openings$/,
    );
    const [plain] = await textsTo(h.svc.url, applicant.phone, /Late Latch cancelled/);
    expect(plain.body).not.toMatch(/paid/);

    const other = newJob(restaurant, h.clock, 'Prep Cook', 1);
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(other),
      ...late,
      affected_chef_ids: [spanish.id],
      chef_id: spanish.id,
    });
    const [es] = await textsTo(h.svc.url, spanish.phone, /Late Latch canceló/);
    expect(es.body).toContain(
      'faltando menos de 90 minutos para el inicio. Pago por cancelación tardía: tus $75.00 van en camino. Equivale a hasta 3 horas de pago.',
    );
    await h.svc.handle.scheduler.tick();
    expect(await outbox(h.svc.url, booked.phone)).toHaveLength(1);
  });
});

describe('the confirmed chef cancels', () => {
  test('the restaurant is told, and the reopened shift is texted again as urgent to its favorites and the chefs of its city', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Vuelta Cantina',
      city: 'Detroit',
      language: 'es',
    });
    const chef = (name: string, city: 'Detroit' | 'Minneapolis', language: 'en' | 'es' = 'en') =>
      createUser(h.bus, h.database, { type: 'chef', name, city, language });
    const favorite = await chef('Fay Favorite', 'Minneapolis');
    const local = await chef('Lalo Local', 'Detroit', 'es');
    const quiet = await chef('Quinn Quiet', 'Detroit');
    const leaver = await chef('Leo Leaver', 'Detroit');
    const applicant = await chef('Ann Applicant', 'Detroit');
    const far = await chef('Fred Far', 'Minneapolis');
    await h.setPreferences(quiet, { sms_notifications: false });
    const job = newJob(restaurant, h.clock, 'Sous Chef', 1);
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(job),
      notify_chef_ids: [favorite.id],
      reopened: false,
    });
    await textsTo(h.svc.url, favorite.phone, /Vuelta Cantina invited you/);
    await publish(h.bus, 'jobs.application.submitted.v1', applicationFacts(job, applicant));
    const confirmed = applicationFacts(job, leaver);
    await publish(h.bus, 'jobs.application.confirmed.v1', confirmed);
    await textsTo(h.svc.url, restaurant.phone, /Leo Leaver confirmó/);

    await publish(h.bus, 'jobs.application.cancelled.v1', {
      ...confirmed,
      was_accepted: true,
      was_confirmed: true,
      late: true,
    });
    const [told] = await textsTo(h.svc.url, restaurant.phone, /Leo Leaver canceló/);
    expect(told.body).toMatch(
      new RegExp(
        `^Brigade: Leo Leaver canceló su turno confirmado "Sous Chef" del .+, faltando menos de 90 minutos para el inicio \\(cuenta como cancelación tardía en su historial\\)\\. Está abierto de nuevo y se anuncia como urgente: https://brigade\\.test/jobs/${job.id}$`,
      ),
    );

    const reopened = {
      ...jobFacts(job),
      notify_chef_ids: [favorite.id],
      reopened: true,
      announce_as_urgent: true,
    };
    const id = await publish(h.bus, 'jobs.job.opened.v1', reopened);
    const [again] = await textsTo(h.svc.url, favorite.phone, /Urgent shift, open again!/);
    expect(again.body).toMatch(
      new RegExp(
        `^Brigade: Urgent shift, open again! Vuelta Cantina needs "Sous Chef" on .+, \\$25\\.00/hr\\. Apply: https://brigade\\.test/jobs/${job.id}$`,
      ),
    );
    await textsTo(
      h.svc.url,
      local.phone,
      /¡Turno urgente, abierto de nuevo! Vuelta Cantina necesita "Sous Chef"/,
    );
    // delivered again, or reopened without the announcement: nobody is texted twice
    await publish(h.bus, 'jobs.job.opened.v1', reopened, id);
    await publish(h.bus, 'jobs.job.opened.v1', { ...reopened, announce_as_urgent: false });
    await handled('job-opened', 3);
    expect(await outbox(h.svc.url, favorite.phone)).toHaveLength(2);
    expect(await outbox(h.svc.url, local.phone)).toHaveLength(1);
    // the chef who left, the chef who applied, SMS off, and chefs of other cities who are not favorites: nothing
    expect((await outbox(h.svc.url, leaver.phone)).filter((m) => /Urgent|urgente/.test(m.body))).toEqual([]);
    expect(await outbox(h.svc.url, applicant.phone)).toEqual([]);
    expect(await outbox(h.svc.url, quiet.phone)).toEqual([]);
    expect(await outbox(h.svc.url, far.phone)).toEqual([]);

    // the next chef cancels too: the shift is announced once more
    await publish(h.bus, 'jobs.job.opened.v1', reopened);
    await textsTo(h.svc.url, favorite.phone, /Urgent shift, open again!/, 2);
    await textsTo(h.svc.url, local.phone, /abierto de nuevo/, 2);
  });
});

describe('nobody confirmed by the start: the shift expires', () => {
  test('the restaurant reads the full refund in the words of the policy, the lapsed chefs are told, then the refund', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Quiet Brunch' });
    const accepted = await createUser(h.bus, h.database, { type: 'chef', name: 'Ace Accepted' });
    const pending = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Pepa Pendiente',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock, 'Brunch Cook', 2);
    await publish(h.bus, 'jobs.job.posted.v1', {
      ...jobFacts(job),
      subtotal_cents: 15_000,
      fee_cents: 1050,
      total_cents: 16_050,
      notify_favorites: [],
    });
    await publish(h.bus, 'jobs.application.accepted.v1', applicationFacts(job, accepted));
    await handled('job-posted', 1);
    await publish(h.bus, 'jobs.job.expired.v1', {
      ...jobFacts(job),
      previous_status: 'open',
      refund_due: true,
      lapsed_chef_ids: [accepted.id, pending.id],
    });
    const [expired] = await textsTo(h.svc.url, restaurant.phone, /Expired/);
    expect(expired.body).toMatch(
      /^Brigade: "Brunch Cook" on .+: Expired: nobody confirmed the shift before it started, so the whole \$160\.50 is on its way back to your card\.$/,
    );
    await textsTo(
      h.svc.url,
      accepted.phone,
      /"Brunch Cook" at Quiet Brunch on .+ started before anyone confirmed it, so your application lapsed/,
    );
    await textsTo(
      h.svc.url,
      pending.phone,
      /el turno "Brunch Cook" en Quiet Brunch del .+ empezó sin que nadie lo confirmara, así que tu postulación caducó/,
    );

    await publish(h.bus, 'payments.escrow.refunded.v1', {
      job_id: job.id,
      restaurant_id: restaurant.id,
      refund_id: 're_expired_1',
      amount_cents: 16_050,
      reason: 'job_expired',
    });
    await textsTo(
      h.svc.url,
      restaurant.phone,
      /^Brigade: "Brunch Cook" on .+: Expired: nobody confirmed the shift before it started, so the whole \$160\.50 went back to your card\.$/,
    );
    // the refund is the restaurant's news: the chef had only the acceptance and the lapse
    expect(await outbox(h.svc.url, accepted.phone)).toHaveLength(2);
  });

  test('in Spanish, an unpaid shift, and a restaurant with SMS off', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Sin Pago',
      language: 'es',
    });
    const silent = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Silent Spoon' });
    await h.setPreferences(silent, { sms_notifications: false });
    const unpaid = newJob(restaurant, h.clock, 'Lavaplatos', 2);
    await publish(h.bus, 'jobs.job.expired.v1', {
      ...jobFacts(unpaid),
      previous_status: 'pending_payment',
      refund_due: false,
      lapsed_chef_ids: [],
    });
    await textsTo(
      h.svc.url,
      restaurant.phone,
      /^Brigade: el turno "Lavaplatos" del .+ venció: nadie lo confirmó antes de que empezara\.$/,
    );
    await publish(h.bus, 'jobs.job.expired.v1', {
      ...jobFacts(newJob(silent, h.clock, 'Server', 2)),
      previous_status: 'open',
      refund_due: true,
      lapsed_chef_ids: [],
    });
    await eventually(async () =>
      expect(await smsRows(h.database, silent.id)).toEqual([
        expect.objectContaining({
          template: 'job_expired',
          status: 'suppressed',
          suppress_reason: 'preference:sms_notifications',
        }),
      ]),
    );
    expect(await outbox(h.svc.url, silent.phone)).toEqual([]);
  });
});

describe('settlements', () => {
  test('after a late cancellation the chef reads what they were paid and the restaurant what came back, once', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Partial Plate',
      language: 'es',
    });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Sal Settled' });
    const job = newJob(restaurant, h.clock, 'Line Cook', 1);
    await publish(h.bus, 'jobs.job.opened.v1', {
      ...jobFacts(job),
      notify_chef_ids: [],
      reopened: false,
    });
    await handled('job-opened', 1);
    const settled = {
      job_id: job.id,
      restaurant_id: restaurant.id,
      chef_id: chef.id,
      transfer_id: 'tr_split_1',
      chef_pay_cents: 7500,
      fee_cents: 525,
      refund_id: 're_split_1',
      refund_cents: 8025,
      reason: 'late_cancellation' as const,
    };
    await publish(h.bus, 'payments.escrow.settled.v1', settled);
    await publish(h.bus, 'payments.escrow.settled.v1', settled); // announced twice
    const [paid] = await textsTo(h.svc.url, chef.phone, /paid/);
    expect(paid.body).toMatch(
      /^Brigade: "Line Cook" on .+: Late-cancellation pay: \$75\.00 was paid out to you\. It reaches your bank in 2-7 business days\.$/,
    );
    const [back] = await textsTo(h.svc.url, restaurant.phone, /volvieron a tu tarjeta/);
    expect(back.body).toMatch(
      /^Brigade: el turno "Cocinero de línea" del .+: Pago por cancelación tardía: el chef recibió \$75\.00, Brigade se quedó con \$5\.25 y \$80\.25 volvieron a tu tarjeta\.$/,
    );
    await handled('escrow-settled', 2);
    expect(await outbox(h.svc.url, chef.phone)).toHaveLength(1);
    expect(await outbox(h.svc.url, restaurant.phone)).toHaveLength(1);
  });
});
