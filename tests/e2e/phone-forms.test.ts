import type { Page } from 'playwright-core';
import {
  acceptAndConfirm,
  apiCall,
  apply,
  payJob,
  postJob,
  signUp as signUpByApi,
  type Account,
  type Api,
} from '../hardening/support/stack';
import { checkStep, type AxeViolation } from './browser';
import {
  CHEF_JOIN_EN,
  joinAsChef,
  joinAsRestaurant,
  logIn,
  startStory,
  type Shot,
  type Story,
} from './story';

// Issue 32, item 8: every form of the product on a phone, at 320 and 375 px, in English and Spanish. One product
// start, one sign-up per role (through the forms themselves). At each width and language a form shows no
// horizontal scroll, no control whose text is cut (wider than its box, or a box past the screen's edge: the
// availability times that hid a.m./p.m.), and axe finds nothing of any impact. Each check is photographed
// (tests/e2e/screenshots/forms-<screen>-<lang>-<width>.png). The smaller items that only a browser shows are here too:
// the signed-in header on the verify-phone page, a dashboard checklist that does not push the page down as it
// loads, Earnings in the chef's tab bar, and Message opening the shift's own thread on a phone.

const WIDTHS = [320, 375];
const LANGUAGES = ['es', 'en'] as const; // English last: the shared steps fill the forms by their English labels
const HEIGHT = 740;

let story: Story;
let api: Api['call'];
let restaurant: Page;
let chef: Page;
const accounts: { restaurant?: Account; chef?: Account } = {};
/** The shift the chef of the story holds (its thread is opened from My Shifts). */
const booked: { jobId?: string } = {};
/**
 * A shift of one minute, starting 20 s after the product starts, held by a chef of two accounts made through the
 * API: its checkout forms open (at the latest) at its end, while the other steps run.
 */
const short: { applicationId?: string; endsAt?: number; chef?: Account; restaurant?: Account } = {};
const problems: string[] = [];
const violations: AxeViolation[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const url = (path: string) => story.url(path);

/** Two animation frames: the layout after a resize or a language change is done. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.evaluate(
    'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))',
  );
};

/** The interface in `lng`: the header's language switch (it saves the choice for a signed-in person). */
async function useLanguage(page: Page, lng: 'en' | 'es') {
  await page.locator('.lang-toggle').first().waitFor();
  if ((await page.getAttribute('html', 'lang')) === lng) return;
  await page.locator(`.lang-toggle button[lang="${lng}"]`).first().click();
  await page.locator(`html[lang="${lng}"]`).waitFor({ state: 'attached' });
  await page.locator('.spinner').first().waitFor({ state: 'detached' });
}

/**
 * What a person on this width cannot use (evaluated in the page): a page wider than the screen, and every visible
 * control (input, select, textarea, button, button-like link, tab, nav link) whose box leaves the screen or whose
 * own text is cut: a button's or a tab's label, a select's chosen option, an empty field's placeholder, and a time
 * or date input narrower than its format needs (the availability times that hid a.m./p.m.). What a person types
 * into a text field may be longer than the field (it scrolls inside it): that is not a layout fault.
 */
const LAYOUT_PROBLEMS = `(() => {
  const out = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth)
    out.push('horizontal scroll (' + root.scrollWidth + ' > ' + root.clientWidth + ' px)');
  const vw = root.clientWidth;
  const canvas = document.createElement('canvas').getContext('2d');
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.innerText || el.value || el.placeholder || '').trim();
    return '<' + el.tagName.toLowerCase() + (el.id && !el.id.startsWith('_') ? '#' + el.id : '') + '> "' +
      text.slice(0, 40) + '"';
  };
  const textWidth = (el, text) => {
    canvas.font = getComputedStyle(el).font;
    return canvas.measureText(text).width;
  };
  const room = (el) => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const typed = ['text', 'email', 'tel', 'password', 'number', 'search', 'url'];
  const controls = document.querySelectorAll(
    'input:not([type=hidden]), select, textarea, button, a.btn, [role=tab], a.nav-link',
  );
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    // visually hidden controls (a star's radio) and controls not shown
    if (box.width <= 2 || box.height <= 2 || !el.checkVisibility()) continue;
    if (box.left < -0.5 || box.right > vw + 0.5)
      out.push(describe(el) + ' leaves the screen (' + Math.round(box.left) + '..' + Math.round(box.right) + ')');
    const field = el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && typed.includes(el.type));
    if (field) {
      if (!el.value && el.placeholder && el.tagName === 'INPUT' && textWidth(el, el.placeholder) > room(el) + 1)
        out.push(describe(el) + ' placeholder is cut');
    } else if (el.scrollWidth > el.clientWidth + 1) {
      out.push(describe(el) + ' is cut (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
    }
    if (el.tagName === 'INPUT' && ['time', 'date', 'datetime-local'].includes(el.type)) {
      const copy = el.cloneNode();
      copy.removeAttribute('id');
      copy.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;';
      copy.value = el.value;
      el.parentElement.appendChild(copy);
      const needed = copy.getBoundingClientRect().width;
      copy.remove();
      if (box.width + 1 < needed)
        out.push(describe(el) + ' is cut (' + Math.round(box.width) + ' of ' + Math.round(needed) + ' px)');
    }
    // a tab's label may take two lines, never a word split in two ("Mensaje / s")
    for (const label of el.querySelectorAll('.nav-label')) {
      const words = label.textContent.split(/\\s+/).filter(Boolean);
      const widest = Math.max(...words.map((w) => textWidth(label, w)));
      if (widest > label.clientWidth + 0.5) out.push(describe(el) + ' splits a word (' + Math.round(widest) + ' > ' + label.clientWidth + ' px)');
    }
    if (el.tagName === 'SELECT' && el.selectedOptions[0]) {
      const text = textWidth(el, el.selectedOptions[0].text);
      const free = room(el) - 16; // the arrow
      if (text > free + 1) out.push(describe(el) + ' is cut (' + Math.round(text) + ' > ' + Math.round(free) + ' px)');
    }
  }
  return out;
})()`;

async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const found = (await page.evaluate(LAYOUT_PROBLEMS)) as string[];
  return found.map((p) => `${where}: ${p}`);
}

/**
 * Checks the page as it is now in both languages at both phone widths (layout, axe, a photograph), and leaves it
 * in English at 375 px. `ready` waits for what the screen must show before it is judged (it may open a panel);
 * `after` runs once a language is checked (it may close a dialog, so the header's language switch is reachable).
 */
async function checkForm(
  page: Page,
  name: string,
  ready: () => Promise<unknown> = async () => {},
  after: () => Promise<unknown> = async () => {},
) {
  for (const lng of LANGUAGES) {
    await useLanguage(page, lng);
    await ready();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      const where = `${name} ${lng} ${width}px`;
      problems.push(...(await layoutProblems(page, where)));
      violations.push(...(await checkStep(page, `forms-${name}-${lng}-${width}`)));
    }
    await after();
  }
  await page.setViewportSize({ width: 375, height: HEIGHT });
}

/** The sandbox's own pages (English only): layout and axe at both widths. */
async function checkSandboxPage(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await settle(page);
    problems.push(...(await layoutProblems(page, `${name} ${width}px`)));
    violations.push(...(await checkStep(page, `forms-${name}-${width}`)));
  }
  await page.setViewportSize({ width: 375, height: HEIGHT });
}

/** A shared step's photograph becomes a full check of the screen it names (the others are let through). */
const formShots =
  (page: Page, role: string, forms: string[], extra: Record<string, () => Promise<void>> = {}): Shot =>
  async (name) => {
    await extra[name]?.();
    if (forms.includes(name)) await checkForm(page, `${role}-${name}`);
  };

/** The API session of a person who signed up in the browser. */
async function accountOf(page: Page, type: 'chef' | 'restaurant'): Promise<Account> {
  const s = JSON.parse((await page.evaluate('localStorage.getItem("brigade.session")')) as string);
  return {
    id: s.user.id,
    type,
    email: s.user.email,
    phone: s.user.phone,
    password: 'kitchen-shift-1',
    token: s.access_token,
    refresh: s.refresh_token,
  };
}

beforeAll(async () => {
  story = await startStory();
  api = apiCall(story.brigade.url);
  const phone = { width: 375, height: HEIGHT };
  restaurant = await story.person('restaurant', 'en-US', phone);
  chef = await story.person('chef', 'en-US', phone);

  const stack = { call: api, url: story.brigade.url, clock: story.clock };
  const [r, c] = await Promise.all([signUpByApi(stack, 'restaurant'), signUpByApi(stack, 'chef')]);
  const job = await postJob(stack, r, 20_000, 1 / 60, 60);
  await payJob(stack, r, job);
  short.applicationId = await apply(stack, c, job);
  await acceptAndConfirm(stack, r, c, short.applicationId);
  Object.assign(short, { endsAt: job.start.getTime() + 60_000, chef: c, restaurant: r });
}, 120_000);
afterAll(async () => {
  await story?.stop();
});

test('signed out: sign-in, sign-up and both steps of a password reset fit at 320 and 375 px in both languages', async () => {
  await restaurant.goto(url('/login'));
  await checkForm(restaurant, 'login', () => restaurant.locator('form button[type=submit]').waitFor());
  await restaurant.goto(url('/signup'));
  await checkForm(restaurant, 'signup-empty', () => restaurant.locator('form button[type=submit]').waitFor());
  // "Forgot password?": the account by phone or email, then the code and the new password (the answer is the same
  // whether or not an account matches, so an unknown email reaches the second step)
  await restaurant.goto(url('/forgot-password'));
  await checkForm(restaurant, 'forgot-password', () =>
    restaurant.locator('form button[type=submit]').waitFor(),
  );
  await restaurant.locator('label.role-option', { has: restaurant.locator('input[value=email]') }).click();
  await restaurant.locator('input[type=email]').fill('nobody-at-all@brigade.test');
  await restaurant.getByRole('button', { name: 'Send code' }).click();
  await checkForm(restaurant, 'reset-password', () =>
    restaurant.locator('input[autocomplete=one-time-code]').waitFor(),
  );
}, 90_000);

test('a restaurant signs up, verifies (signed in, it sees its own header), onboards and saves its card', async () => {
  const signedInHeader = async () => {
    // signed in after sign-up: the verify page shows the person's own header, never "Log In / Sign Up"
    await restaurant.getByLabel('Verification code').waitFor();
    const header = {
      account: await restaurant.getByRole('button', { name: /Account/ }).count(),
      logIn: await restaurant.getByRole('link', { name: 'Log In' }).count(),
      signUp: await restaurant.getByRole('link', { name: 'Sign Up' }).count(),
    };
    if (header.account !== 1 || header.logIn || header.signUp)
      problems.push(`verify-phone, signed in: the header is not the signed-in one ${JSON.stringify(header)}`);
  };
  await joinAsRestaurant(
    story,
    restaurant,
    {
      name: 'Taquería La Estrella del Norte',
      description: 'Tacos al pastor, pozole y salsas de la casa.',
      address: '2500 Central Ave NE',
      cuisine: 'Mexican',
    },
    formShots(
      restaurant,
      'restaurant',
      [
        'signup',
        'verify-phone',
        'onboarding-1',
        'onboarding-2',
        'onboarding-3',
        'payment-setup',
        'card-form',
        'card-saved',
      ],
      { 'verify-phone': signedInHeader },
    ),
  );
  accounts.restaurant = await accountOf(restaurant, 'restaurant');
}, 150_000);

test('a chef signs up, onboards and sets up payouts through the sandbox', async () => {
  await joinAsChef(
    story,
    chef,
    {
      name: 'Guadalupe Hernández',
      bio: 'Cocinera de línea: parrilla, salteado y preparación.',
      skills: ['Line Cook', 'Prep Cook'],
    },
    CHEF_JOIN_EN,
    async (name) => {
      if (name === 'sandbox-onboarding') return checkSandboxPage(chef, 'chef-sandbox-onboarding');
      if (['verify-phone', 'onboarding-1', 'onboarding-2', 'onboarding-3', 'payment-setup'].includes(name))
        await checkForm(chef, `chef-${name}`);
    },
  );
  await checkForm(chef, 'chef-payouts-set-up');
  accounts.chef = await accountOf(chef, 'chef');

  // The restaurant's shift tomorrow, which the chef holds: its thread is opened from My Shifts below.
  const r = accounts.restaurant!;
  const c = accounts.chef;
  const stack = { call: api, url: story.brigade.url, clock: story.clock };
  const job = await postJob(stack, r, 26 * 3_600_000, 4, 22);
  await payJob(stack, r, job);
  booked.jobId = job.id;
  await acceptAndConfirm(stack, r, c, await apply(stack, c, job));
}, 150_000);

test('a payout page reached again (refresh) and Post Shift fit', async () => {
  await chef.goto(url('/payments/stripe/onboarding-refresh'));
  await checkForm(chef, 'chef-payment-refresh', () => chef.locator('main h1').waitFor());
  await restaurant.goto(url('/jobs/post'));
  await checkForm(restaurant, 'restaurant-post-shift', () => restaurant.getByTestId('saved-card').waitFor());
}, 60_000);

test('every settings tab fits, for both roles', async () => {
  for (const [page, role, tabs] of [
    [restaurant, 'restaurant', ['profile', 'preferences', 'notifications']],
    [chef, 'chef', ['profile', 'preferences', 'notifications', 'payments']],
  ] as const) {
    await page.goto(url('/settings'));
    for (const tab of tabs) {
      await checkForm(page, `${role}-settings-${tab}`, async () => {
        await page.locator(`#tab-${tab}`).click();
        await page.locator(`#panel-${tab}`).waitFor();
      });
    }
  }
}, 90_000);

test("the open shifts' filters and the home ZIP editor fit", async () => {
  await chef.goto(url('/openings'));
  await chef.locator('button[aria-controls="openings-filters"]').waitFor();
  // the filters are a dialog over the list: opened for each language, closed before the header's language switch
  await checkForm(
    chef,
    'chef-openings-filters',
    async () => {
      await chef.locator('button[aria-controls="openings-filters"]').click();
      await chef.locator('#openings-filters').waitFor();
    },
    async () => {
      await chef.keyboard.press('Escape');
      await chef.locator('#openings-filters').waitFor({ state: 'detached' });
    },
  );
  // where distances are measured from: the editor opens in place above the list
  await checkForm(chef, 'chef-openings-home', async () => {
    if (!(await chef.locator('#openings-home').count()))
      await chef.locator('button[aria-controls="openings-home"]').click();
    await chef.locator('#openings-home').waitFor();
  });
}, 60_000);

test("the chef's tab bar holds Earnings at 320 px; Message opens the shift's own thread on a phone", async () => {
  await chef.setViewportSize({ width: 320, height: HEIGHT });
  await chef.goto(url('/dashboard/chef'));
  const tabs = chef.getByRole('navigation', { name: 'Main' });
  await tabs.getByRole('link').first().waitFor();
  problems.push(...(await layoutProblems(chef, 'chef tab bar 320px')));
  const earnings = tabs.getByRole('link', { name: 'Earnings' });
  if (await earnings.count()) {
    await earnings.click();
    await chef.waitForURL('**/earnings');
    expect(await tabs.locator('a[aria-current="page"]').innerText()).toContain('Earnings');
  } else problems.push('the chef tab bar has no Earnings');

  await chef.setViewportSize({ width: 375, height: HEIGHT });
  await chef.goto(url('/my-shifts'));
  // the booked shift's Message button on My Shifts
  await chef.locator(`a[href="/messages?job=${booked.jobId}"]`, { hasText: 'Message' }).click();
  await chef.waitForURL(`**/messages?job=${booked.jobId}`);
  // the shift's own thread, not the list: its title names the position and the restaurant, whole on the screen
  const title = chef.locator('.thread-title');
  await title.getByText('Taquería La Estrella del Norte').waitFor();
  expect(await chef.locator('.conversations').isVisible()).toBe(false);
  const box = (await title.boundingBox())!;
  expect({ right: Math.round(box.x + box.width) <= 375 }).toEqual({ right: true });
  expect(await title.innerText()).toContain('Line Cook');
  expect(
    await title
      .locator('.thread-title-main')
      .evaluate((e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth <= e.clientWidth),
  ).toBe(true);
  await checkForm(chef, 'chef-messages', () => chef.locator('#message-input').waitFor());

  await restaurant.goto(url(`/messages?job=${booked.jobId}`));
  await checkForm(restaurant, 'restaurant-messages', () => restaurant.locator('#message-input').waitFor());
}, 90_000);

test('the dashboard checklist holds its place while it loads: what is below it does not move', async () => {
  // The dashboards' reads answer late, as on a slow phone network; the top of the block below the checklist is
  // recorded on every frame from the first paint.
  await restaurant.route(/\/api\/(jobs|applications|payments\/connect\/account-status)/, async (route) => {
    await sleep(800);
    await route.continue().catch(() => undefined);
  });
  await restaurant.addInitScript({
    content: `(() => {
      const tops = (window.belowChecklist = []);
      const frame = () => {
        const below = document.querySelector('main .grid-2');
        if (below) {
          const top = Math.round(below.getBoundingClientRect().top + window.scrollY);
          if (tops[tops.length - 1] !== top) tops.push(top);
        }
        if (performance.now() < 10000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`,
  });
  await restaurant.goto(url('/dashboard/restaurant'));
  await restaurant.locator('.checklist a').first().waitFor({ timeout: 15_000 });
  await sleep(300);
  const tops = (await restaurant.evaluate('window.belowChecklist')) as number[];
  expect(tops.length).toBeGreaterThan(0);
  expect(tops).toEqual([tops[0]]);
  await restaurant.unroute(/\/api\/(jobs|applications|payments\/connect\/account-status)/);
}, 60_000);

test('both checkout forms fit once the shift is over', async () => {
  await story.until(short.endsAt! + 800); // the product's clock and every phone's (ADR 41)
  for (const who of ['chef', 'restaurant'] as const) {
    const account = short[who]!;
    const page = await story.person(`${who} (checkout)`, 'en-US', { width: 375, height: HEIGHT });
    await logIn(story, page, account);
    await page.waitForURL('**/dashboard/**');
    await page.goto(url(`/checkout/${short.applicationId}`));
    await checkForm(page, `${who}-checkout`, () => page.locator('main form button[type=submit]').waitFor());
  }
}, 120_000);

test('no form is cut or scrolls sideways at 320 or 375 px, in English or Spanish', () => {
  expect(problems).toEqual([]);
});

test('every screen checked is free of accessibility violations (every impact)', () => {
  const summary = [
    ...new Set(
      violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
      ),
    ),
  ];
  expect(summary).toEqual([]);
});
