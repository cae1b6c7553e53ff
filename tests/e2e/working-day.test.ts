import type { Locator, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import {
  eventually,
  joinAsChefByApi,
  joinAsRestaurantByApi,
  localInputs,
  onTwoPhones,
  postShift,
  type Story,
} from './story';

// Issue 34, the working day in Chromium: a restaurant owner (English, desktop) pins its location from Settings
// ("I am at the restaurant now", Chromium's geolocation override), posts a one-hour shift with a 15-minute unpaid
// break starting 45 s later at $60/h ($45.00 of pay, $3.15 of fee) and pays with its saved card; the chef (English,
// a 390 px phone) applies, is accepted and confirms. On the day the chef, standing about 80 m from the pin, taps
// Clock in (by location), sees the worked time counting, and clocks out with the break once the shift has begun;
// the restaurant reads the submitted timesheet (nothing worked yet), opens Adjust, sets the clock-out 45 minutes
// after the clock-in and reads the cost BEFORE saving: 30 minutes worked, $30.00 to the chef, $2.10 of fee and $16.05
// back to its card; it saves, the chef reads the change and accepts it, and both read the money: the chef's pay on
// the shift and on Earnings, the restaurant's refund on the job and on Receipts. Every step is photographed
// (tests/e2e/screenshots/day-*.png) and checked with axe.

const SHIFT_STARTS_IN_MS = 45_000;
const CHEF_NAME = 'Amara Okafor';
const RESTAURANT = 'Central Avenue Grill';
/** 200 Central Ave NE, Minneapolis: where the owner stands when pinning. */
const PIN = { latitude: 44.98868, longitude: -93.25663, accuracy: 12 };
/** The chef on the pavement, about 80 m north of the pin (inside GEOFENCE_METERS, 250). */
const CHEF_SPOT = { latitude: 44.9894, longitude: -93.25663, accuracy: 20 };

let story: Story;
let restaurant: Page;
let chef: Page;
const shift: { jobId?: string; startsAt?: number } = {};

const { step, everyStepAccessible } = onTwoPhones(
  {
    prefix: 'day',
    chefLocale: 'en-US',
    restaurantViewport: DESKTOP,
    chefViewport: { width: 390, height: 844 },
    // the clock's rules, written out because the story's times and figures depend on them: the clock opens 30
    // minutes before the start (the shift starts 45 s after it is posted), the fence is 250 m, the chef answers
    // an adjustment within a day (she accepts at once)
    env: {
      CLOCK_IN_EARLY: '30m',
      GEOFENCE_METERS: '250',
      MAX_EXTRA_HOURS: '4',
      HOURS_DISPUTE_WINDOW: '24h',
      TIMESHEET_APPROVAL_DEADLINE: '48h',
      AUTO_CLOCK_OUT_AFTER: '4h',
    },
  },
  (cast) => ({ story, restaurant, chef } = cast),
);

const url = (path: string) => story.url(path);

/** A list of facts (dt/dd) as term -> value. */
const factsOf = async (list: Locator, item = '.money-fact'): Promise<Record<string, string>> =>
  Object.fromEntries(
    await list
      .locator(item)
      .evaluateAll((els) =>
        els.map((e) => [
          e.querySelector('dt')?.textContent?.trim() ?? '',
          e.querySelector('dd')?.textContent?.trim() ?? '',
        ]),
      ),
  );

/** Where a phone stands: the location permission granted to the product, and the position it reports. */
async function standAt(page: Page, where: { latitude: number; longitude: number; accuracy: number }) {
  await page.context().grantPermissions(['geolocation'], { origin: story.brigade.url });
  await page.context().setGeolocation(where);
}

test('a restaurant and a chef join; the restaurant pins its location from where it stands', async () => {
  // joined through the API: the sign-up and onboarding screens are shift-story's and phone-forms'
  await joinAsRestaurantByApi(story, restaurant, {
    name: RESTAURANT,
    description: 'Wood-fired grill and a busy brunch.',
    address: '200 Central Ave NE',
    cuisine: 'American',
  });
  await joinAsChefByApi(story, chef, {
    name: CHEF_NAME,
    bio: 'Line cook, six years on grill and sauté.',
    skills: ['Line Cook'],
    language: 'en',
  });

  // Without a pin the dashboard says chefs clock in with a code only, and links to Settings.
  await restaurant.goto(url('/dashboard/restaurant'));
  const notice = restaurant.getByTestId('pin-missing');
  await notice.waitFor();
  await step(restaurant, '01-pin-missing');
  await notice.getByRole('link', { name: 'Pin it in Settings' }).click();
  await restaurant.waitForURL('**/settings');
  await standAt(restaurant, PIN);
  await restaurant.getByRole('button', { name: 'I am at the restaurant now' }).click();
  await restaurant
    .getByText('Location pinned. Chefs can clock in from their phones at your restaurant.')
    .waitFor({ timeout: 15_000 });
  expect(await restaurant.getByTestId('pin-status').textContent()).toMatch(
    /^Pinned on .+, to within 12 m\.$/,
  );
  await step(restaurant, '02-pinned');
  await restaurant.goto(url('/dashboard/restaurant'));
  await restaurant.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await restaurant.getByTestId('pin-missing').count()).toBe(0);
}, 150_000);

test('the restaurant posts a shift with a break and pays; the chef applies, is accepted and confirms', async () => {
  await postShift(story, restaurant, {
    position: 'Line Cook',
    fromNowMs: SHIFT_STARTS_IN_MS,
    hours: 1,
    rate: '60',
    urgent: true,
    card: 'saved',
  });
  await restaurant.getByLabel('Unpaid break (minutes)').fill('15');
  // one hour less the 15-minute break: 45 minutes of pay
  await restaurant.getByTestId('pay-subtotal').getByText('$45.00').waitFor();
  expect(await restaurant.getByTestId('pay-fee').textContent()).toBe('$3.15');
  expect(await restaurant.getByTestId('pay-total').textContent()).toBe('$48.15');
  // the start as the form holds it (the time shiftTimes gave, re-read: the fill happened above)
  const start = await restaurant.getByLabel('Start', { exact: true }).inputValue();
  shift.startsAt = await restaurant.evaluate((v) => new Date(v).getTime(), start);
  await step(restaurant, '03-post-shift');
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  shift.jobId = restaurant.url().split('/').pop()!;
  await restaurant
    .getByText('Your shift is posted and paid. Chefs can apply now.')
    .waitFor({ timeout: 20_000 });

  const jobId = shift.jobId;
  await chef.goto(url('/openings'));
  const opening = chef.locator('li', { has: chef.locator(`a[href="/jobs/${jobId}"]`) });
  await eventually(chef, opening, 20_000);
  await opening.getByRole('button', { name: 'Apply Now' }).click();
  await opening.getByText('Applied').waitFor();
  await step(chef, '04-applied');

  await restaurant.goto(url(`/jobs/${jobId}/applications`));
  await restaurant.getByRole('button', { name: `Accept ${CHEF_NAME}` }).click();
  await restaurant.getByText('Accepted, waiting for the chef to confirm').waitFor();

  await chef.goto(url('/my-shifts'));
  await eventually(chef, chef.getByText('Accepted! Please confirm'), 20_000);
  await chef.getByRole('button', { name: 'Confirm', exact: true }).click();
  await chef.getByText('Confirmed').first().waitFor();
  await step(chef, '05-confirmed');

  // The restaurant's job page shows the clock code once the chef is confirmed; nobody is clocked in yet.
  await restaurant.goto(url(`/jobs/${jobId}`));
  await restaurant.getByTestId('clock-code').waitFor({ timeout: 15_000 });
  expect(await restaurant.getByTestId('clock-code').textContent()).toMatch(/^\d{4}$/);
  await restaurant.getByTestId('restaurant-day').getByText('Not clocked in yet.').waitFor();
  await step(restaurant, '06-clock-code');
}, 120_000);

test('on the day the chef clocks in by location, sees the worked time counting, and clocks out with the break', async () => {
  await standAt(chef, CHEF_SPOT);
  await chef.goto(url(`/jobs/${shift.jobId}`));
  const clockIn = chef.getByRole('button', { name: 'Clock in', exact: true });
  await clockIn.waitFor({ timeout: 15_000 });
  expect(await clockIn.isEnabled()).toBe(true);
  // the code stays a way in for a phone without location; the chef never sees the code itself
  await chef.getByLabel('Clock code (4 digits)').waitFor();
  expect(await chef.getByTestId('clock-code').count()).toBe(0);
  await step(chef, '07-clock-in');
  await clockIn.click();

  // Clocked in: since when, and the worked time (counted from the start of the shift) on a big counter.
  await chef.getByText(/^You clocked in at /).waitFor({ timeout: 15_000 });
  const counter = chef.getByTestId('live-worked');
  await counter.waitFor();
  expect(await counter.textContent()).toMatch(/^(\d+ h \d{2} min|\d+ min)$/);
  expect(await chef.getByLabel('Unpaid break (minutes)').inputValue()).toBe('15');
  await step(chef, '08-clocked-in');

  // The restaurant sees who is clocked in.
  await restaurant.reload();
  await eventually(restaurant, restaurant.getByTestId('clocked-in'), 20_000);
  expect(await restaurant.getByTestId('clocked-in').textContent()).toMatch(
    new RegExp(`^${CHEF_NAME} clocked in at `),
  );
  await step(restaurant, '09-chef-clocked-in');

  // Clock out once the shift has begun (the story cannot wait an hour: the restaurant corrects the clock-out).
  await story.until(shift.startsAt! + 2_800); // the product's clock and both phones' (ADR 41)
  await chef.getByRole('button', { name: 'Clock out' }).click();
  const sheet = chef.getByTestId('chef-timesheet');
  await sheet.waitFor({ timeout: 15_000 });
  expect(await sheet.getByTestId('timesheet-status').textContent()).toBe('Submitted');
  expect(await factsOf(sheet.getByTestId('timesheet-times'), 'div')).toMatchObject({
    'Unpaid break': '15 minutes',
    Worked: '0 min',
  });
  expect(await sheet.getByTestId('timesheet-pay-chef').textContent()).toBe('$0.00');
  // one pay on the page (the hours'), and no checkout deadline: the timesheet decides the money now
  expect(await chef.getByTestId('chef-pay').textContent()).toBe('$0.00');
  expect(await chef.getByTestId('checkout-deadline').count()).toBe(0);
  await step(chef, '10-submitted');
}, 150_000);

test('the restaurant adjusts the clock-out and reads the cost before saving; the chef accepts the change', async () => {
  await restaurant.reload();
  const day = restaurant.getByTestId('restaurant-day');
  await eventually(restaurant, day.getByText('Submitted', { exact: true }), 20_000);
  await step(restaurant, '11-timesheet-submitted');
  await day.getByRole('button', { name: 'Adjust' }).click();
  await day.getByRole('heading', { name: 'Adjust the timesheet' }).waitFor();

  // The clock-out 45 minutes after the clock-in the form counts (the start, or a late clock-in on a slow
  // machine), the 15-minute break kept: 30 minutes worked. Both fields hold minutes, as the pay rule reads them.
  const clockIn = await day.getByLabel('Clock-in', { exact: true }).inputValue();
  const clockedInAt = await restaurant.evaluate((v) => new Date(v).getTime(), clockIn);
  const [out] = await localInputs(restaurant, [clockedInAt + 45 * 60_000]);
  await day.getByLabel('Clock-out', { exact: true }).fill(out.slice(0, 16));
  await day.getByLabel('Reason (the chef reads it)').fill('You left at a quarter to, after the brunch rush.');
  // The preview is the server's quote of these times, shown before anything is saved.
  const quote = day.getByTestId('quote');
  await quote.getByText('$30.00').waitFor({ timeout: 15_000 });
  expect(await day.getByTestId('quote-chef').textContent()).toBe('$30.00');
  expect(await day.getByTestId('quote-fee').textContent()).toBe('$2.10');
  expect(await day.getByTestId('quote-charged').textContent()).toBe('$48.15');
  expect(await day.getByTestId('quote-refund').textContent()).toBe('$16.05');
  expect(await day.getByTestId('quote-total').textContent()).toBe('$32.10');
  // nothing saved yet: the chef's timesheet still reads as submitted
  await chef.reload();
  await chef
    .getByTestId('chef-timesheet')
    .getByText('Submitted', { exact: true })
    .waitFor({ timeout: 15_000 });
  await step(restaurant, '12-adjust-preview');
  await day.getByRole('button', { name: 'Save the change' }).click();
  await day.getByText('Changed by the restaurant', { exact: true }).waitFor({ timeout: 15_000 });
  expect(await day.getByTestId('timesheet-pay-refund').textContent()).toBe('$16.05');
  await step(restaurant, '13-adjusted');

  // The chef reads the change, its reason and her new pay, and accepts it.
  await chef.reload();
  const adjustment = chef.getByTestId('adjustment');
  await eventually(chef, adjustment, 20_000);
  await adjustment.getByText('You left at a quarter to, after the brunch rush.').waitFor();
  const sheet = chef.getByTestId('chef-timesheet');
  expect(await factsOf(sheet.getByTestId('timesheet-times'), 'div')).toMatchObject({ Worked: '30 min' });
  expect(await sheet.getByTestId('timesheet-pay-chef').textContent()).toBe('$30.00');
  expect(await chef.getByTestId('chef-pay').textContent()).toBe('$30.00');
  await step(chef, '14-adjustment');
  await adjustment.getByRole('button', { name: 'Accept' }).click();
  await sheet.getByText('Approved', { exact: true }).waitFor({ timeout: 15_000 });
  await sheet.getByText('Approved: you are paid as shown.').waitFor();
  await step(chef, '15-approved');
}, 120_000);

test('both read the money: the chef her pay on the shift and Earnings, the restaurant its refund on Receipts', async () => {
  // The restaurant's job page: approved, $30.00 to the chef and $16.05 back to the card.
  await restaurant.reload();
  const day = restaurant.getByTestId('restaurant-day');
  await eventually(restaurant, day.getByText('Approved', { exact: true }), 20_000);
  // the money's own words: paid for the hours worked, never a late cancellation it was not
  await eventually(
    restaurant,
    restaurant.getByText(
      'Paid for the hours worked: the chef was paid $30.00, Brigade kept $2.10, and the $16.05 not worked went back to your card.',
    ),
    30_000,
  );
  expect(await day.getByTestId('timesheet-pay-chef').textContent()).toBe('$30.00');
  expect(await day.getByTestId('timesheet-pay-refund').textContent()).toBe('$16.05');
  await step(restaurant, '16-approved');

  // Earnings: the shift's gross pay is what the hours came to.
  await chef.goto(url('/earnings'));
  await chef.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
  const row = chef.getByTestId('earning-row').filter({ hasText: 'Line Cook' });
  await eventually(chef, row.getByText('$30.00', { exact: true }), 45_000);
  expect(await factsOf(row)).toMatchObject({ 'Gross pay': '$30.00', 'Hours worked': '0.5' });
  await step(chef, '17-earnings');

  // Receipts: the hours worked, and the $16.05 that came back to the card.
  await restaurant.goto(url('/receipts'));
  await restaurant.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
  const receipt = restaurant.getByTestId('receipt-row').filter({ hasText: 'Line Cook' });
  await eventually(restaurant, receipt.getByText(CHEF_NAME, { exact: false }), 30_000);
  await eventually(restaurant, receipt.getByTestId('worked-facts'), 45_000);
  expect(await factsOf(receipt.getByTestId('worked-facts'))).toEqual({
    'Hours worked': '0.5',
    Timesheet: 'Approved',
    'Partial refund': '$16.05',
  });
  await step(restaurant, '18-receipts');
}, 120_000);

everyStepAccessible();
