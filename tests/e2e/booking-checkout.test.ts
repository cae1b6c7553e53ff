import type { Locator, Page } from 'playwright-core';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  payJob,
  postJob,
  refreshSession,
  signUp,
  untilEnded,
  type Account,
  type Api,
  type PostedJob,
} from '../hardening/support/stack';
import { checkStep, DESKTOP, PHONE, type AxeViolation } from './browser';
import { apiOf, eventually, LOG_IN_ES, logIn, startStory, type Story } from './story';

// Issue 32 in Chromium against the whole product (embedded mode). Two chefs, each booked (through the API) on a
// 31-second shift: Ana reads Spanish on a 375 px phone, Ben English on a 1280 px desktop. Both find an opening
// that clashes with their shift: it warns "you are booked", and applying stays possible. Before their shift
// ends, My Shifts says when checkout opens. At the end each checks out with nothing chosen in advance: a submit
// without answers says what is missing, Ana taps a star, Ben chooses one with the keyboard (the focused star is
// outlined). Every step is photographed (tests/e2e/screenshots/booking-*.png) and checked with axe.

const STARTS_IN_MS = 30_000;
const SHIFT_HOURS = 31 / 3600; // 31 seconds at $75/h, paid as one minute

let story: Story;
let api: Api;
let ana: Page;
let ben: Page;
const booked: Record<'ana' | 'ben', { account?: Account; shift?: PostedJob }> = { ana: {}, ben: {} };
let clash: PostedJob;
const violations: AxeViolation[] = [];

beforeAll(async () => {
  story = await startStory({ JOBS_RULES_POLL_MS: '200' });
  api = apiOf(story);
  ana = await story.person('ana', 'es-ES', PHONE);
  ben = await story.person('ben', 'en-US', DESKTOP);
}, 120_000);
afterAll(async () => {
  await story?.stop();
});

const step = async (page: Page, name: string) => {
  await page.waitForLoadState('domcontentloaded');
  violations.push(...(await checkStep(page, `booking-${name}`)));
};

/** The focused element's name and its label's outline, read in the page (the e2e code has no DOM types). */
const FOCUSED = `(() => {
  const el = document.activeElement;
  const label = el && el.closest('label');
  const style = label ? getComputedStyle(label) : null;
  return { label: el && el.getAttribute('aria-label'), outline: style && style.outlineStyle, width: style && style.outlineWidth };
})()`;

/** The list item (My Shifts, Openings) that links to this job. */
const rowOf = (page: Page, jobId: string): Locator =>
  page.locator('li', { has: page.locator(`a[href="/jobs/${jobId}"], a[href^="/messages?job=${jobId}"]`) });

test('each chef, booked on a shift, reads "you are booked" on an opening that clashes with it, and when checkout opens', async () => {
  const [restaurant, anaAccount, benAccount] = await Promise.all([
    signUp(api, 'restaurant'),
    signUp(api, 'chef'),
    signUp(api, 'chef'),
  ]);
  expectStatus(
    await api.call('PATCH', '/api/profiles/me', {
      token: anaAccount.token,
      body: { language_preference: 'es' },
    }),
    200,
  );
  await refreshSession(api, anaAccount);
  for (const [who, account] of [
    ['ana', anaAccount],
    ['ben', benAccount],
  ] as const) {
    const shift = await postJob(api, restaurant, STARTS_IN_MS, SHIFT_HOURS, 75);
    await payJob(api, restaurant, shift);
    await acceptAndConfirm(api, restaurant, account, await apply(api, account, shift));
    booked[who] = { account, shift };
  }
  // Starts 30 seconds after theirs end: less than SHIFT_GAP (30 minutes) of travel.
  clash = await postJob(api, restaurant, STARTS_IN_MS + 60_000, 2, 20);
  await payJob(api, restaurant, clash);

  await Promise.all([logIn(story, ana, anaAccount, LOG_IN_ES), logIn(story, ben, benAccount)]);
  for (const [page, warning] of [
    [ana, /^⚠ Ya tienes un turno a esa hora \(.+\): Cocinero de línea en Diner /],
    [ben, /^⚠ You are booked .+: Line Cook at Diner /],
  ] as const) {
    await page.goto(story.url('/openings'));
    const opening = rowOf(page, clash.id);
    await eventually(page, opening.getByTestId('booked-warning'), 30_000);
    expect(await opening.getByTestId('booked-warning').textContent()).toMatch(warning);
    // applying stays possible
    expect(await opening.getByRole('button').first().isEnabled()).toBe(true);
  }
  await step(ana, '01-openings-booked-es');
  await step(ben, '01-openings-booked');

  // Before the end: when checkout opens, instead of the checkout link.
  for (const [page, who, opens] of [
    [ana, 'ana', /^Podrás registrar la salida a las /],
    [ben, 'ben', /^Checkout opens at /],
  ] as const) {
    await page.goto(story.url('/my-shifts'));
    const row = rowOf(page, booked[who].shift!.id);
    await eventually(page, row.getByText(opens), 20_000);
    expect(await row.getByRole('link', { name: /Registrar salida|Complete Checkout/ }).count()).toBe(0);
  }
  await step(ana, '02-checkout-opens-es');
  await step(ben, '02-checkout-opens');
}, 150_000);

test('at the end, nothing is chosen for either chef: a star is tapped (es) or chosen by keyboard with a visible focus (en)', async () => {
  await untilEnded(booked.ana.shift!);
  await untilEnded(booked.ben.shift!);

  // Ana, in Spanish on her phone: the link appears at the end; the form asks, with nothing chosen.
  await ana.goto(story.url('/my-shifts'));
  const anaRow = rowOf(ana, booked.ana.shift!.id);
  await eventually(ana, anaRow.getByRole('link', { name: 'Registrar salida' }), 20_000);
  await anaRow.getByRole('link', { name: 'Registrar salida' }).click();
  await ana.getByRole('heading', { name: 'Registrar la salida' }).waitFor();
  expect(await ana.locator('input[type=radio]:checked').count()).toBe(0);
  await ana.getByRole('button', { name: 'Registrar salida' }).click();
  await ana.getByText('Responde todas las preguntas de arriba antes de registrar la salida.').waitFor();
  await ana.getByText('Indica si se trabajó el turno.').waitFor();
  await ana.getByLabel('Sí, trabajé este turno').check();
  // a tap on the fourth star (on its label: the radio itself is visually hidden)
  await ana.locator('label.star', { has: ana.getByLabel('4 estrellas') }).click();
  expect(await ana.getByLabel('4 estrellas').isChecked()).toBe(true);
  expect(await ana.locator('label.star-on').count()).toBe(4);
  await step(ana, '03-checkout-tapped-es');
  await ana.getByRole('button', { name: 'Registrar salida' }).click();
  await ana.getByRole('button', { name: 'Registrar salida' }).waitFor({ state: 'detached' });

  // Ben, in English on a desktop: Tab from his answer to the stars, arrows to choose, the focus outlined.
  await ben.goto(story.url('/my-shifts'));
  const benRow = rowOf(ben, booked.ben.shift!.id);
  await eventually(ben, benRow.getByRole('link', { name: 'Complete Checkout' }), 20_000);
  await benRow.getByRole('link', { name: 'Complete Checkout' }).click();
  await ben.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  expect(await ben.locator('input[type=radio]:checked').count()).toBe(0);
  await ben.getByLabel('Yes, I worked this shift').check();
  await ben.keyboard.press('Tab');
  expect(await ben.evaluate(FOCUSED)).toMatchObject({ label: '1 star' });
  await ben.keyboard.press('ArrowRight');
  await ben.keyboard.press('ArrowRight');
  expect(await ben.getByLabel('3 stars').isChecked()).toBe(true);
  // the focused star's own label is outlined (a visible focus), as the stylesheet says
  expect(await ben.evaluate(FOCUSED)).toEqual({ label: '3 stars', outline: 'solid', width: '3px' });
  await step(ben, '03-checkout-keyboard');
  await ben.getByRole('button', { name: 'Complete Checkout' }).click();
  await ben.getByRole('button', { name: 'Complete Checkout' }).waitFor({ state: 'detached' });

  // Both answers reached the server as chosen: worked, rated 4 and 3.
  for (const [who, rating] of [
    ['ana', 4],
    ['ben', 3],
  ] as const) {
    const job = expectStatus(
      await api.call('GET', `/api/jobs/${booked[who].shift!.id}`, { token: booked[who].account!.token }),
      200,
    ).body.job;
    expect(job).toMatchObject({ chef_checkout_completed: true, restaurant_rating: rating });
  }
}, 150_000);

test('every step is free of accessibility violations (every impact)', () => {
  expect([
    ...new Set(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)),
  ]).toEqual([]);
});
