import type { Page } from 'playwright-core';
import { eventually } from '@brigade/kit/testing';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  payJob,
  postJob,
  registerAccount,
  signUp,
  type Account,
  type Api,
} from '../hardening/support/stack';
import { checkStep, DESKTOP, type AxeViolation } from './browser';
import {
  apiOf,
  eventually as reloadUntil,
  LOG_IN_ES,
  logIn,
  shiftTimes,
  startStory,
  type Story,
} from './story';

// Issue 32 in Chromium against the real product (embedded). A cook on a 375 px phone in Spanish forgot her
// password: "¿Olvidaste tu contraseña?", the code texted to her phone (read from the SMS sandbox's outbox), a new
// password, and she signs in with it. A restaurant on a laptop in English opens a shift starting within 24 hours:
// the booked chef's card with her languages, Message (the shift's thread) and Call (her number). Every step is
// photographed (tests/e2e/screenshots/crew-*.png) and checked with axe, every impact.
// Issue 35 on phones: a restaurant saves a shift as a template and posts from it (the cost shown is the
// server's), offers its paid shift to a favorite chef from the roster, and the chef, in Spanish, accepts the
// offer on her dashboard and finds the shift among hers.

let story: Story;
let stack: Api;
const violations: AxeViolation[] = [];
const step = async (page: Page, name: string) => {
  await page.waitForLoadState('domcontentloaded');
  violations.push(...(await checkStep(page, `crew-${name}`)));
};

beforeAll(async () => {
  story = await startStory();
  stack = apiOf(story);
}, 120_000);
afterAll(async () => {
  await story?.stop();
});

/** The 6-digit code of the newest text to a phone once there are more than `before` of them. */
async function newCode(phone: string, before: number): Promise<string> {
  return eventually(async () => {
    const texts = await textsTo(phone);
    if (texts.length <= before) throw new Error('no new text yet');
    return /(\d{6})/.exec(texts[0].body)![1];
  }, 15_000);
}
async function textsTo(phone: string): Promise<{ body: string }[]> {
  const sms = await stack.call('GET', '/api/dev/sms');
  return sms.body.messages.filter((m: { to: string }) => m.to === `+1${phone}`);
}

test('a cook in Spanish at 375 px gets back in: code by SMS, a new password, signed in', async () => {
  const cook = await registerAccount(stack, 'chef');
  const page = await story.person('chef', 'es-ES');
  await page.goto(story.url('/login'));
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByRole('heading', { name: 'Restablece tu contraseña' }).waitFor();
  expect(await page.getByRole('radio', { name: 'Número de teléfono' }).isChecked()).toBe(true);
  await page.locator('input[type=tel]').fill(cook.phone);
  await step(page, 'forgot');
  const before = (await textsTo(cook.phone)).length;
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByRole('heading', { name: 'Crea una nueva contraseña' }).waitFor();
  await page.getByLabel('Código del mensaje de texto').fill(await newCode(cook.phone, before));
  await page.getByLabel('Nueva contraseña').fill('cocina-nueva-2026');
  await page.getByLabel('Confirmar contraseña').fill('cocina-nueva-2026');
  await step(page, 'reset');
  await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Tu contraseña cambió. Inicia sesión con tu nueva contraseña.').waitFor();
  await step(page, 'reset-done');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(375);

  await page.getByLabel('Correo electrónico').fill(cook.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('cocina-nueva-2026');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The old password is refused now.
  const old = await stack.call('POST', '/api/auth/signin', {
    body: { email: cook.email, password: cook.password },
  });
  expect(old.status).toBe(401);
}, 60_000);

test('a restaurant at 1280 px sees who is coming within 24 h: photo, languages, Message and Call', async () => {
  const restaurant: Account = await signUp(stack, 'restaurant');
  const chef: Account = await signUp(stack, 'chef');
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', {
      token: chef.token,
      body: { name: 'Lucía Gómez', languages: JSON.stringify(['es', 'en']) },
    }),
    200,
  );
  const job = await postJob(stack, restaurant, 3 * 3_600_000, 4, 22);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);

  const page = await story.person('restaurant', 'en-US', DESKTOP);
  await logIn(story, page, restaurant);
  await page.waitForURL('**/dashboard/**');
  await page.goto(story.url(`/jobs/${job.id}`));
  const card = page.getByRole('region', { name: 'Your chef for this shift' });
  await card.waitFor();
  await card.getByText('Spanish, English').waitFor();
  const call = card.getByRole('link', { name: /^Call .* \(Lucía Gómez\)$/ });
  expect(await call.getAttribute('href')).toBe(`tel:+1${chef.phone}`);
  const message = card.getByRole('link', { name: 'Message Lucía Gómez' });
  expect(await message.getAttribute('href')).toBe(`/messages?job=${job.id}&chef=${chef.id}`);
  await step(page, 'booked-chef');

  await page.goto(story.url('/my-shifts'));
  const row = page.getByTestId('booked-chef');
  await row.getByRole('link', { name: /^Call .* \(Lucía Gómez\)$/ }).waitFor();
  await step(page, 'my-shifts');
  await row.getByRole('link', { name: 'Message Lucía Gómez' }).click();
  await page.waitForURL(`**/messages?job=${job.id}&chef=${chef.id}`);
}, 60_000);

/** Dollars as the page writes them in its language (the browser's own number formats). */
const dollars = (page: Page, cents: number[], locale: string) =>
  page.evaluate(
    ({ cents, locale }) =>
      cents.map((c) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(c / 100)),
    { cents, locale },
  );
const scrollWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth');

test('on phones: a template fills Post Shift, the roster offers the shift, the chef accepts in Spanish', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  // The chef first: jobs hears of her profile and payouts while the restaurant works on its template.
  const chef = await signUp(stack, 'chef');
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', { token: chef.token, body: { name: 'Marta Ruiz' } }),
    200,
  );
  expectStatus(
    await stack.call('PATCH', '/api/profiles/me', { token: chef.token, body: { language_preference: 'es' } }),
    200,
  );

  // 1. Post Shift at 375 px: a shift saved as a template, then a fresh form filled from it.
  const page = await story.person('restaurant', 'en-US');
  await logIn(story, page, restaurant);
  await page.goto(story.url('/jobs/post'));
  await page.getByRole('heading', { name: 'Post Shift' }).waitFor();
  const times = await shiftTimes(page, 3 * 3_600_000, 4);
  const [start, end] = [times.start.slice(0, 16), times.end.slice(0, 16)];
  await page.getByLabel('Position').selectOption('Line Cook');
  await page.getByLabel('Start', { exact: true }).fill(times.start);
  await page.getByLabel('End', { exact: true }).fill(times.end);
  await page.getByLabel('Hourly rate ($)').fill('23.50');
  await page.getByLabel('Unpaid break (minutes)').fill('30');
  await page.getByRole('button', { name: 'Save as template' }).click();
  await page.getByLabel('Template name').fill('Friday dinner');
  await step(page, 'template-name');
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Template "Friday dinner" saved.').waitFor();
  await step(page, 'template-saved');

  await page.goto(story.url('/jobs/post'));
  await page.getByRole('heading', { name: 'Post Shift' }).waitFor();
  // The option is the template's name and times of day; selectOption waits for the list to load.
  await page
    .getByLabel('Use a template')
    .selectOption({ label: `Friday dinner (${start.slice(11)}–${end.slice(11)})` });
  const cost = page.getByRole('region', { name: 'Shift cost' });
  await cost.getByRole('definition').first().waitFor();
  const position = page.getByLabel('Position');
  expect(
    await position.evaluate((s: { selectedOptions: { text: string }[] }) => s.selectedOptions[0].text),
  ).toBe('Line Cook');
  expect(await page.getByLabel('Start', { exact: true }).inputValue()).toBe(start);
  expect(await page.getByLabel('End', { exact: true }).inputValue()).toBe(end);
  expect(await page.getByLabel('Hourly rate ($)').inputValue()).toBe('23.5');
  expect(await page.getByLabel('Unpaid break (minutes)').inputValue()).toBe('30');
  await step(page, 'template-used');
  expect(await scrollWidth(page)).toBe(375);

  // The same shift posted to the server: its subtotal, fee and total are the ones the page showed.
  const iso = await page.evaluate(
    ([s, e]) => [new Date(s).toISOString(), new Date(e).toISOString()],
    [start, end],
  );
  const posted = expectStatus(
    await stack.call('POST', '/api/jobs', {
      token: restaurant.token,
      body: {
        title: 'Line Cook',
        startTime: iso[0],
        endTime: iso[1],
        hourlyRate: 23.5,
        breakMinutes: 30,
        emergencyLevel: 'normal',
      },
    }),
    201,
  ).body.job;
  const shown = await cost.getByRole('definition').allInnerTexts();
  expect(shown.slice(1)).toEqual(
    await dollars(page, [posted.subtotal_cents, posted.fee_cents, posted.total_cents], 'en-US'),
  );

  // 2. Paid (as the browser pays, in the sandbox), the shift is offered to a favorite from the roster.
  await payJob(stack, restaurant, {
    id: posted.id,
    totalCents: posted.total_cents,
    start: new Date(iso[0]),
    end: new Date(iso[1]),
  });
  // Favorites take the chef once jobs has her profile.
  await eventually(async () => {
    const added = await stack.call('POST', `/api/favorites/chef/${chef.profileId}`, {
      token: restaurant.token,
    });
    if (added.status !== 201 && added.status !== 200) throw new Error(`favorite ${added.status}`);
  });
  await page.goto(story.url('/dashboard/restaurant'));
  const roster = page.getByRole('region', { name: 'Your Favorite Chefs' });
  const offerButton = roster.getByRole('button', { name: 'Offer a shift to Marta Ruiz' });
  await reloadUntil(page, offerButton);
  await step(page, 'roster');
  await offerButton.click();
  const offerForm = roster.getByRole('form', { name: 'Offer a shift to Marta Ruiz' });
  // Her one open shift, its day and time read in full at 375 px (radios wrap where a select would cut).
  const shifts = offerForm.getByRole('group', { name: 'Which shift' }).getByRole('radio');
  await shifts.first().check();
  expect(await shifts.count()).toBe(1);
  expect(await offerForm.getByRole('radio', { name: /^Line Cook · .+ [AP]M / }).isChecked()).toBe(true);
  await step(page, 'offer-choose');
  await offerForm.getByRole('button', { name: 'Send offer' }).click();
  await roster
    .getByRole('status')
    .filter({ hasText: /^Offered to Marta Ruiz: Line Cook · .*We texted them\.$/ })
    .waitFor();
  await step(page, 'offer-sent');
  expect(await scrollWidth(page)).toBe(375);

  // 3. The chef, in Spanish on her phone: the offer with her pay, Accept, and the shift is hers.
  const phone = await story.person('chef', 'es-ES');
  await logIn(story, phone, chef, LOG_IN_ES);
  await phone.goto(story.url('/dashboard/chef'));
  const offers = phone.getByRole('region', { name: 'Turnos que te ofrecen' });
  await reloadUntil(phone, offers);
  const [pay] = await dollars(phone, [posted.subtotal_cents], 'es-US');
  await offers.getByText(`Ganas ${pay}`).waitFor();
  await offers.getByText(/^Cocinero de línea en /).waitFor();
  await step(phone, 'offer-card');
  expect(await scrollWidth(phone)).toBe(375);
  await offers.getByRole('button', { name: 'Aceptar el turno de Cocinero de línea' }).click();
  await offers.waitFor({ state: 'detached' });
  const upcoming = phone.getByRole('region', { name: 'Próximos turnos', exact: true });
  await upcoming.getByText('Cocinero de línea').waitFor();
  // Confirmed at once: no "waiting for your confirmation".
  expect(await upcoming.getByText('esperando tu confirmación').count()).toBe(0);
  await step(phone, 'offer-accepted');
  const job = await stack.call('GET', `/api/jobs/${posted.id}`, { token: restaurant.token });
  expect(job.body.job.status).toBe('filled');
}, 120_000);

test('every step is free of accessibility violations (every impact)', () => {
  expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual(
    [],
  );
});
