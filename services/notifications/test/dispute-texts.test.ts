import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { timelineOf } from '../src/app';
import {
  applicationFacts,
  createUser,
  jobFacts,
  newJob,
  publish,
  textsTo,
  useNotifications,
} from './harness';

// Issue 17's texts: an operator decided a disputed shift (both sides told the decision in the outcome's words
// with its dollars, issue 32, each in their language, and that the note is on the job page), and shifts Brigade cancelled for a suspended account.
// The texts about a job are the notifications part of the operator's job timeline.

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

describe('an operator decided a disputed shift', () => {
  test('both sides read the split in dollars in their own language, once, with the job page for the note; the job timeline lists the texts', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Verde' });
    const chef = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Lucía Ramos',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock, 'Prep Cook', -30);
    const decision = {
      ...applicationFacts(job, chef),
      chef_pay_cents: 12_000,
      fee_cents: 840,
      refund_cents: 3_210,
      subtotal_cents: 15_000,
      total_cents: 16_050,
      note: 'Left two hours early.',
      operator_id: randomUUID(),
      resolved_at: new Date().toISOString(),
    };
    const id = await publish(h.bus, 'jobs.dispute.resolved.v1', decision);
    await publish(h.bus, 'jobs.dispute.resolved.v1', decision, id);
    await publish(h.bus, 'jobs.dispute.resolved.v1', decision); // the same decision under another id
    await handled('dispute-resolved', 2);

    const restaurantTexts = await textsTo(h.svc.url, restaurant.phone, /review of "Prep Cook"/);
    expect(restaurantTexts).toHaveLength(1);
    const [toRestaurant] = restaurantTexts;
    expect(toRestaurant.body).toMatch(
      /^Brigade: the review of "Prep Cook" on .+ is decided\. Split by a decision: the chef gets \$120\.00, Brigade keeps \$8\.40, and \$32\.10 is on its way back to your card\. The decision and its note are on the shift page: https:\/\/brigade\.test\/jobs\/[0-9a-f-]{36}$/,
    );
    expect(toRestaurant.body).toContain(`/jobs/${job.id}`);
    const [toChef] = await textsTo(h.svc.url, chef.phone, /revisión de "Ayudante de preparación"/);
    expect(toChef.body).toContain(
      'Dividido por una decisión: recibes $120.00 de los $150.00 del turno; van en camino.',
    );
    expect(toChef.body).toContain(`/jobs/${job.id}`);

    // The sandbox shows a text as soon as it takes it; the service records it sent, with the language it was
    // written in, once the provider has answered. Read the timeline after both sends are recorded.
    await eventually(async () =>
      expect(
        (await timelineOf({ database: h.database }, job.id))
          .filter((e) => e.type.startsWith('sms.dispute_resolved'))
          .map((e) => e.data.status),
      ).toEqual(['sent', 'sent']),
    );
    const timeline = await timelineOf({ database: h.database }, job.id);
    expect(timeline.map((e) => [e.type, e.data.to_user_id, e.data.language])).toEqual(
      expect.arrayContaining([
        ['sms.dispute_resolved_chef', chef.id, 'es'],
        ['sms.dispute_resolved_restaurant', restaurant.id, 'en'],
      ]),
    );
    expect(timeline.filter((e) => e.type.startsWith('sms.dispute_resolved'))).toHaveLength(2);
    for (const e of timeline)
      expect(e).toMatchObject({ service: 'notifications', kind: 'sms', actor: { type: 'system', id: null } });
    expect(await h.svc.handle.timeline(job.id)).toEqual(timeline);
    expect(await timelineOf({ database: h.database }, randomUUID())).toEqual([]);
  });

  test('a full payout and a full refund read as such; the refund after review says the money is on its way', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Full Plate' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Max Paid' });
    const paid = newJob(restaurant, h.clock, 'Grill Cook', -30);
    await publish(h.bus, 'jobs.dispute.resolved.v1', {
      ...applicationFacts(paid, chef),
      chef_pay_cents: 15_000,
      fee_cents: 1_050,
      refund_cents: 0,
      subtotal_cents: 15_000,
      total_cents: 16_050,
      note: 'Worked the whole shift.',
      operator_id: randomUUID(),
      resolved_at: new Date().toISOString(),
    });
    const [chefText] = await textsTo(h.svc.url, chef.phone, /review of "Grill Cook"/);
    expect(chefText.body).toContain('Paid in full: your $150.00 is on its way to you. The decision');

    const refunded = newJob(restaurant, h.clock, 'Dishwasher', -30);
    await publish(h.bus, 'jobs.dispute.resolved.v1', {
      ...applicationFacts(refunded, chef),
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: 16_050,
      subtotal_cents: 15_000,
      total_cents: 16_050,
      note: 'No-show.',
      operator_id: randomUUID(),
      resolved_at: new Date().toISOString(),
    });
    const [restaurantText] = await textsTo(h.svc.url, restaurant.phone, /review of "Dishwasher"/);
    expect(restaurantText.body).toContain('Refunded: the whole $160.50 is on its way back to your card.');
    await publish(h.bus, 'payments.escrow.refunded.v1', {
      job_id: refunded.id,
      restaurant_id: restaurant.id,
      refund_id: `re_${randomUUID()}`,
      amount_cents: 16_050,
      reason: 'dispute_decision',
    });
    const [money] = await textsTo(h.svc.url, restaurant.phone, /"Dishwasher" on .+: Refunded/);
    expect(money.body).toMatch(/: Refunded: the whole \$160\.50 went back to your card\.$/);
    // The chef is not told the work was "marked not completed".
    await handled('escrow-refunded', 1);
    const chefTexts = (await textsTo(h.svc.url, chef.phone, /Brigade/, 1)).map((t) => t.body);
    expect(chefTexts.join('\n')).not.toMatch(/not completed/);
  });
});

describe('Brigade cancelled for a suspended account (cancelled_by system)', () => {
  test('the chefs of a suspended restaurant’s shift read that Brigade cancelled it, in their language', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Shut Door' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Booked' });
    const spanish = await createUser(h.bus, h.database, {
      type: 'chef',
      name: 'Eva Pide',
      language: 'es',
    });
    const job = newJob(restaurant, h.clock, 'Server', 48);
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      previous_status: 'filled',
      refund_due: true,
      affected_chef_ids: [chef.id, spanish.id],
      cancelled_by: 'system',
    });
    const [en] = await textsTo(h.svc.url, chef.phone, /cancelled by Brigade/);
    expect(en.body).toMatch(
      /^Brigade: "Server" at Shut Door on .+ was cancelled by Brigade\. Find another shift:/,
    );
    expect(en.body).not.toMatch(/Shut Door cancelled/);
    const [es] = await textsTo(h.svc.url, spanish.phone, /fue cancelado por Brigade/);
    expect(es.body).toMatch(/^Brigade: el turno "Mesero" en Shut Door del .+ fue cancelado por Brigade\./);
  });

  test('a late one still tells the booked chef their pay', async () => {
    const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Late Shut' });
    const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Cy Late' });
    const job = newJob(restaurant, h.clock, 'Grill Cook', 1);
    await publish(h.bus, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      previous_status: 'filled',
      refund_due: true,
      affected_chef_ids: [chef.id],
      cancelled_by: 'system',
      late: true,
      chef_id: chef.id,
      chef_pay_cents: 10_000,
      fee_cents: 700,
      refund_cents: 5_350,
    });
    const [text] = await textsTo(h.svc.url, chef.phone, /cancelled by Brigade/);
    expect(text.body).toMatch(
      /^Brigade: "Grill Cook" at Late Shut on .+ was cancelled by Brigade, less than .+ Late-cancellation pay: your \$100\.00 is on its way to you\. It is up to 4 hours of pay\./,
    );
  });

  test('the restaurant of a suspended chef reads that Brigade cancelled the confirmed shift or withdrew the application', async () => {
    const restaurant = await createUser(h.bus, h.database, {
      type: 'restaurant',
      name: 'Open Door',
      language: 'es',
    });
    const confirmed = await createUser(h.bus, h.database, { type: 'chef', name: 'Sus Pended' });
    const pending = await createUser(h.bus, h.database, { type: 'chef', name: 'Pen Ding' });
    const job = newJob(restaurant, h.clock, 'Line Cook', 48);
    await publish(h.bus, 'jobs.application.cancelled.v1', {
      ...applicationFacts(job, confirmed),
      cancelled_by: 'system',
      was_accepted: true,
      was_confirmed: true,
    });
    await publish(h.bus, 'jobs.application.cancelled.v1', {
      ...applicationFacts(job, pending),
      cancelled_by: 'system',
      was_accepted: false,
    });
    const texts = (await textsTo(h.svc.url, restaurant.phone, /Brigade\./, 2)).map((t) => t.body);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Brigade: el turno "Cocinero de línea" del .+ con Sus Pended fue cancelado por Brigade\. El turno está abierto de nuevo:/,
        ),
        expect.stringMatching(
          /^Brigade: la postulación de Pen Ding para "Cocinero de línea" del .+ fue retirada por Brigade\.$/,
        ),
      ]),
    );
    expect(texts.join('\n')).not.toMatch(/canceló su turno|retiró su postulación/);
  });
});
