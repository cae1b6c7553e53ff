import { formatDuration, loadPolicy, policyText } from '@brigade/contracts';
import { renderSms, type TemplateContext } from '../src/domain/templates';
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
        expect(body.length).toBeLessThanOrEqual(320);
      }
    }
  },
);

test('the texts that cite a rule use the words the screens show, with the configured durations', () => {
  const short = { ...full, policy: loadPolicy({ LATE_CANCEL_WINDOW: '90m', CANCELLATION_PAY_HOURS: '3' }) };
  expect(renderSms('job_cancelled_late', 'en', short)).toBe(
    'Brigade: Casa Lupita cancelled "Line Cook" on Fri, Mar 6, 1:00 PM, less than 90 minutes before the start. As a late cancellation you will be paid $100.00 (up to 3 hours of pay). Find another shift: https://brigade.test/openings',
  );
  expect(renderSms('job_cancelled_late', 'es', full)).toContain(
    `faltando menos de ${formatDuration(86_400_000, 'es')} para el inicio. Por ser una cancelación tardía recibirás $100.00 (hasta 4 horas de pago)`,
  );
  expect(renderSms('job_expired', 'es', full)).toBe(
    `Brigade: el turno "Line Cook" del vie, 6 de mar, 1:00 p.m. venció. ${policyText('es', 'expired', { refund: '$160.50' })}`,
  );
  expect(renderSms('checkout_deadline_restaurant', 'en', full)).toBe(
    `Brigade: did Ana Ruiz work "Line Cook"? ${policyText('en', 'checkout_deadline', { deadline: 'Sun, Mar 8, 2:00 PM' })} Check out: https://brigade.test/checkout/app-1`,
  );
  for (const language of ['en', 'es'] as const)
    for (const side of ['checkout_outcome_chef', 'checkout_outcome_restaurant'] as const)
      expect(renderSms(side, language, { ...full, outcome: 'disputed' })).toContain(
        policyText(language, 'under_review'),
      );
  expect(renderSms('settlement_restaurant', 'en', full)).toBe(
    'Brigade: $53.50 of your payment for "Line Cook" is on its way back to your card. For the late cancellation, the chef was paid $100.00 and Brigade kept $7.00.',
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

test('shift times are shown in the restaurant city time, with Spanish grammar for one o’clock', () => {
  expect(renderSms('job_reminder_chef', 'en', full)).toBe(
    'Brigade reminder: your shift "Line Cook" at Casa Lupita starts at 1:00 PM, 123 Main St.',
  );
  expect(renderSms('job_reminder_chef', 'es', full)).toBe(
    'Recordatorio de Brigade: tu turno "Line Cook" en Casa Lupita empieza a la 1:00 p.m., 123 Main St.',
  );
  expect(
    renderSms('job_reminder_restaurant', 'es', { ...full, start_time: '2026-03-06T20:30:00.000Z' }),
  ).toBe('Recordatorio de Brigade: Ana Ruiz empieza el turno "Line Cook" a las 2:30 p.m.');
  expect(renderSms('shift_urgent', 'en', { ...full, timeZone: 'America/Detroit' })).toBe(
    'Brigade: Urgent shift! Casa Lupita needs "Line Cook" on Fri, Mar 6, 2:00 PM, $25.00/hr. Apply: https://brigade.test/jobs/job-1',
  );
});
