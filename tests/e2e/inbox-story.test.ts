import type { Page } from 'playwright-core';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  type Account,
  type Api,
} from '../hardening/support/stack';
import { eventually as until } from '@brigade/kit/testing';
import { apiOf, eventually, LOG_IN_ES, logIn, onTwoPhones, type Story } from './story';

// Issue 40 in Chromium against the whole product (embedded mode), on a 375 px phone in Spanish. A restaurant
// posts a shift (the chef is alerted) and picks another cook for it; the chef's bell says two are unread; the inbox shows it in Spanish
// with its kind and opens its page, which marks it read; Settings > Notificaciones shows the kinds by channel,
// and one switch is saved alone. Each step is photographed (tests/e2e/screenshots/inbox-*.png) and checked
// with axe.

let story: Story;
let chefPage: Page;
let api: Api;
let restaurant: Account;
let chef: Account;

const { step, everyStepAccessible } = onTwoPhones(
  { prefix: 'inbox', chefLocale: 'es-ES' },
  (cast) => ({ story, chef: chefPage } = cast),
);

test('the bell counts what is unread, and the inbox shows it in Spanish and opens its page', async () => {
  api = apiOf(story);
  [restaurant, chef] = await Promise.all([
    signUp(api, 'restaurant'),
    signUp(api, 'chef', { payouts: false }),
  ]);
  expectStatus(
    await api.call('PATCH', '/api/profiles/me', { token: chef.token, body: { language_preference: 'es' } }),
    200,
  );
  const job = await postJob(api, restaurant);
  await payJob(api, restaurant, job);
  const applicationId = await apply(api, chef, job);
  // The restaurant picks another cook: the chef is told (a booking change).
  await until(async () =>
    expectStatus(
      await api.call('PATCH', `/api/applications/${applicationId}`, {
        token: restaurant.token,
        body: { status: 'rejected' },
      }),
      200,
    ),
  );

  await logIn(story, chefPage, chef, LOG_IN_ES);
  await chefPage.getByRole('navigation').first().waitFor();
  // The new shift was announced to the chef (a shift alert), then the application was declined.
  const bell = chefPage.getByRole('link', { name: '2 notificaciones sin leer' });
  await eventually(chefPage, bell, 30_000);
  expect(await bell.textContent()).toBe('2');
  await step(chefPage, '01-bell-es');

  await bell.click();
  await chefPage.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
  const entry = chefPage.getByTestId('inbox-entry').first();
  await entry.waitFor();
  expect(await entry.getAttribute('class')).toBe('inbox-entry inbox-unread');
  expect(await entry.locator('.inbox-type').textContent()).toBe('Cambios de reservas');
  expect(await entry.locator('.inbox-text').textContent()).toMatch(
    /^Tu postulación para .+ no fue aceptada esta vez\. Mira otros turnos\.$/,
  );
  await step(chefPage, '02-inbox-es');

  await entry.getByRole('link').click();
  await chefPage.waitForURL('**/openings');
  // Opened: read, and the bell says so at once.
  await chefPage.getByRole('link', { name: '1 notificación sin leer' }).waitFor();
  await chefPage.goBack();
  await chefPage.getByText('1 sin leer').waitFor();
  await chefPage.getByRole('link', { name: '1 notificación sin leer' }).waitFor();
  expect(await chefPage.getByTestId('inbox-entry').first().getAttribute('class')).toBe('inbox-entry');

  // Settings: the kinds by channel, in Spanish; one switch is saved alone.
  await chefPage.goto(story.url('/settings'));
  await chefPage.getByRole('tab', { name: 'Notificaciones' }).click();
  const table = chefPage.getByRole('table');
  await table.waitFor();
  expect(await table.getByRole('rowheader').allTextContents()).toEqual([
    'Ofertas y alertas de turnos',
    'Cambios de reservas',
    'Recordatorios',
    'Dinero',
    'Mensajes',
    'Disputas y decisiones',
    'Cuenta',
  ]);
  expect(await chefPage.getByTestId('email-unverified').count()).toBe(1);
  const messagesByText = chefPage.getByRole('checkbox', { name: 'Mensajes por Texto' });
  expect(await messagesByText.isChecked()).toBe(true);
  await messagesByText.uncheck();
  await chefPage.getByText('Notificaciones guardadas').waitFor();
  await step(chefPage, '03-channels-es');
  const saved = expectStatus(
    await api.call('GET', '/api/notifications/preferences', { token: chef.token }),
    200,
  );
  expect(saved.body.channels.messages).toEqual({ sms: false, push: true, email: false });
  expect(saved.body.channels.money).toEqual({ sms: false, push: true, email: true });
});

everyStepAccessible();
