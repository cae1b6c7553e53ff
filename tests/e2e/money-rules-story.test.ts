import type { Locator, Page } from 'playwright-core';
import {
  eventually,
  joinAsChefByApi,
  joinAsRestaurantByApi,
  onTwoPhones,
  postShift,
  type Story,
} from './story';

// Issue 16's money rules that the whole story (tests/e2e/shift-story.test.ts: a worked shift paid out, a late
// cancellation with its quote, Earnings and Receipts) does not walk, in Chromium on two phones against the whole
// product in embedded mode. A restaurant and a chef (English) join and set up payments; the restaurant posts a
// paid shift (31 seconds at $75/h, paid as one minute: $1.25, $1.34 charged), the chef applies, is accepted and
// confirms. Once it has ended (checkout opens at the end) the chef sees the countdown to the checkout deadline and
// answers "I did not work this shift"; the restaurant says the same, and the whole charge is refunded: the chef's
// Earnings say so (no pay) and the restaurant's Receipts show the refund. Every step is photographed at 375 px
// and checked with axe.

const FIRST_STARTS_IN_MS = 60_000;
const CHEF_NAME = 'Dana Whitfield';

let story: Story;
let restaurant: Page;
let chef: Page;
const shifts: { first?: string; firstEndsAt?: number } = {};
const SHIFT_HOURS = 31 / 3600;

const { step, everyStepAccessible } = onTwoPhones(
  {
    prefix: 'rules',
    chefLocale: 'en-US',
    env: { LATE_CANCEL_WINDOW: '24h', CANCELLATION_PAY_HOURS: '4', CHECKOUT_DEADLINE: '48h' },
  },
  (cast) => ({ story, restaurant, chef } = cast),
);

/** The list item (My Shifts, Openings) that links to this job. */
const rowOf = (page: Page, jobId: string): Locator =>
  page.locator('li', { has: page.locator(`a[href="/jobs/${jobId}"], a[href^="/messages?job=${jobId}"]`) });

async function postAndPay(o: { position: string; fromNowMs: number; hours: number }) {
  const times = await postShift(story, restaurant, {
    ...o,
    rate: '75',
    urgent: false,
    card: '4242 4242 4242 4242',
  });
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await restaurant
    .getByText('Your shift is posted and paid. Chefs can apply now.')
    .waitFor({ timeout: 20_000 });
  return { jobId: restaurant.url().split('/').pop()!, endsAt: times.startsAt + o.hours * 3_600_000 };
}

/** The chef applies from Openings, the restaurant accepts, the chef confirms from My Shifts. */
async function book(jobId: string) {
  await chef.goto(story.url('/openings'));
  const opening = rowOf(chef, jobId);
  await eventually(chef, opening, 20_000);
  await opening.getByRole('button', { name: 'Apply Now' }).click();
  await opening.getByText('Applied').waitFor();

  await restaurant.goto(story.url(`/jobs/${jobId}/applications`));
  await restaurant.getByRole('button', { name: `Accept ${CHEF_NAME}` }).click();
  await restaurant.getByText('Accepted, waiting for the chef to confirm').waitFor();

  await chef.goto(story.url('/my-shifts'));
  const row = rowOf(chef, jobId);
  await eventually(chef, row.getByRole('button', { name: 'Confirm', exact: true }), 20_000);
  await row.getByRole('button', { name: 'Confirm', exact: true }).click();
  await row.getByText(/^Confirmed/).waitFor();
}

test('a restaurant and a chef join, set up payments and log in on their phones', async () => {
  // through the API: the sign-up and onboarding screens are shift-story's and phone-forms'
  await joinAsRestaurantByApi(story, restaurant, {
    name: 'Lake Street Tacos',
    description: 'Tacos al pastor and fresh tortillas.',
    address: '300 E Lake St',
    cuisine: 'Mexican',
  });
  await joinAsChefByApi(story, chef, {
    name: CHEF_NAME,
    bio: 'Line cook with six years on the flat-top and the fryer.',
    skills: ['Line Cook'],
    language: 'en',
  });
}, 120_000);

test('a paid shift is posted and the chef is confirmed on it', async () => {
  const first = await postAndPay({
    position: 'Line Cook',
    fromNowMs: FIRST_STARTS_IN_MS,
    hours: SHIFT_HOURS,
  });
  shifts.first = first.jobId;
  shifts.firstEndsAt = first.endsAt;
  await book(first.jobId);
  await step(chef, '01-chef-confirmed');
}, 120_000);

test('after the end the chef answers "I did not work this shift"; the restaurant agrees and is refunded', async () => {
  const jobId = shifts.first!;
  await story.until(shifts.firstEndsAt! + 1_800); // the product's clock and both phones' (ADR 41)

  await chef.goto(story.url('/my-shifts'));
  const row = rowOf(chef, jobId);
  await eventually(chef, row.getByRole('link', { name: 'Complete Checkout' }), 20_000);
  expect(await row.getByTestId('checkout-deadline').textContent()).toMatch(
    /left to check out\. Checkout answers are due by /,
  );
  await step(chef, '06-checkout-countdown');
  await row.getByRole('link', { name: 'Complete Checkout' }).click();
  await chef.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  await chef.getByLabel('I did not work this shift').check();
  await step(chef, '07-did-not-work');
  await chef.getByRole('button', { name: 'Complete Checkout' }).click();
  await chef.getByRole('heading', { name: 'Checkout recorded' }).waitFor();

  await restaurant.goto(story.url('/my-shifts'));
  const mine = rowOf(restaurant, jobId);
  await eventually(restaurant, mine.getByRole('link', { name: 'Complete Checkout' }), 20_000);
  await mine.getByRole('link', { name: 'Complete Checkout' }).click();
  await restaurant.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  await restaurant.getByLabel('No, the chef did not work this shift').check();
  await restaurant.getByRole('button', { name: 'Complete Checkout' }).click();
  await restaurant.getByRole('heading', { name: 'Refunded' }).waitFor();

  // Both said not worked: the whole $1.34 goes back, and the shift reads refunded.
  await restaurant.goto(story.url('/my-shifts'));
  await eventually(
    restaurant,
    rowOf(restaurant, jobId).getByText('Refunded: the whole $1.34 went back to your card.'),
    45_000,
  );
  await step(restaurant, '08-refunded');
}, 240_000);

test('the chef reads her earnings and the restaurant its receipts: no pay, the whole charge back', async () => {
  await chef.goto(story.url('/earnings'));
  await chef.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
  await eventually(chef, chef.getByText('(1 shift)'), 20_000);
  expect(await chef.getByTestId('paid-out').textContent()).toBe('$0.00');
  expect(await chef.getByTestId('on-its-way').textContent()).toBe('$0.00');
  const earned = chef.getByTestId('earning-row');
  await earned.getByText('Refunded', { exact: true }).waitFor();
  await earned.getByText('No pay').waitFor();
  await step(chef, '09-earnings');

  await restaurant.goto(story.url('/receipts'));
  await restaurant.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
  // $1.34 charged, all of it back.
  await eventually(restaurant, restaurant.getByTestId('receipt-row'), 20_000);
  expect(await restaurant.getByTestId('net-charged').textContent()).toBe('$0.00');
  const receipt = restaurant.getByTestId('receipt-row');
  expect(await receipt.count()).toBe(1);
  await receipt.getByText(CHEF_NAME, { exact: false }).waitFor();
  await receipt.getByText('Refunded', { exact: true }).waitFor();
  await step(restaurant, '10-receipts');
}, 60_000);

everyStepAccessible();
