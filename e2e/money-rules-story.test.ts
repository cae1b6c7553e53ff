import type { Locator, Page } from 'playwright-core';
import {
  CHEF_JOIN_EN,
  eventually,
  joinAsChef,
  joinAsRestaurant,
  onTwoPhones,
  postShift,
  type Story,
} from './story';

// Issue 16's money rules in Chromium, on two phones against the whole product in embedded mode, with
// LATE_CANCEL_WINDOW at 24h so a shift a few hours away is late to cancel. A restaurant and a chef (English) sign
// up and set up payments; the restaurant posts two paid shifts, the chef applies to both, is accepted and
// confirms. The restaurant cancels the later one (6 hours at $20) from its page: the quote comes first (late,
// the chef gets $80.00, Brigade keeps $5.60, $42.80 back to the card) and the chef then reads the cancellation.
// Once the first shift has started the chef sees the countdown to the checkout deadline and answers "I did not
// work this shift"; the restaurant says the same, and the whole charge is refunded. Then the chef reads her
// earnings and the restaurant its receipts (issue 20). Every step is photographed at 375 px and checked with axe.

const FIRST_STARTS_IN_MS = 60_000;
const CHEF_NAME = 'Dana Whitfield';

let story: Story;
let restaurant: Page;
let chef: Page;
const shifts: { first?: string; firstStartsAt?: number; late?: string } = {};

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
    rate: '20',
    urgent: false,
    card: '4242 4242 4242 4242',
  });
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await restaurant
    .getByText('Your shift is posted and paid. Chefs can apply now.')
    .waitFor({ timeout: 20_000 });
  return { jobId: restaurant.url().split('/').pop()!, startsAt: times.startsAt };
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

test('a restaurant and a chef sign up, onboard and set up payments', async () => {
  await joinAsRestaurant(story, restaurant, {
    name: 'Lake Street Tacos',
    description: 'Tacos al pastor and fresh tortillas.',
    address: '300 E Lake St',
    cuisine: 'Mexican',
  });
  await joinAsChef(
    story,
    chef,
    {
      name: CHEF_NAME,
      bio: 'Line cook with six years on the flat-top and the fryer.',
      skills: ['Line Cook'],
    },
    CHEF_JOIN_EN,
  );
}, 120_000);

test('two paid shifts are posted and the chef is confirmed on both', async () => {
  // The shift hours away first; the one that starts soon last, so its lead only has to cover its own booking
  // (a confirm after the start is refused) and the late cancellation runs while it approaches.
  const late = await postAndPay({ position: 'Prep Cook', fromNowMs: 3 * 3_600_000, hours: 6 });
  shifts.late = late.jobId;
  await book(late.jobId);
  const first = await postAndPay({ position: 'Line Cook', fromNowMs: FIRST_STARTS_IN_MS, hours: 1 });
  shifts.first = first.jobId;
  shifts.firstStartsAt = first.startsAt;
  await book(first.jobId);
  await step(chef, '01-chef-confirmed-both');
}, 120_000);

test('the restaurant cancels late with the quote shown first; the chef reads the cancellation', async () => {
  const jobId = shifts.late!;
  await restaurant.goto(story.url(`/jobs/${jobId}`));
  await restaurant.getByRole('button', { name: 'Cancel shift' }).click();
  const panel = restaurant.locator('section', {
    has: restaurant.getByRole('heading', { name: 'Cancel this shift?' }),
  });
  await panel.getByTestId('quote-kind').waitFor();
  expect(await panel.getByTestId('quote-kind').textContent()).toBe('Late cancellation');
  expect(await panel.getByTestId('quote-chef-pay').textContent()).toBe('$80.00');
  expect(await panel.getByTestId('quote-fee').textContent()).toBe('$5.60');
  expect(await panel.getByTestId('quote-refund').textContent()).toBe('$42.80');
  expect(await panel.getByTestId('quote-reason-text').textContent()).toMatch(
    /^Late cancellation \(less than 24 hours before the start\): the chef is paid \$80\.00 \(4 hours of pay\), Brigade keeps \$5\.60, and \$42\.80 goes back to your card\./,
  );
  await panel.getByLabel('Reason (optional, the chef sees it)').fill('A private event was cancelled.');
  await step(restaurant, '02-cancel-quote');
  await panel.getByRole('button', { name: 'Cancel the shift' }).click();
  await restaurant
    .getByText('The shift is cancelled: the chef is paid $80.00 and $42.80 goes back to your card.')
    .waitFor({ timeout: 15_000 });
  await step(restaurant, '03-cancelled');

  // The job page now tells the cancellation; My Shifts offers no cancel on it any more.
  await restaurant.reload();
  const facts = restaurant.getByTestId('cancellation-facts');
  await facts.waitFor();
  expect(await facts.getByTestId('cancellation-chef-pay').textContent()).toBe('$80.00');
  expect(await facts.getByTestId('cancellation-refund').textContent()).toBe('$42.80');
  await restaurant.goto(story.url('/my-shifts'));
  const row = rowOf(restaurant, jobId);
  await row.getByText('Cancelled', { exact: true }).waitFor();
  expect(await row.getByRole('button', { name: /^Cancel shift/ }).count()).toBe(0);
  await step(restaurant, '04-my-shifts-cancelled');

  // The chef reads who cancelled, that it was late and what she is paid.
  await chef.goto(story.url('/my-shifts'));
  await eventually(
    chef,
    rowOf(chef, jobId).getByText(/^Cancelled by the restaurant · Late cancellation/),
    30_000,
  );
  await eventually(chef, rowOf(chef, jobId).getByText('Paid $80.00 for the late cancellation.'), 45_000);
  await step(chef, '05-chef-reads-cancellation');
}, 120_000);

test('after the start the chef answers "I did not work this shift"; the restaurant agrees and is refunded', async () => {
  const jobId = shifts.first!;
  const wait = shifts.firstStartsAt! + 2_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  await chef.goto(story.url('/my-shifts'));
  const row = rowOf(chef, jobId);
  await eventually(chef, row.getByRole('link', { name: 'Complete Shift' }), 20_000);
  expect(await row.getByTestId('checkout-deadline').textContent()).toMatch(
    /left to check out\. Checkout answers are due by /,
  );
  await step(chef, '06-checkout-countdown');
  await row.getByRole('link', { name: 'Complete Shift' }).click();
  await chef.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  await chef.getByLabel('I did not work this shift').check();
  await step(chef, '07-did-not-work');
  await chef.getByRole('button', { name: 'Complete Checkout' }).click();
  await chef.getByRole('heading', { name: 'Checkout Complete!' }).waitFor();

  await restaurant.goto(story.url('/my-shifts'));
  const mine = rowOf(restaurant, jobId);
  await eventually(restaurant, mine.getByRole('link', { name: 'Complete Checkout' }), 20_000);
  await mine.getByRole('link', { name: 'Complete Checkout' }).click();
  await restaurant.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  await restaurant.getByLabel('The work was completed').uncheck();
  await restaurant.getByRole('button', { name: 'Complete Checkout' }).click();
  await restaurant.getByText('Both sides have checked out.').waitFor();

  // Both said not worked: the whole $21.40 goes back, and the shift reads refunded.
  await restaurant.goto(story.url('/my-shifts'));
  await eventually(
    restaurant,
    rowOf(restaurant, jobId).getByText('$21.40 refunded: the shift was not worked.'),
    45_000,
  );
  await step(restaurant, '08-refunded');
}, 240_000);

test('the chef reads her earnings and the restaurant its receipts, both from the payments ledger', async () => {
  // Issue 20: the money pages are in the account menu (the phone's tab bar keeps its four sections).
  await chef.goto(story.url('/my-shifts'));
  await chef.getByRole('button', { name: 'Account' }).click();
  await chef.getByRole('link', { name: 'Earnings' }).click();
  await chef.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
  await eventually(chef, chef.getByText('(2 shifts)'), 20_000);
  expect(await chef.getByTestId('paid-out').textContent()).toBe('$80.00');
  expect(await chef.getByTestId('on-its-way').textContent()).toBe('$0.00');
  const earned = chef.getByTestId('earning-row');
  // The cancelled shift starts later than the refunded one: newest first.
  expect(await earned.nth(0).locator('h3').textContent()).toBe('Prep Cook');
  await earned.nth(0).getByText('Cancelled: cancellation pay').waitFor();
  await earned.nth(0).getByText('Lake Street Tacos', { exact: false }).waitFor();
  expect(await earned.nth(1).locator('h3').textContent()).toBe('Line Cook');
  await earned.nth(1).getByText('Refunded to the restaurant').waitFor();
  await step(chef, '09-earnings');

  await restaurant.goto(story.url('/my-shifts'));
  await restaurant.getByRole('button', { name: 'Account' }).click();
  await restaurant.getByRole('link', { name: 'Receipts' }).click();
  await restaurant.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
  // $128.40 charged for the cancelled shift, $42.80 back; the $21.40 of the unworked one all back.
  expect(await restaurant.getByTestId('net-charged').textContent()).toBe('$85.60');
  const receipts = restaurant.getByTestId('receipt-row');
  expect(await receipts.count()).toBe(2);
  await receipts.nth(0).getByText(CHEF_NAME, { exact: false }).waitFor();
  await receipts.nth(0).getByText('Cancelled late: split').waitFor();
  await step(restaurant, '10-receipts');
}, 60_000);

everyStepAccessible();
