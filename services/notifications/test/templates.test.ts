import { renderSms, type TemplateContext } from '../src/domain/templates';
import { TEMPLATES } from '../src/domain/rules';

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
};

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
