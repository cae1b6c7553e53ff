import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, publish, textsTo, tipOnPostedShift, useNotifications } from './harness';

// Issue 38's texts: a tip. The chef hears the restaurant's tip reached them (in their language, once); the
// restaurant hears its card did not pay a tip, with the card's words and the shift's link, once per attempt.

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

/** A restaurant and a chef (in `chefLanguage`), a shift of the restaurant's, and a tip's facts for the chef on it. */
async function postedShift(restaurantName: string, chefLanguage: 'en' | 'es') {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: restaurantName });
  const chef = await createUser(h.bus, h.database, {
    type: 'chef',
    name: 'Ana Ruiz',
    language: chefLanguage,
  });
  return { restaurant, chef, ...(await tipOnPostedShift(h, chef, restaurant)) };
}

test('a tip paid: the chef is texted once, in English or Spanish', async () => {
  const en = await postedShift('Blue Door', 'en');
  const paid = { ...en.facts, transfer_id: `tr_${randomUUID().slice(0, 8)}` };
  const id = await publish(h.bus, 'payments.tip.paid.v1', paid);
  await publish(h.bus, 'payments.tip.paid.v1', paid, id);
  await publish(h.bus, 'payments.tip.paid.v1', paid);
  await handled('tip-paid', 2);
  const texts = await textsTo(h.svc.url, en.chef.phone, /tipped you/);
  expect(texts).toHaveLength(1);
  expect(texts[0].body).toMatch(
    /^Brigade: Blue Door tipped you \$20\.00 for "Line Cook" on .+\. It is on its way to your bank, no fee: https:\/\/brigade\.test\/earnings$/,
  );

  const es = await postedShift('Casa Verde', 'es');
  await publish(h.bus, 'payments.tip.paid.v1', { ...es.facts, transfer_id: 'tr_es' });
  await handled('tip-paid', 3);
  const [spanish] = await textsTo(h.svc.url, es.chef.phone, /te dio una propina/);
  expect(spanish.body).toContain('Casa Verde te dio una propina de $20.00 por');
  expect(spanish.body).toContain('sin tarifa');
});

test("a tip's card declined: the restaurant reads the card's words and the shift's link; the chef nothing", async () => {
  const s = await postedShift('Night Owl', 'en');
  const failed = {
    ...s.facts,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    attempt: 1,
  };
  const id = await publish(h.bus, 'payments.tip.failed.v1', failed);
  await publish(h.bus, 'payments.tip.failed.v1', failed, id);
  await publish(h.bus, 'payments.tip.failed.v1', failed);
  await handled('tip-failed', 2);
  const texts = await textsTo(h.svc.url, s.restaurant.phone, /for your tip/);
  expect(texts).toHaveLength(1);
  expect(texts[0].body).toMatch(
    new RegExp(
      `^Brigade: we could not charge your card \\$20\\.00 for your tip to Ana Ruiz for "Line Cook" on .+ \\(Your card was declined\\.\\)\\. Nothing was sent\\. Try again from the shift: https://brigade\\.test/jobs/${s.job.id}$`,
    ),
  );
  // a second attempt that fails is its own text
  await publish(h.bus, 'payments.tip.failed.v1', { ...failed, attempt: 2 });
  await handled('tip-failed', 3);
  expect(await textsTo(h.svc.url, s.restaurant.phone, /for your tip/, 2)).toHaveLength(2);
  expect(await textsTo(h.svc.url, s.chef.phone, /tip/, 0)).toHaveLength(0);
});
