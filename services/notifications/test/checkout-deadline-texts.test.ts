import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import {
  applicationFacts,
  createUser,
  HOUR,
  MINUTE,
  newJob,
  outbox,
  publish,
  reminderRows,
  smsRows,
  textsTo,
  useNotifications,
} from './harness';

// The checkout deadline (issue 16): a reminder to each side that has not answered at each CHECKOUT_REMINDERS lead
// before the deadline (CHECKOUT_DEADLINE after the shift's end), dropped once that side answers or the checkout
// closes, and the outcome at the deadline texted to both sides. Shortened here by the environment: the deadline
// 6 hours after the end, reminders 3 hours and 30 minutes before it (the defaults, 48h with 24h and 2h, are
// exercised with two scheduler instances in scheduler-instances.test.ts).

const h = useNotifications({ env: { CHECKOUT_DEADLINE: '6h', CHECKOUT_REMINDERS: '30m,3h' } });
const DEADLINE = 6 * HOUR;

async function confirmedShift(names: { restaurant: string; chef: string; chefLanguage?: 'en' | 'es' }) {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: names.restaurant });
  const chef = await createUser(h.bus, h.database, {
    type: 'chef',
    name: names.chef,
    language: names.chefLanguage,
  });
  const job = newJob(restaurant, h.clock, 'Line Cook', 2, 4);
  const facts = applicationFacts(job, chef);
  await publish(h.bus, 'jobs.application.confirmed.v1', facts);
  await eventually(async () =>
    expect(
      (await reminderRows(h.database, job.id)).filter((r) => r.kind === 'checkout_deadline'),
    ).toHaveLength(4),
  );
  return { restaurant, chef, job, facts, deadline: job.end.getTime() + DEADLINE };
}

type Shift = Awaited<ReturnType<typeof confirmedShift>>;

const checkout = (s: Shift, side: 'chef' | 'restaurant', workCompleted = true) =>
  publish(h.bus, 'jobs.checkout.recorded.v1', {
    ...s.facts,
    side,
    rating: 4,
    work_completed: workCompleted,
    feedback: null,
    ratee_id: side === 'chef' ? s.restaurant.id : s.chef.id,
    ratee_type: side === 'chef' ? 'restaurant' : 'chef',
  });

const deadlineTexts = async (phone: string) =>
  (await outbox(h.svc.url, phone)).filter((m) => /answers are due|respuestas de salida vencen/.test(m.body));

/** Move the clock once no text is being sent (a jump past the 2-minute send lease would send it again). */
async function moveTo(at: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.sms where status = 'sending'`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
  h.clock.set(new Date(at));
  await h.svc.handle.scheduler.tick();
}

test('each side that has not answered is reminded at each lead before the deadline, and no more once it answers', async () => {
  const s = await confirmedShift({ restaurant: 'Deadline Diner', chef: 'Dana Due', chefLanguage: 'es' });
  const due = await reminderRows(h.database, s.job.id);
  expect(due.filter((r) => r.kind === 'checkout_deadline').map((r) => new Date(r.due_at).getTime())).toEqual(
    expect.arrayContaining([s.deadline - 3 * HOUR, s.deadline - 30 * MINUTE]),
  );

  await moveTo(s.deadline - 3 * HOUR - MINUTE);
  expect(await deadlineTexts(s.restaurant.phone)).toEqual([]);
  await moveTo(s.deadline - 3 * HOUR + MINUTE);
  const [toRestaurant] = await textsTo(h.svc.url, s.restaurant.phone, /answers are due/);
  expect(toRestaurant.body).toMatch(
    new RegExp(
      `^Brigade: did Dana Due work "Line Cook"\\? Checkout answers are due by .+\\. After that, the answer given stands, and a shift nobody answered is paid out to the chef\\. Check out: https://brigade\\.test/checkout/${s.facts.application_id}$`,
    ),
  );
  const deadlineShown = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(s.deadline));
  expect(toRestaurant.body).toContain(`due by ${deadlineShown}.`);
  const [toChef] = await textsTo(h.svc.url, s.chef.phone, /respuestas de salida vencen/);
  expect(toChef.body).toMatch(
    /^Brigade: ¿trabajaste el turno "Cocinero de línea" en Deadline Diner\? Las respuestas de salida vencen el .+\. Después, cuenta la respuesta que ya se dio, y si nadie responde, te pagamos el turno\. Registra la salida: https:\/\/brigade\.test\/checkout\//,
  );

  // the restaurant answers: its last reminder is dropped; the chef, still silent, is reminded again
  await checkout(s, 'restaurant');
  await eventually(async () =>
    expect(
      (await reminderRows(h.database, s.job.id)).filter(
        (r) => r.recipient_id === s.restaurant.id && r.kind === 'checkout_deadline' && r.status === 'pending',
      ),
    ).toEqual([]),
  );
  await moveTo(s.deadline - 30 * MINUTE + MINUTE);
  await textsTo(h.svc.url, s.chef.phone, /respuestas de salida vencen/, 2);
  await moveTo(s.deadline - MINUTE);
  expect(await deadlineTexts(s.chef.phone)).toHaveLength(2);
  expect(await deadlineTexts(s.restaurant.phone)).toHaveLength(1);
});

test('a side with rating reminders off is not reminded of the deadline; the other side still is', async () => {
  const s = await confirmedShift({ restaurant: 'Muted Mesa', chef: 'Rob Reminded' });
  await h.setPreferences(s.restaurant, { rating_reminders: false });
  await moveTo(s.deadline - 3 * HOUR + MINUTE);
  await textsTo(
    h.svc.url,
    s.chef.phone,
    /^Brigade: did you work "Line Cook" at Muted Mesa\? Checkout answers are due by/,
  );
  await eventually(async () =>
    expect(
      (await smsRows(h.database, s.restaurant.id)).find((r) => r.template === 'checkout_deadline_restaurant'),
    ).toEqual(
      expect.objectContaining({ status: 'suppressed', suppress_reason: 'preference:rating_reminders' }),
    ),
  );
  expect(await deadlineTexts(s.restaurant.phone)).toEqual([]);
});

describe('the outcome at the deadline is texted to both sides, and no reminder follows it', () => {
  test('nobody answered: the shift is paid out to the chef', async () => {
    const s = await confirmedShift({ restaurant: 'Silent Skillet', chef: 'Pat Paid' });
    await moveTo(s.deadline - 3 * HOUR + MINUTE);
    await textsTo(h.svc.url, s.chef.phone, /answers are due/);
    await publish(h.bus, 'jobs.checkout.deadline_passed.v1', {
      ...s.facts,
      outcome: 'release',
      restaurant_work_completed: null,
      chef_work_completed: null,
      subtotal_cents: 10_000,
      fee_cents: 700,
      total_cents: 10_700,
    });
    const [chefText] = await textsTo(h.svc.url, s.chef.phone, /deadline for/);
    expect(chefText.body).toBe(
      'Brigade: the checkout deadline for "Line Cook" has passed. Paid in full: your $100.00 is on its way to you.',
    );
    const [restaurantText] = await textsTo(h.svc.url, s.restaurant.phone, /deadline for/);
    expect(restaurantText.body).toBe(
      'Brigade: the checkout deadline for "Line Cook" has passed. Paid in full: $100.00 is on its way to the chef, and Brigade keeps the $7.00 booking fee.',
    );
    await eventually(async () =>
      expect(
        (await reminderRows(h.database, s.job.id)).filter(
          (r) => r.kind === 'checkout_deadline' && r.status === 'pending',
        ),
      ).toEqual([]),
    );
    await moveTo(s.deadline - 30 * MINUTE + MINUTE);
    expect(await deadlineTexts(s.chef.phone)).toHaveLength(1);
    expect(await deadlineTexts(s.restaurant.phone)).toHaveLength(1);
  });

  test('only the chef answered, "did not work": the restaurant is refunded, in Spanish for the chef', async () => {
    const s = await confirmedShift({ restaurant: 'Refund Room', chef: 'Nico No', chefLanguage: 'es' });
    await checkout(s, 'chef', false);
    await publish(h.bus, 'jobs.checkout.deadline_passed.v1', {
      ...s.facts,
      outcome: 'refund',
      restaurant_work_completed: null,
      chef_work_completed: false,
      subtotal_cents: 10_000,
      fee_cents: 700,
      total_cents: 10_700,
    });
    await textsTo(
      h.svc.url,
      s.chef.phone,
      /^Brigade: venció el plazo para registrar la salida de "Cocinero de línea"\. Reembolsado: los \$107\.00 vuelven completos al restaurante, así que este turno no te paga nada\.$/,
    );
    await textsTo(
      h.svc.url,
      s.restaurant.phone,
      /^Brigade: the checkout deadline for "Line Cook" has passed\. Refunded: the whole \$107\.00 is on its way back to your card\.$/,
    );
  });

  test('the answers disagree: both sides read that the shift is under review', async () => {
    const s = await confirmedShift({
      restaurant: 'Split Decision',
      chef: 'Dora Dispute',
      chefLanguage: 'es',
    });
    await checkout(s, 'chef', true);
    await checkout(s, 'restaurant', false);
    await publish(h.bus, 'jobs.checkout.completed.v1', {
      ...s.facts,
      outcome: 'disputed',
      restaurant_work_completed: false,
      chef_work_completed: true,
      chef_rating: 4,
      restaurant_rating: 4,
      subtotal_cents: 10_000,
      fee_cents: 700,
      total_cents: 10_700,
    });
    await textsTo(
      h.svc.url,
      s.restaurant.phone,
      /^Brigade: "Line Cook" on .+: Under review: the two checkouts disagree, so your \$107\.00 stays held until a Brigade operator decides\.$/,
    );
    await textsTo(
      h.svc.url,
      s.chef.phone,
      /^Brigade: el turno "Cocinero de línea" del .+: En revisión: las dos respuestas de salida no coinciden, así que el pago del turno de \$100\.00 sigue retenido hasta que decida un operador de Brigade\.$/,
    );
    // the checkout is closed: no rating or deadline reminder is left for either side
    await eventually(async () =>
      expect(
        (await reminderRows(h.database, s.job.id)).filter(
          (r) => r.status === 'pending' && r.kind !== 'job_reminder',
        ),
      ).toEqual([]),
    );
  });
});
