import type { Page } from 'playwright-core';
import {
  eventually,
  joinAsChefByApi,
  joinAsRestaurantByApi,
  onTwoPhones,
  postShift,
  type Story,
} from './story';

// Issue 37 in Chromium, both on phones: a restaurant owner (English, 375 px) posts a shift for two chefs at $25,
// letting reliable chefs book it at once; a chef (Spanish, 375 px) sees "Reserva al instante" on the card and books
// with one tap ("Reservar ahora"), no waiting for the restaurant. The second seat stays open, so the owner boosts
// the pay to $30 and reads what it costs BEFORE boosting ($42.80 now, fee $2.80, new total $256.80); the card is
// charged, then the shift reads "Boosted · was $25.00" to the owner and "Paga aumentada" to the chef, whose pay
// rises with it. Every step is photographed (tests/e2e/screenshots/fill-*.png) and checked with axe.

const CHEF_NAME = 'Mateo Gómez';
const RESTAURANT = 'Nicollet Noodle Bar';
const PHONE = { width: 375, height: 812 };

let story: Story;
let restaurant: Page;
let chef: Page;
let jobId = '';

const { step, everyStepAccessible } = onTwoPhones(
  {
    prefix: 'fill',
    chefLocale: 'es-ES',
    restaurantViewport: PHONE,
    chefViewport: PHONE,
    // a new chef meets the bar here: no completed shifts asked (the bar's other conditions hold)
    env: { INSTANT_BOOK_MIN_SHIFTS: '0' },
  },
  (cast) => ({ story, restaurant, chef } = cast),
);
const url = (path: string) => story.url(path);

test('a restaurant posts a shift for two chefs that reliable chefs may book instantly, and pays', async () => {
  // joined through the API: the sign-up and onboarding screens are shift-story's and phone-forms'
  await joinAsRestaurantByApi(story, restaurant, {
    name: RESTAURANT,
    description: 'Hand-pulled noodles and a long dinner rush.',
    address: '2400 Nicollet Ave',
    cuisine: 'Chinese',
  });
  await joinAsChefByApi(story, chef, {
    name: CHEF_NAME,
    bio: 'Cocinero de línea, wok y plancha.',
    skills: ['Line Cook'],
    language: 'es',
  });

  await postShift(story, restaurant, {
    position: 'Line Cook',
    fromNowMs: 3 * 3_600_000,
    hours: 4,
    rate: '25',
    urgent: false,
    card: 'saved',
  });
  await restaurant.getByLabel('How many chefs').fill('2');
  await restaurant.getByLabel('Let reliable chefs book instantly').check();
  await restaurant.getByTestId('pay-total').filter({ hasText: '$214.00' }).waitFor();
  await step(restaurant, '01-post-instant');
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  jobId = restaurant.url().split('/').pop()!;
  await restaurant
    .getByText('Your shift is posted and paid. Chefs can apply now.')
    .waitFor({ timeout: 20_000 });
}, 180_000);

test('the chef sees it can be booked at once and books a seat with one tap, in Spanish', async () => {
  await chef.goto(url('/openings'));
  const opening = chef.locator('li', { has: chef.locator(`a[href="/jobs/${jobId}"]`) });
  await eventually(chef, opening, 20_000);
  await opening.getByText('Reserva al instante').waitFor();
  await step(chef, '02-openings-instant-es');
  await chef.goto(url(`/jobs/${jobId}`));
  const book = chef.getByRole('button', { name: 'Reservar ahora' });
  await eventually(chef, book, 20_000);
  await step(chef, '03-book-now-es');
  await book.click();
  await chef.getByText('Estás reservado en este turno.').waitFor({ timeout: 20_000 });
  await step(chef, '04-booked-es');

  // the owner reads one seat booked, one open, without accepting anyone
  await restaurant.goto(url(`/jobs/${jobId}`));
  await eventually(restaurant, restaurant.getByText('1 of 2 booked').first(), 20_000);
}, 120_000);

test('the owner boosts the open seat and reads what it costs before boosting; the chef is paid the new rate', async () => {
  await restaurant.goto(url(`/jobs/${jobId}`));
  await restaurant.getByRole('button', { name: 'Boost pay' }).click();
  const panel = restaurant.locator('section', {
    has: restaurant.getByRole('heading', { name: 'Boost pay' }),
  });
  await panel.getByLabel('Hourly rate ($)').fill('30');
  // the server's quote, before anything moves: $5 more an hour, 4 hours, 2 seats, with the 7% fee
  await panel
    .getByTestId('boost-quote')
    .getByText("You'll be charged $42.80 now (fee $2.80); new total $256.80.")
    .waitFor({ timeout: 15_000 });
  await step(restaurant, '05-boost-quote');
  await panel.getByRole('button', { name: 'Boost to $30.00/h' }).click();
  await eventually(restaurant, restaurant.getByText('Boosted · was $25.00').first(), 30_000);
  await step(restaurant, '06-boosted');

  await chef.goto(url(`/jobs/${jobId}`));
  await eventually(chef, chef.getByText(/Paga aumentada · antes/).first(), 20_000);
  await chef
    .getByText(/\$30\.00/)
    .first()
    .waitFor();
  await step(chef, '07-boosted-es');
}, 120_000);

everyStepAccessible();
