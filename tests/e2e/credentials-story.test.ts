import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { credentialTimeZone, localDate } from '@brigade/contracts';
import { signUp, type Account, type Api } from '../hardening/support/stack';
import { checkScreen, DESKTOP, type AxeViolation } from './browser';
import { apiOf, eventually, logIn, onTwoPhones, type Story } from './story';

// Issue 39 in Chromium against the whole product (embedded mode). A chef on a 375 px phone opens Credentials from
// the account menu and adds a photo of their food handler card (the file picker a phone's camera fills), with
// its number and expiry date: it waits for review. An operator, signed in on a desktop, opens the console's
// Credentials queue, sees the photo through its signed URL, and verifies it. The chef then reads "Verified",
// and the restaurant, on its phone, sees the badge on the chef's profile. Every step is photographed
// (tests/e2e/screenshots/credentials-*.png) and checked with axe.

const OPERATOR = { email: 'ops@brigade.test', password: 'operator-password-1' };
/** A 1x1 PNG: what a phone's camera hands over, as far as the server can tell (its type read from its bytes). */
const CARD_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const files = mkdtempSync(path.join(tmpdir(), 'brigade-story-credentials-'));

let story: Story;
let restaurantPage: Page;
let chefPage: Page;
let operator: Page;
let api: Api;
let restaurant: Account;
let chef: Account;
const consoleViolations: AxeViolation[] = [];

const { step, everyStepAccessible } = onTwoPhones(
  {
    prefix: 'credentials',
    chefLocale: 'en-US',
    env: {
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      CREDENTIAL_FILES_DIR: files,
    },
  },
  (cast) => ({ story, restaurant: restaurantPage, chef: chefPage } = cast),
);
afterAll(() => rmSync(files, { recursive: true, force: true }));

test('a chef on a phone adds a photo of their food handler card from the account menu', async () => {
  api = apiOf(story);
  [restaurant, chef] = await Promise.all([signUp(api, 'restaurant'), signUp(api, 'chef')]);
  await logIn(story, chefPage, chef);
  // the dashboard first (the menu closes when the page changes)
  await chefPage.waitForURL('**/dashboard/chef');
  await chefPage.getByRole('heading', { level: 1 }).first().waitFor();
  await chefPage.getByRole('button', { name: /Account/ }).click();
  await chefPage.getByRole('link', { name: 'Credentials' }).click();
  await chefPage.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
  await chefPage.getByText('You have not added a credential yet.').waitFor();
  await step(chefPage, '01-empty');

  await chefPage.getByLabel('Credential', { exact: true }).selectOption('food_handler');
  await chefPage.getByLabel('Number (optional)').fill('FH-55821');
  await chefPage.getByLabel('Issued by (optional)').fill('Wayne County');
  // the chefs of the suites live in Detroit: a date a year from today there
  const nextYear = localDate(new Date(Date.now() + 365 * 86_400_000), credentialTimeZone('Detroit'));
  await chefPage.getByLabel('Expiry date').fill(nextYear);
  const picker = chefPage.getByLabel('Photo or PDF of it');
  expect(await picker.getAttribute('accept')).toBe('image/*,application/pdf');
  await picker.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: CARD_PHOTO });
  await step(chefPage, '02-form');
  await chefPage.getByRole('button', { name: 'Send for review' }).click();
  await chefPage.getByText('Sent for review. We will text you when it is checked.').waitFor();
  const item = chefPage.getByTestId('credential-item');
  await item.getByText('Waiting for review').waitFor();
  expect(await item.getByRole('heading').textContent()).toBe('Food handler card');
  await step(chefPage, '03-waiting');
}, 180_000);

test('an operator on a desktop sees the photo in the Credentials queue and verifies it', async () => {
  // the operator's desktop browser follows the product's clock too (ADR 41)
  operator = await story.person('operator', 'en-US', DESKTOP);
  await logIn(story, operator, OPERATOR);
  await operator.waitForURL(/\/ops/);
  await operator.getByRole('link', { name: 'Credentials' }).click();
  await operator.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
  const card = operator.getByTestId('queued-credential').filter({ hasText: 'FH-55821' });
  const photo = card.getByRole('img');
  await photo.waitFor();
  // the signed URL serves the very photo (decoded by the browser: one pixel wide)
  type Img = { complete: boolean; naturalWidth: number };
  await operator.waitForFunction(
    (img) => (img as unknown as Img).complete && (img as unknown as Img).naturalWidth === 1,
    await photo.elementHandle(),
  );
  consoleViolations.push(...(await checkScreen(operator, 'credentials-ops-01-queue')));
  await card.getByRole('button', { name: /^Verify the Food handler card of / }).click();
  await operator.getByText(/^Verified: Food handler card of .+\. The chef is texted\.$/).waitFor();
  // it leaves the pending queue once the queue is read again
  await card.waitFor({ state: 'detached' });
  consoleViolations.push(...(await checkScreen(operator, 'credentials-ops-02-verified')));
}, 120_000);

test('the chef reads "Verified"; the restaurant sees the badge on the chef\'s profile', async () => {
  await chefPage.reload();
  await eventually(chefPage, chefPage.getByTestId('credential-status').getByText('Verified'), 20_000);
  await step(chefPage, '04-verified');

  await logIn(story, restaurantPage, restaurant);
  await restaurantPage.goto(story.url(`/profile/chef/${chef.profileId}`));
  const badges = restaurantPage.getByRole('list', { name: 'Verified credentials' });
  await eventually(restaurantPage, badges.getByText('Food handler card'), 20_000);
  await step(restaurantPage, '05-badge');
}, 120_000);

test('the console screens are free of accessibility violations', () => {
  expect(consoleViolations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

everyStepAccessible();
