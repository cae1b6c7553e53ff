// Steps the browser stories share: the product in embedded mode with one web build, two people on phones
// whose page errors are printed, sign-up with the SMS code, payment setup in the Stripe sandbox, posting and
// paying a shift with the sandbox card form, and waiting for what lands late.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { freePort, MovableClock } from '@brigade/kit';
import { startEmbedded, type Embedded } from '../../scripts/embedded';
import {
  CITIES,
  DEFAULT_CHEF_AVAILABILITY,
  DEFAULT_RESTAURANT_HOURS,
  DEFAULT_TRAVEL_RADIUS,
} from '@brigade/contracts';
import { saveCard as saveCardByApi } from '../hardening/support/cards';
import {
  apiCall,
  expectStatus,
  onboardPayouts,
  registerAccount,
  until,
  type Account,
  type Api,
} from '../hardening/support/stack';
import { checkStep, launch, newContext, PHONE, type AxeViolation } from './browser';
import { buildWebOnce } from './build-web';
import { smsCode, uniqueEmail, uniquePhone } from './helpers';

export interface Story {
  brigade: Embedded;
  browser: Browser;
  /**
   * The product's clock (ADR 41), which every person's browser follows: `until` moves both to a shift's start or
   * end instead of waiting for them.
   */
  clock: MovableClock;
  /** The product's time, and every person's browser's, reaches `at` (plus 200 ms). */
  until: (at: Date | number) => Promise<void>;
  url: (path: string) => string;
  /**
   * A person in `locale` ('en-US', 'es-ES') on a phone (or at `viewport`), whose page errors are printed under
   * `who`.
   */
  person: (who: string, locale: string, viewport?: { width: number; height: number }) => Promise<Page>;
  stop: () => Promise<void>;
}

/** The whole product on PGlite and the in-process bus, with `env` over the defaults (policy durations...). */
export async function startStory(env: NodeJS.ProcessEnv = {}): Promise<Story> {
  await buildWebOnce();
  const port = await freePort();
  const clock = new MovableClock();
  const brigade = await startEmbedded({
    port,
    dataDir: null,
    buildWeb: false,
    now: clock.now,
    env: {
      DATABASE_URL: '',
      AMQP_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The stories read the words people wrote; a story about translation names its translator in `env`.
      TRANSLATION_PROVIDER: 'none',
      // The stories post shifts of seconds to live them through (issue 35's minimum, shortened).
      MIN_SHIFT_DURATION: '1s',
      ...env,
    },
  });
  const browser = await launch();
  // each person's browser shows the product's time (Playwright's clock: Date only, the timers keep running)
  const contexts: BrowserContext[] = [];
  const sync = (context: BrowserContext, now: Date) =>
    clock.ahead > 0 ? context.clock.setSystemTime(now) : Promise.resolve();
  clock.follow((now) => Promise.all(contexts.map((c) => sync(c, now))));
  return {
    brigade,
    browser,
    clock,
    until: (at) => until({ clock }, at),
    url: (path) => `${brigade.url}${path}`,
    person: async (who, locale, viewport = PHONE) => {
      const context = await newContext(browser, { viewport, locale });
      contexts.push(context);
      await sync(context, clock.now());
      const page = await context.newPage();
      // A page's own errors are printed, so a failed step says why.
      page.on('pageerror', (e) => console.log(`[${who} pageerror] ${e.stack ?? e.message}`));
      page.on('console', async (m) => {
        if (m.type() !== 'error' || m.text().startsWith('Failed to load resource')) return;
        const stacks = await Promise.all(
          m.args().map((a) => a.evaluate((v) => (v instanceof Error ? v.stack : String(v))).catch(() => '')),
        );
        console.log(`[${who} console] ${m.text()}\n${stacks.join('\n')}`);
      });
      return page;
    },
    stop: async () => {
      await browser.close();
      await brigade.stop();
    },
  };
}

/** The story's product through its public API, as the hardening helpers take it, with its clock. */
export const apiOf = (story: Story): Api => ({
  call: apiCall(story.brigade.url),
  url: story.brigade.url,
  clock: story.clock,
});

export interface Cast {
  story: Story;
  restaurant: Page;
  chef: Page;
}

/**
 * Registers a two-person story in the calling test file: before its tests the product, a restaurant (English, on a
 * phone unless `restaurantViewport` says otherwise) and a chef (`chefLocale`, on a phone: `chefViewport` or
 * PHONE), handed to `cast`; the
 * stop after them. `step` photographs a page (`<prefix>-<name>.png`) and checks it with axe;
 * `everyStepAccessible()`, called last, adds the test that no step had an axe violation of any impact.
 */
export function onTwoPhones(
  o: {
    prefix: string;
    chefLocale: string;
    env?: NodeJS.ProcessEnv;
    restaurantViewport?: { width: number; height: number };
    chefViewport?: { width: number; height: number };
  },
  cast: (c: Cast) => void,
) {
  const violations: AxeViolation[] = [];
  let story: Story | undefined;
  beforeAll(async () => {
    story = await startStory(o.env);
    const restaurant = await story.person('restaurant', 'en-US', o.restaurantViewport);
    cast({ story, restaurant, chef: await story.person('chef', o.chefLocale, o.chefViewport) });
  }, 120_000);
  afterAll(async () => {
    await story?.stop();
  });
  return {
    step: async (page: Page, name: string) => {
      await page.waitForLoadState('domcontentloaded');
      violations.push(...(await checkStep(page, `${o.prefix}-${name}`)));
    },
    everyStepAccessible: () =>
      test('every step of the story is free of accessibility violations (every impact)', () => {
        const summary = [
          ...new Set(
            violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
          ),
        ];
        expect(summary).toEqual([]);
      }),
  };
}

/**
 * Waits for `locator`, reloading the page now and then (lists that poll slowly, events that land late). Each
 * wait is longer than the last, so a page that renders slowly (a loaded CI machine) is not reloaded forever.
 */
export async function eventually(page: Page, locator: Locator, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await locator
        .first()
        .waitFor({ timeout: Math.max(1_000, Math.min(5_000 * attempt, until - Date.now())) });
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await page.reload();
    }
  }
}

export type SignUpTexts = Record<
  'email' | 'phone' | 'password' | 'confirm' | 'submit' | 'code' | 'verify',
  string
> & { tos: RegExp };

export const SIGN_UP_EN: SignUpTexts = {
  email: 'Email',
  phone: 'Phone number',
  password: 'Password',
  confirm: 'Confirm password',
  tos: /I accept the terms/,
  submit: 'Sign Up',
  code: 'Verification code',
  verify: 'Verify',
};

/** Photographs (and checks) the page as it is now under `name`: a story's `step`, handed to the shared steps. */
export type Shot = (name: string) => Promise<void>;
const noShot: Shot = async () => {};

export async function signUp(
  story: Story,
  page: Page,
  type: 'restaurant' | 'chef',
  t: SignUpTexts,
  shot: Shot = noShot,
) {
  const phone = uniquePhone();
  await page.goto(story.url(`/signup?type=${type}`));
  await page.getByLabel(t.email, { exact: true }).fill(uniqueEmail(type));
  await page.getByLabel(t.phone).fill(phone);
  await page.getByLabel(t.password, { exact: true }).fill('kitchen-shift-1');
  await page.getByLabel(t.confirm).fill('kitchen-shift-1');
  await page.getByLabel(t.tos).check();
  await shot('signup');
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForURL('**/verify-phone');
  await page.getByLabel(t.code).fill(await smsCode(story.brigade.url, phone));
  await shot('verify-phone');
  await page.getByRole('button', { name: t.verify, exact: true }).click();
  await page.waitForURL('**/onboarding/*');
}

/** The chef's onboarding and payment setup texts, per language. */
export interface ChefJoinTexts {
  signUp: SignUpTexts;
  name: string;
  bio: string;
  city: string;
  next: string;
  complete: string;
  create: string;
  done: string;
}

export const CHEF_JOIN_EN: ChefJoinTexts = {
  signUp: SIGN_UP_EN,
  name: 'Full name',
  bio: 'Bio',
  city: 'City',
  next: 'Next',
  complete: 'Complete Setup',
  create: 'Create Account',
  done: 'Setup Complete',
};

export const CHEF_JOIN_ES: ChefJoinTexts = {
  signUp: {
    email: 'Correo electrónico',
    phone: 'Número de teléfono',
    password: 'Contraseña',
    confirm: 'Confirmar contraseña',
    tos: /Acepto los términos/,
    submit: 'Registrarse',
    code: 'Código de verificación',
    verify: 'Verificar',
  },
  name: 'Nombre completo',
  bio: 'Biografía',
  city: 'Ciudad',
  next: 'Siguiente',
  complete: 'Completar configuración',
  create: 'Crear cuenta',
  done: 'Configuración completa',
};

/**
 * A restaurant (English) signs up, verifies, onboards in Minneapolis (open on Mondays: hours start empty) and saves
 * its card; `shot` photographs each screen (signup, verify-phone, onboarding-1..3, dashboard, payment-setup,
 * card-form, card-saved).
 */
export async function joinAsRestaurant(
  story: Story,
  page: Page,
  r: { name: string; description: string; address: string; cuisine: string },
  shot: Shot = noShot,
) {
  await signUp(story, page, 'restaurant', SIGN_UP_EN, shot);
  await page.getByLabel('Restaurant name').fill(r.name);
  await page.getByLabel('Description').fill(r.description);
  await page.getByLabel('Street address').fill(r.address);
  await page.getByLabel('City').selectOption('Minneapolis');
  await shot('onboarding-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: r.cuisine }).click();
  await shot('onboarding-2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Setup' }).waitFor();
  // hours start empty: the restaurant opens on Mondays
  await page.getByRole('checkbox', { name: /^Monday/ }).check();
  await shot('onboarding-3');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.waitForURL('**/dashboard/restaurant');
  await shot('dashboard');
  await saveCard(story, page, undefined, shot);
}

/**
 * A restaurant saves its card on Payment Setup (a SetupIntent confirmed in the sandbox): no payout account; `shot`
 * photographs payment-setup, card-form and card-saved.
 */
export async function saveCard(story: Story, page: Page, number = '4242424242424242', shot: Shot = noShot) {
  await page.goto(story.url('/payments/stripe/onboarding'));
  await page.getByRole('button', { name: 'Add a card' }).waitFor();
  await shot('payment-setup');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await card(page, number);
  await shot('card-form');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page
    .getByTestId('saved-card')
    .getByText(`•••• ${number.slice(-4)}`)
    .waitFor({ timeout: 15_000 });
  await shot('card-saved');
}

/**
 * A chef signs up, verifies, onboards in Minneapolis with `skills` (as the screen names them) and sets up payouts;
 * `shot` photographs each screen (signup, verify-phone, onboarding-1..3, dashboard, payment-setup,
 * sandbox-onboarding, payouts-set-up).
 */
export async function joinAsChef(
  story: Story,
  page: Page,
  c: { name: string; bio: string; skills: string[] },
  t: ChefJoinTexts,
  shot: Shot = noShot,
) {
  await signUp(story, page, 'chef', t.signUp, shot);
  await page.getByLabel(t.name).fill(c.name);
  await page.getByLabel(t.bio).fill(c.bio);
  await page.getByLabel(t.city).selectOption('Minneapolis');
  await shot('onboarding-1');
  await page.getByRole('button', { name: t.next }).click();
  for (const skill of c.skills) await page.getByRole('button', { name: skill }).click();
  await shot('onboarding-2');
  await page.getByRole('button', { name: t.next }).click();
  await page.getByRole('button', { name: t.complete }).waitFor();
  await shot('onboarding-3');
  await page.getByRole('button', { name: t.complete }).click();
  await page.waitForURL('**/dashboard/chef');
  await shot('dashboard');
  await setUpPayments(story, page, { create: t.create, done: t.done }, shot);
  await shot('payouts-set-up');
}

/** The log-in form's texts, per language. */
export const LOG_IN_EN = { email: 'Email', password: 'Password', submit: 'Log In' };
export const LOG_IN_ES = { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' };

/** `who` logs in on `page` through the log-in form, and lands where the app takes them. */
export async function logIn(
  story: Story,
  page: Page,
  who: { email: string; password: string },
  t: typeof LOG_IN_EN = LOG_IN_EN,
) {
  await page.goto(story.url('/login'));
  await page.getByLabel(t.email).fill(who.email);
  await page.getByLabel(t.password, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Where the joined-through-the-API people are, as choosing Minneapolis in onboarding fills it in. */
const MINNEAPOLIS = {
  city: 'Minneapolis',
  state: CITIES.Minneapolis.state,
  latitude: String(CITIES.Minneapolis.latitude),
  longitude: String(CITIES.Minneapolis.longitude),
};

/** Complete Setup through the API: the profile saved, its id kept on the account. */
async function saveProfile(api: Api, account: Account, body: Record<string, string>) {
  const saved = await api.call('POST', `/api/profiles/${account.type}`, { token: account.token, body });
  account.profileId = expectStatus(saved, 200).body.profile.id;
}

/**
 * What `joinAsRestaurant` leaves, through the API (for the stories whose subject comes after joining: the sign-up
 * and onboarding screens are shift-story's and phone-forms'): a verified account with the terms accepted, its
 * profile in Minneapolis open on Mondays, the sandbox card saved; then it logs in on `page`.
 */
export async function joinAsRestaurantByApi(
  story: Story,
  page: Page,
  r: { name: string; description: string; address: string; cuisine: string },
): Promise<Account> {
  const api = apiOf(story);
  const account = await registerAccount(api, 'restaurant');
  await saveProfile(api, account, {
    name: r.name,
    description: r.description,
    address: r.address,
    ...MINNEAPOLIS,
    operatingHours: JSON.stringify({
      ...DEFAULT_RESTAURANT_HOURS,
      monday: { ...DEFAULT_RESTAURANT_HOURS.monday, closed: false },
    }),
    cuisineTypes: JSON.stringify([r.cuisine]),
  });
  await saveCardByApi(api, account);
  await logIn(story, page, account);
  return account;
}

/**
 * What `joinAsChef` leaves, through the API: a verified account in `language` with the terms accepted, its profile
 * in Minneapolis with `skills` (the catalog's names) and the default availability, payouts set up in the sandbox;
 * then it logs in on `page` (the form in the account's language).
 */
export async function joinAsChefByApi(
  story: Story,
  page: Page,
  c: { name: string; bio: string; skills: string[]; language: 'en' | 'es' },
): Promise<Account> {
  const api = apiOf(story);
  const account = await registerAccount(api, 'chef', { language: c.language });
  await saveProfile(api, account, {
    name: c.name,
    bio: c.bio,
    ...MINNEAPOLIS,
    travelRadius: String(DEFAULT_TRAVEL_RADIUS),
    skills: JSON.stringify(c.skills),
    availability: JSON.stringify(DEFAULT_CHEF_AVAILABILITY),
  });
  await onboardPayouts(api, account);
  await logIn(story, page, account, c.language === 'es' ? LOG_IN_ES : LOG_IN_EN);
  return account;
}

/**
 * Payment setup through the sandbox's hosted onboarding page; `shot` photographs the setup page
 * (payment-setup) and the sandbox's page (sandbox-onboarding).
 */
export async function setUpPayments(
  story: Story,
  page: Page,
  t: { create: string; done: string },
  shot: Shot = noShot,
) {
  await page.goto(story.url('/payments/stripe/onboarding'));
  await page.getByRole('button', { name: t.create }).waitFor();
  await shot('payment-setup');
  await page.getByRole('button', { name: t.create }).click();
  await page.waitForURL('**/sandbox/stripe/connect/onboarding/**');
  await page.getByRole('button', { name: 'Complete onboarding' }).waitFor();
  await shot('sandbox-onboarding');
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await page.waitForURL('**/payments/stripe/onboarding-complete?setup=complete');
  await page.getByRole('heading', { name: t.done }).waitFor({ timeout: 15_000 });
}

/** Fills the sandbox card form. */
export async function card(
  page: Page,
  number: string,
  labels = { number: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC' },
) {
  await page.getByLabel(labels.number).fill(number);
  await page.getByLabel(labels.expiry).fill('12 / 30');
  await page.getByLabel(labels.cvc).fill('123');
}

/** Times as a datetime-local field holds them in the page's own time zone, to the second (one round trip). */
export async function localInputs(page: Page, times: number[]): Promise<string[]> {
  return page.evaluate((times) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    return times.map((at) => {
      const d = new Date(at);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    });
  }, times);
}

/**
 * Start and end of a shift `fromNowMs` ahead of the page's clock (the start to the whole second), as datetime-local
 * values in the browser's own time zone.
 */
export async function shiftTimes(
  page: Page,
  fromNowMs: number,
  hours: number,
): Promise<{ start: string; end: string; startsAt: number }> {
  const now = await page.evaluate(() => Date.now());
  const startsAt = Math.floor((now + fromNowMs) / 1_000) * 1_000;
  const [start, end] = await localInputs(page, [startsAt, startsAt + hours * 3_600_000]);
  return { start, end, startsAt };
}

/**
 * Fills Post Shift (English) up to the card: `card: 'saved'` keeps the saved card the page offers first, a number
 * is entered in the card field ("Use another card"). The caller presses Post Shift and Pay.
 */
export async function postShift(
  story: Story,
  page: Page,
  o: { position: string; fromNowMs: number; hours?: number; rate: string; urgent: boolean; card: string },
) {
  await page.goto(story.url('/jobs/post'));
  await page.getByRole('heading', { name: 'Post Shift' }).waitFor();
  await page.getByLabel('Position').selectOption(o.position);
  const times = await shiftTimes(page, o.fromNowMs, o.hours ?? 4);
  await page.getByLabel('Start', { exact: true }).fill(times.start);
  await page.getByLabel('End', { exact: true }).fill(times.end);
  await page.getByLabel('Hourly rate ($)').fill(o.rate);
  if (o.urgent) await page.getByLabel('Urgent').check();
  if (o.card === 'saved') {
    await page.getByTestId('saved-card').waitFor();
    return times;
  }
  // A restaurant with a saved card is offered it first: this story enters the card.
  const another = page.getByRole('button', { name: 'Use another card' });
  await another.or(page.getByLabel('Card number')).first().waitFor();
  if (await another.isVisible()) await another.click();
  await card(page, o.card);
  return times;
}
