import type { Page } from 'playwright-core';
import { eventually } from '@brigade/kit/testing';
import {
  acceptAndConfirm,
  apiCall,
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
import { startStory, type Story } from './story';

// Issue 32 in Chromium against the real product (embedded). A cook on a 375 px phone in Spanish forgot her
// password: "¿Olvidaste tu contraseña?", the code texted to her phone (read from the SMS sandbox's outbox), a new
// password, and she signs in with it. A restaurant on a laptop in English opens a shift starting within 24 hours:
// the booked chef's card with her languages, Message (the shift's thread) and Call (her number). Every step is
// photographed (e2e/screenshots/crew-*.png) and checked with axe, every impact.

let story: Story;
let stack: Api;
const violations: AxeViolation[] = [];
const step = async (page: Page, name: string) => {
  await page.waitForLoadState('domcontentloaded');
  violations.push(...(await checkStep(page, `crew-${name}`)));
};

beforeAll(async () => {
  story = await startStory();
  stack = { call: apiCall(story.brigade.url), url: story.brigade.url };
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
  await page.goto(story.url('/login'));
  await page.getByLabel('Email').fill(restaurant.email);
  await page.getByLabel('Password', { exact: true }).fill(restaurant.password);
  await page.getByRole('button', { name: 'Log In' }).click();
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

test('every step is free of accessibility violations (every impact)', () => {
  expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual(
    [],
  );
});
