import { formatDuration, loadPolicy, moneyFacts, moneyText, policyText } from '@brigade/contracts';
import { renderSms, type TemplateContext } from '../src/domain/templates';
import { format, type Format } from '../src/domain/sms-format';
import { TEMPLATES, type TemplateName } from '../src/domain/rules';

// Pure rendering of every text in both languages: what a person reads on their phone.

const full: TemplateContext = {
  url: 'https://brigade.test',
  timeZone: 'America/Chicago',
  job_id: 'job-1',
  application_id: 'app-1',
  job_title: 'Line Cook',
  start_time: '2026-03-06T19:00:00.000Z', // 1:00 PM in Minneapolis
  hourly_rate_cents: 2500,
  amount_cents: 15000,
  chef_name: 'Ana Ruiz',
  restaurant_name: 'Casa Lupita',
  restaurant_address: '123 Main St',
  sender_name: 'Casa Lupita',
  policy: loadPolicy({}),
  late: true,
  was_confirmed: true,
  was_accepted: true,
  chef_pay_cents: 10_000,
  fee_cents: 700,
  refund_cents: 5350,
  total_cents: 16_050,
  refund_due: true,
  deadline: '2026-03-08T19:00:00.000Z', // Sun 2:00 PM in Minneapolis (daylight time from that morning)
  outcome: 'release',
  reason: 'late_cancellation',
  money: moneyFacts({
    reason: 'late_cancellation',
    shift_pay_cents: 15_000,
    total_cents: 16_050,
    chef_pay_cents: 10_000,
    fee_cents: 700,
    refund_cents: 5350,
  }),
};

/** The money facts of each outcome (issue 32), on their way and done. */
const figures = { shift_pay_cents: 15_000, total_cents: 16_050 };
const MONEY = [
  moneyFacts({ reason: null, ...figures, chef_pay_cents: 15_000, fee_cents: 1050, refund_cents: 0 }),
  moneyFacts({
    reason: null,
    disputed: true,
    ...figures,
    chef_pay_cents: 15_000,
    fee_cents: 1050,
    refund_cents: 0,
  }),
  moneyFacts({ reason: 'release', ...figures, chef_pay_cents: 15_000, fee_cents: 1050, refund_cents: 0 }),
  moneyFacts({
    reason: 'release',
    done: true,
    ...figures,
    chef_pay_cents: 15_000,
    fee_cents: 1050,
    refund_cents: 0,
  }),
  moneyFacts({
    reason: 'work_not_completed',
    done: true,
    ...figures,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: 16_050,
  }),
  moneyFacts({
    reason: 'dispute_decision',
    ...figures,
    chef_pay_cents: 12_000,
    fee_cents: 840,
    refund_cents: 3210,
  }),
  moneyFacts({
    reason: 'dispute_decision',
    done: true,
    ...figures,
    chef_pay_cents: 12_000,
    fee_cents: 840,
    refund_cents: 3210,
  }),
  moneyFacts({
    reason: 'job_expired',
    done: true,
    ...figures,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: 16_050,
  }),
];

/** An edit of a 1:00-7:00 PM shift at $25.00/hr to 3:00 PM-1:00 AM at $28.00/hr (issue 35). */
const EDIT = {
  before: {
    start_time: '2026-03-06T19:00:00.000Z',
    end_time: '2026-03-07T01:00:00.000Z',
    hourly_rate_cents: 2500,
    pay_cents: 15_000,
  },
  after: {
    start_time: '2026-03-06T21:00:00.000Z',
    end_time: '2026-03-07T07:00:00.000Z',
    hourly_rate_cents: 2800,
    pay_cents: 28_000,
  },
};

/** Every way a text can read: the variants of the texts that branch on what happened. */
const VARIANTS: TemplateContext[] = [
  full,
  { ...full, late: false, was_confirmed: false },
  { ...full, was_confirmed: false, was_accepted: false },
  { ...full, refund_due: false },
  { ...full, total_cents: null },
  { ...full, outcome: 'refund' },
  { ...full, outcome: 'disputed' },
  { ...full, reason: 'dispute_decision' },
  { ...full, refund_cents: 0 },
  { ...full, cancelled_by: 'system' },
  { ...full, cancelled_by: 'system', was_confirmed: false, was_accepted: false },
  { ...full, cancelled_by: 'chef', late: false },
  { ...full, cancelled_by: 'restaurant' },
  { ...full, outcome: 'refund', refund_due: false, total_cents: null },
  { ...full, chef_name: undefined, restaurant_name: undefined, sender_name: undefined, job_title: undefined },
  // issue 35: the unbooked seats of a posting expired (two of three, one of three with no figure, unpaid)
  { ...full, seats: [2, 3], headcount: 3 },
  { ...full, seats: [3], headcount: 3, refund_cents: undefined },
  { ...full, seats: [2, 3, 4], headcount: 5, refund_due: false },
  // issue 35: an edit (two hours later, a raise) as its booked chef reads it; a declined edit charge the bank asks to confirm
  { ...full, edit: EDIT },
  { ...full, edit: { ...EDIT, after: { ...EDIT.before, hourly_rate_cents: 2800, pay_cents: 16_800 } } },
  { ...full, requires_authentication: true, deadline: undefined },
];
const money = (text: string) => (text.match(/\$\d+\.\d\d/g) ?? []).sort();
const links = (text: string) => (text.match(/https:\/\/\S+/g) ?? []).sort();

test.each(TEMPLATES.flatMap((t) => (['en', 'es'] as const).map((l) => [t, l] as const)))(
  'the %s text in %s reads as a finished sentence with no placeholders left',
  (template, language) => {
    // every event carries the job, application and times; names, rate, amount and address may be unknown
    const minimal = {
      url: full.url,
      timeZone: full.timeZone,
      job_id: 'job-1',
      application_id: 'app-1',
      job_title: 'Prep',
      start_time: full.start_time,
    };
    for (const context of [full, minimal]) {
      const body = renderSms(template, language, context);
      expect(body).toMatch(/^(Brigade|Recordatorio de Brigade)/);
      expect(body).not.toMatch(/undefined|null|NaN|\$\{/);
      expect(body.length).toBeLessThanOrEqual(320);
    }
  },
);

test.each([...TEMPLATES])(
  'parity: the %s text exists in English and Spanish, translated, with the same amounts and links',
  (template: TemplateName) => {
    for (const context of VARIANTS) {
      const en = renderSms(template, 'en', context);
      const es = renderSms(template, 'es', context);
      expect(es).not.toBe(en);
      expect(money(es)).toEqual(money(en));
      expect(links(es)).toEqual(links(en));
      for (const body of [en, es]) {
        expect(body).not.toMatch(/undefined|null|NaN|\$\{|\{\w+\}/);
        expect(body).not.toMatch(/\.\.(\s|$)/); // "1:00 p.m.." : a sentence ends once
        expect(body.length).toBeLessThanOrEqual(320);
      }
    }
  },
);

/** The values a text fills in, as each language writes them (names, title, day and time, durations...). */
const PLACEHOLDERS: Array<keyof Omit<Format, 'usd' | 'money'>> = [
  'when',
  'time',
  'title',
  'chef',
  'restaurant',
  'restaurantMid',
  'chefMid',
  'sender',
  'rate',
  'deadline',
  'window',
  'payHours',
];

/**
 * English words that never belong in a Spanish text (the brand, the people's names, the job's title and the
 * address are taken out before looking).
 */
const ENGLISH = [
  'the',
  'your',
  'you',
  "you've",
  'was',
  'were',
  'has',
  'have',
  'with',
  'and',
  'for',
  'from',
  'please',
  'shift',
  'shifts',
  'paid',
  'pay',
  'payment',
  'refund',
  'refunded',
  'apply',
  'review',
  'check',
  'checkout',
  'rate',
  'cancelled',
  'confirmed',
  'declined',
  'accepted',
  'applied',
  'withdrew',
  'open',
  'again',
  'urgent',
  'reminder',
  'starts',
  'message',
  'new',
  'hours',
  'hour',
  'minutes',
  'days',
  'business',
  'bank',
  'card',
  'way',
  'back',
  'decided',
  'decision',
  'note',
  'page',
  'job',
  "chef's",
  'restaurant',
  'late',
  'before',
  'after',
  'start',
  'PM',
  'AM',
  'Mon',
  'Tue',
  'Wed',
  'Thu',
  'Fri',
  'Sat',
  'Sun',
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const englishWord = new RegExp(`(?<![\\p{L}'])(${ENGLISH.join('|')})(?![\\p{L}'])`, 'u');

function withoutNames(text: string, context: TemplateContext) {
  let rest = text.replace(/https:\/\/\S+/g, ' ').replace(/Brigade/g, ' ');
  for (const value of [
    context.job_title,
    context.chef_name,
    context.restaurant_name,
    context.sender_name,
    context.restaurant_address,
  ])
    if (value) rest = rest.split(value).join(' ');
  return rest;
}

test.each([...TEMPLATES])(
  'parity: the %s text fills in the same values in both languages, each written its own way',
  (template: TemplateName) => {
    // With the names known: unknown ones read "the chef", words the policy's own sentences use too.
    for (const context of VARIANTS.filter((v) => v.chef_name)) {
      const text = { en: renderSms(template, 'en', context), es: renderSms(template, 'es', context) };
      const values = { en: format(context, 'en'), es: format(context, 'es') };
      for (const key of PLACEHOLDERS) {
        if (!values.en[key] || !text.en.includes(values.en[key])) continue;
        expect({ key, text: text.es, has: text.es.includes(values.es[key]) }).toEqual({
          key,
          text: text.es,
          has: true,
        });
      }
    }
  },
);

test.each([...TEMPLATES])('the Spanish %s text has no English left in it', (template: TemplateName) => {
  for (const context of VARIANTS) {
    const es = renderSms(template, 'es', context);
    expect({ text: es, english: withoutNames(es, context).match(englishWord)?.[0] ?? null }).toEqual({
      text: es,
      english: null,
    });
  }
});

test('the English-word check finds English in a text', () => {
  expect(
    withoutNames('Brigade: your shift "Line Cook" starts at 1:00 PM.', full).match(englishWord)?.[0],
  ).toBe('your');
  expect(
    withoutNames('Brigade: tu turno "Line Cook" empieza a la 1:00 p.m.', full).match(englishWord),
  ).toBeNull();
});

test('the texts that cite a rule use the words the screens show, with the configured durations', () => {
  const short = { ...full, policy: loadPolicy({ LATE_CANCEL_WINDOW: '90m', CANCELLATION_PAY_HOURS: '3' }) };
  expect(renderSms('job_cancelled_late', 'en', short)).toBe(
    'Brigade: Casa Lupita cancelled "Line Cook" on Fri, Mar 6, 1:00 PM, less than 90 minutes before the start. Late-cancellation pay: your $100.00 is on its way to you. It is up to 3 hours of pay. Find another shift: https://brigade.test/openings',
  );
  expect(renderSms('job_cancelled_late', 'es', full)).toContain(
    `faltando menos de ${formatDuration(86_400_000, 'es')} para el inicio. Pago por cancelación tardía: tus $100.00 van en camino. Equivale a hasta 4 horas de pago.`,
  );
  const expired = MONEY.find((m) => m.outcome === 'expired')!;
  expect(renderSms('job_expired', 'es', { ...full, money: expired })).toBe(
    `Brigade: el turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m.: ${moneyText('es', 'restaurant', expired)}`,
  );
  expect(renderSms('checkout_deadline_restaurant', 'en', full)).toBe(
    `Brigade: did Ana Ruiz work "Line Cook"? ${policyText('en', 'checkout_deadline', { deadline: 'Sun, Mar 8, 2:00 PM' })} Check out: https://brigade.test/checkout/app-1`,
  );
  const review = MONEY.find((m) => m.outcome === 'under_review')!;
  for (const language of ['en', 'es'] as const)
    for (const side of ['chef', 'restaurant'] as const)
      expect(
        renderSms(`checkout_outcome_${side}`, language, { ...full, outcome: 'disputed', money: review }),
      ).toContain(moneyText(language, side, review));
  expect(renderSms('settlement_restaurant', 'en', full)).toBe(
    'Brigade: "Line Cook" on Fri, Mar 6, 1:00 PM: Late-cancellation pay: the chef gets $100.00, Brigade keeps $7.00, and $53.50 is on its way back to your card.',
  );
});

test('every text that says what the money did says it in the outcome words of the screens, in both languages', () => {
  const money: Array<[TemplateName, 'chef' | 'restaurant']> = [
    ['payout_released', 'chef'],
    ['payout_released_restaurant', 'restaurant'],
    ['payment_refunded', 'chef'],
    ['payment_refunded_restaurant', 'restaurant'],
    ['payment_refunded_review', 'restaurant'],
    ['payment_refunded_expired', 'restaurant'],
    ['settlement_chef', 'chef'],
    ['settlement_restaurant', 'restaurant'],
    ['dispute_resolved_chef', 'chef'],
    ['dispute_resolved_restaurant', 'restaurant'],
    ['checkout_outcome_chef', 'chef'],
    ['checkout_outcome_restaurant', 'restaurant'],
  ];
  for (const facts of MONEY)
    for (const [template, side] of money)
      for (const language of ['en', 'es'] as const)
        expect(renderSms(template, language, { ...full, money: facts })).toContain(
          moneyText(language, side, facts),
        );
});

test('a payout for a job notifications never heard of still reads well', () => {
  expect(
    renderSms('payout_released', 'en', { url: full.url, timeZone: full.timeZone, amount_cents: 9950 }),
  ).toBe("Brigade: you've been paid $99.50 for your shift. It reaches your bank in 2-7 business days.");
  expect(
    renderSms('payout_released', 'es', { url: full.url, timeZone: full.timeZone, amount_cents: 9950 }),
  ).toBe('Brigade: recibiste un pago de $99.50 por tu turno. Llegará a tu banco en 2 a 7 días hábiles.');
});

test('a shift whose title is unknown is named once: never "el turno tu turno" or "your shift your shift"', () => {
  const untitled = { ...full, job_title: undefined };
  expect(renderSms('job_reminder_chef', 'en', untitled)).toBe(
    'Brigade reminder: your shift at Casa Lupita starts at 1:00 PM, 123 Main St.',
  );
  expect(renderSms('job_reminder_chef', 'es', untitled)).toBe(
    'Recordatorio de Brigade: tu turno en Casa Lupita empieza a la 1:00 p.m., 123 Main St.',
  );
  expect(renderSms('application_confirmed', 'es', untitled)).toBe(
    'Brigade: Ana Ruiz confirmó el turno del vie, 6 de mar, 1:00 p.m. Ve tus turnos: https://brigade.test/my-shifts',
  );
  expect(renderSms('application_cancelled', 'en', { ...untitled, late: false })).toBe(
    'Brigade: Ana Ruiz cancelled their confirmed shift on Fri, Mar 6, 1:00 PM. It is open again and announced as urgent: https://brigade.test/jobs/job-1',
  );
  const twice = /\b(turno|turno confirmado) (tu|el|su) turno\b|\bshift (your|the|their) shift\b/;
  for (const template of TEMPLATES)
    for (const context of VARIANTS)
      for (const language of ['en', 'es'] as const) {
        const text = renderSms(template, language, { ...context, job_title: undefined });
        expect({ text, twice: twice.test(text) }).toEqual({ text, twice: false });
      }
});

test('shift times are shown in the restaurant city time, with Spanish grammar for one o’clock', () => {
  expect(renderSms('job_reminder_chef', 'en', full)).toBe(
    'Brigade reminder: your shift "Line Cook" at Casa Lupita starts at 1:00 PM, 123 Main St.',
  );
  expect(renderSms('job_reminder_chef', 'es', full)).toBe(
    'Recordatorio de Brigade: tu turno "Cocinero de línea" en Casa Lupita empieza a la 1:00 p.m., 123 Main St.',
  );
  expect(
    renderSms('job_reminder_restaurant', 'es', { ...full, start_time: '2026-03-06T20:30:00.000Z' }),
  ).toBe('Recordatorio de Brigade: Ana Ruiz empieza el turno "Cocinero de línea" a las 2:30 p.m.');
  expect(renderSms('shift_urgent', 'en', { ...full, timeZone: 'America/Detroit' })).toBe(
    'Brigade: Urgent shift! Casa Lupita needs "Line Cook" on Fri, Mar 6, 2:00 PM, $25.00/hr. Apply: https://brigade.test/jobs/job-1',
  );
});

test('a job’s title is its position in the reader’s language, from the catalog; one off the list is kept as written', () => {
  // Issue 32: a Spanish-speaking cook read "Line Cook" in every text.
  for (const template of TEMPLATES) {
    const es = renderSms(template, 'es', { ...full, job_title: 'Prep Cook', late: false });
    if (!es.includes('"')) continue; // the texts that do not name the shift
    expect({ template, es: es.includes('Prep Cook') }).toEqual({ template, es: false });
  }
  expect(renderSms('application_accepted', 'es', { ...full, job_title: 'Kitchen Help' })).toContain(
    'te aceptó para "Ayudante de cocina"',
  );
  expect(renderSms('application_accepted', 'en', { ...full, job_title: 'Kitchen Help' })).toContain(
    'accepted you for "Kitchen Help"',
  );
  expect(renderSms('application_accepted', 'es', { ...full, job_title: 'Pozole night' })).toContain(
    'te aceptó para "Pozole night"',
  );
});

test('the unbooked seats that expired are named, with their share and the booked chefs who still come', () => {
  const seats = { ...full, seats: [2, 3], headcount: 3, refund_cents: 32_100 };
  expect(renderSms('seats_expired', 'en', seats)).toBe(
    'Brigade: 2 unbooked seats of "Line Cook" on Fri, Mar 6, 1:00 PM expired (seats 2 and 3): nobody booked them before the start. Their share, $321.00, goes back to your card. Your booked chef still comes. See the seats: https://brigade.test/jobs/job-1',
  );
  expect(renderSms('seats_expired', 'es', { ...seats, seats: [2, 3, 4], headcount: 6 })).toBe(
    'Brigade: vencieron 3 puestos sin reservar del turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. (puestos 2, 3 y 4): nadie los reservó antes del inicio. Su parte, $321.00, vuelve a tu tarjeta. Tus 3 chefs reservados vienen igual. Ve los puestos: https://brigade.test/jobs/job-1',
  );
  expect(renderSms('payment_refunded_expired', 'en', { ...full, seats: [2], amount_cents: 16_050 })).toBe(
    'Brigade: "Line Cook" on Fri, Mar 6, 1:00 PM: the unbooked seat 2 expired, so its $160.50 share went back to your card.',
  );
});

test('a direct offer that ended without a booking tells the restaurant why, with the link to offer it again', () => {
  const link = 'https://brigade.test/jobs/job-1';
  expect(renderSms('offer_declined', 'en', full)).toBe(
    `Brigade: Ana Ruiz declined your offer of "Line Cook" on Fri, Mar 6, 1:00 PM. Offer it to another chef: ${link}`,
  );
  expect(renderSms('offer_declined', 'es', full)).toBe(
    `Brigade: Ana Ruiz rechazó tu oferta del turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. Ofrécelo a otro chef: ${link}`,
  );
  expect(renderSms('offer_expired', 'en', full)).toBe(
    `Brigade: Ana Ruiz did not answer your offer of "Line Cook" on Fri, Mar 6, 1:00 PM in time. Offer it to another chef: ${link}`,
  );
  expect(renderSms('offer_expired', 'es', full)).toBe(
    `Brigade: Ana Ruiz no respondió a tiempo tu oferta del turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. Ofrécelo a otro chef: ${link}`,
  );
  expect(renderSms('offer_withdrawn', 'en', full)).toBe(
    `Brigade: your offer of "Line Cook" on Fri, Mar 6, 1:00 PM to Ana Ruiz has ended: they cannot take shifts right now. Offer it to another chef: ${link}`,
  );
  expect(renderSms('offer_withdrawn', 'es', full)).toBe(
    `Brigade: tu oferta del turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. a Ana Ruiz terminó: no puede tomar turnos por ahora. Ofrécelo a otro chef: ${link}`,
  );
});

test('an edit reads old → new for the booked chef, a term that did not change written once', () => {
  const link = 'https://brigade.test/jobs/job-1';
  expect(renderSms('job_edited_chef', 'en', { ...full, edit: EDIT })).toBe(
    `Brigade: Casa Lupita changed "Line Cook": Fri, Mar 6, 1:00 PM–7:00 PM → 3:00 PM–1:00 AM; $25.00/hr → $28.00/hr; your pay $150.00 → $280.00. Keep it or leave with no mark by Sun, Mar 8, 2:00 PM: ${link}`,
  );
  expect(renderSms('job_edited_chef', 'es', { ...full, edit: EDIT })).toBe(
    `Brigade: Casa Lupita cambió el turno "Cocinero de línea": vie, 6 de mar, 1:00 p.m.–7:00 p.m. → 3:00 p.m.–1:00 a.m.; $25.00/hora → $28.00/hora; tu pago $150.00 → $280.00. Quédatelo o déjalo sin marca en tu historial antes del dom, 8 de mar, 2:00 p.m.: ${link}`,
  );
  // the pay alone: the times and the rate once
  const raise = { ...EDIT, after: { ...EDIT.before, pay_cents: 16_000 } };
  expect(renderSms('job_edited_chef', 'en', { ...full, edit: raise })).toContain(
    '"Line Cook": Fri, Mar 6, 1:00 PM–7:00 PM; $25.00/hr; your pay $150.00 → $160.00.',
  );
  // moved to another day: both days written
  const moved = {
    ...EDIT,
    after: { ...EDIT.before, start_time: '2026-03-07T19:00:00.000Z', end_time: '2026-03-08T01:00:00.000Z' },
  };
  expect(renderSms('job_edited_chef', 'es', { ...full, edit: moved })).toContain(
    'vie, 6 de mar, 1:00 p.m.–7:00 p.m. → sáb, 7 de mar, 1:00 p.m.–7:00 p.m.; $25.00/hora; tu pago $150.00.',
  );
});

test('a failed edit charge, a dropped edit, a chef who left and an unpaid occurrence tell the restaurant what happened', () => {
  const link = 'https://brigade.test/jobs/job-1';
  expect(renderSms('edit_charge_failed_restaurant', 'en', { ...full, amount_cents: 1605 })).toBe(
    `Brigade: your change to "Line Cook" on Fri, Mar 6, 1:00 PM was not saved because your card was declined ($16.05). The shift keeps its terms: ${link}`,
  );
  expect(
    renderSms('edit_charge_failed_restaurant', 'en', {
      ...full,
      amount_cents: 1605,
      requires_authentication: true,
    }),
  ).toContain('was not saved because your bank asks you to confirm the payment ($16.05).');
  expect(renderSms('edit_declined_restaurant', 'es', full)).toBe(
    `Brigade: Ana Ruiz dejó el turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. tras tu cambio, sin marca en su historial. El puesto vuelve a estar abierto: ${link}`,
  );
  expect(renderSms('edit_dropped_restaurant', 'en', { ...full, amount_cents: 0 })).toBe(
    `Brigade: your change to "Line Cook" on Fri, Mar 6, 1:00 PM was not made: the shift had closed. See the shift: ${link}`,
  );
  expect(renderSms('occurrence_payment_needed_restaurant', 'es', full)).toBe(
    `Brigade: Pago pendiente: no pudimos cobrar el turno "Cocinero de línea" del vie, 6 de mar, 1:00 p.m. a tu tarjeta guardada ($160.50). Págalo en la app: ${link}`,
  );
});
