import type { Page } from 'playwright-core';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  registerAccount,
  type Account,
  type Api,
  type PostedJob,
} from '../hardening/support/stack';
import { apiOf, eventually, LOG_IN_ES, logIn, onTwoPhones, type Story } from './story';

// Issue 32 in Chromium against the whole product (embedded mode) with Apertium (TRANSLATION_PROVIDER=apertium:
// Debian's local command, with the restaurant glossary around it). A restaurant in English describes itself
// and, from its phone, cancels a shift with a reason; a cook who reads Spanish, on a 375 px phone, reads both
// in Spanish, marked "Traducido del inglés · Ver original", and the original on request. Axe stays at 0.

const REASON = 'Our walk-in broke down, sorry.';
const DESCRIPTION = 'We are a small family restaurant. Wear non-slip shoes and a hat. Park in the lot.';

let story: Story;
let restaurantPage: Page;
let chefPage: Page;
let api: Api;
let restaurant: Account;
let chef: Account;
let restaurantProfileId: string;
let job: PostedJob;

const { step, everyStepAccessible } = onTwoPhones(
  { prefix: 'translated', chefLocale: 'es-ES', env: { TRANSLATION_PROVIDER: 'apertium' } },
  (cast) => ({ story, restaurant: restaurantPage, chef: chefPage } = cast),
);

test('a restaurant writing English describes itself and cancels a shift with a reason', async () => {
  api = apiOf(story);
  [restaurant, chef] = await Promise.all([registerAccount(api, 'restaurant'), registerAccount(api, 'chef')]);
  expectStatus(
    await api.call('PATCH', '/api/profiles/me', { token: chef.token, body: { language_preference: 'es' } }),
    200,
  );
  const saved = expectStatus(
    await api.call('POST', '/api/profiles/restaurant', {
      token: restaurant.token,
      body: {
        name: 'Blue Door Bistro',
        description: DESCRIPTION,
        address: '100 Lake St',
        city: 'Minneapolis',
        cuisineTypes: JSON.stringify(['American']),
      },
    }),
    200,
  );
  restaurantProfileId = saved.body.profile.id;
  expectStatus(
    await api.call('POST', '/api/profiles/chef', {
      token: chef.token,
      body: {
        name: 'Lucía Hernández',
        bio: 'Cocinera de línea.',
        city: 'Minneapolis',
        skills: JSON.stringify(['Line Cook']),
      },
    }),
    200,
  );
  job = await postJob(api, restaurant, 3 * 24 * 3_600_000, 5, 22);
  await payJob(api, restaurant, job);
  await apply(api, chef, job);

  await logIn(story, restaurantPage, restaurant);
  await restaurantPage.goto(story.url(`/jobs/${job.id}`));
  await restaurantPage.getByRole('button', { name: 'Cancel shift' }).click();
  await restaurantPage.getByLabel('Reason (optional, the chef sees it)').fill(REASON);
  await restaurantPage.getByRole('button', { name: 'Cancel the shift' }).click();
  await restaurantPage.getByText(/The shift is cancelled/).waitFor();
  await step(restaurantPage, 'restaurant-cancelled');
}, 60_000);

test('the cook reads the reason and the description in Spanish, marked translated, the original on request', async () => {
  await logIn(story, chefPage, chef, LOG_IN_ES);

  await chefPage.goto(story.url(`/jobs/${job.id}`));
  const reason = chefPage.getByTestId('cancellation-reason');
  await eventually(chefPage, chefPage.getByTestId('cancellation-reason').filter({ hasText: 'cámara fría' }));
  expect(await reason.innerText()).toBe('Nuestra cámara fría se descompuso, perdón.');
  expect(await reason.getAttribute('lang')).toBe('es');
  const mark = chefPage.getByTestId('cancellation-facts').getByTestId('translation-mark');
  expect(await mark.innerText()).toBe('Traducido del inglés · Ver original');
  await step(chefPage, 'chef-reason-es');
  await mark.getByRole('button', { name: 'Ver original' }).click();
  expect(await reason.innerText()).toBe(REASON);

  await chefPage.goto(story.url(`/profile/restaurant/${restaurantProfileId}`));
  const description = chefPage.getByTestId('restaurant-description');
  await eventually(chefPage, description.filter({ hasText: 'zapatos antideslizantes' }));
  expect(await description.innerText()).toContain('Usa zapatos antideslizantes');
  expect(await description.innerText()).toContain('Estaciónate en el estacionamiento.');
  expect(await chefPage.getByTestId('translation-mark').innerText()).toBe(
    'Traducido del inglés · Ver original',
  );
  // nothing cut off or scrolling sideways at 375 px
  expect(await chefPage.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await step(chefPage, 'chef-description-es');
}, 60_000);

everyStepAccessible();
