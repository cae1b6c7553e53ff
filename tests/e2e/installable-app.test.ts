import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from 'playwright-core';
import { checkStep, CHROMIUM, controlled, PHONE, type AxeViolation } from './browser';
import { buildWebOnce } from './build-web';
import { signUp, SIGN_UP_EN, startStory, type Story } from './story';

// The installable app (issue 40) in Chromium on a 375 px phone, against the whole product in embedded mode:
// Chromium finds nothing missing to install it and the manifest starts at /dashboard; once the service worker
// controls the page, a visit loads no code from the network, and offline a reload still shows the app (from the
// worker's cache) with the offline banner; the API's answers never come from the worker; a new release waits
// for the person's Reload. The product serves a copy of the build, so the new release touches no other test.

let story: Story;
let dist: string;
const violations: AxeViolation[] = [];

beforeAll(async () => {
  await buildWebOnce();
  dist = mkdtempSync(path.join(tmpdir(), 'brigade-installable-dist-'));
  cpSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'), dist, {
    recursive: true,
  });
  story = await startStory({ WEB_DIST: dist });
}, 180_000);

afterAll(async () => {
  await story?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** No control of the page wider than the screen (the banner at 375 px). */
async function fitsTheScreen(page: Page): Promise<void> {
  const wide = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(wide).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('Chromium can install the app, which starts at /dashboard', async () => {
  // A profile of its own: Chromium never offers to install from an incognito context (a test's usual one).
  const profile = mkdtempSync(path.join(tmpdir(), 'brigade-installable-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, viewport: PHONE });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(story.url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, data, errors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      data?: string;
      errors: { message: string; critical: number }[];
    };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Brigade', start_url: '/dashboard', display: 'standalone' });
    // The start URL opens the signed-out visitor's sign-in.
    await page.goto(story.url('/dashboard'));
    await page.waitForURL('**/login');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}, 120_000);

test('a signed-in chef loads no code from the network, reads the app offline, and the API is never cached', async () => {
  const page = await story.person('chef', 'en-US');
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await signUp(story, page, 'chef', SIGN_UP_EN);
  await controlled(page);

  // A second visit: the page and every script and style come from the worker; the API from the network.
  responses.length = 0;
  await page.goto(story.url('/dashboard'));
  await page.waitForURL('**/dashboard/chef');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const code = responses.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname));
  expect(code.length).toBeGreaterThan(0);
  expect(code.filter((r) => !r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  const pageAnswer = responses.find((r) => new URL(r.url()).pathname === '/dashboard');
  expect(pageAnswer?.fromServiceWorker()).toBe(true);
  const api = responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  expect(await page.getByRole('complementary', { name: 'App status' }).count()).toBe(0);

  // Offline: a reload still shows the app, with the banner; nothing the API answered came from the worker.
  await page.context().setOffline(true);
  responses.length = 0;
  await page.reload();
  await page.waitForURL('**/dashboard/chef');
  const banner = page.getByRole('complementary', { name: 'App status' });
  await banner.getByText('You are offline.').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await fitsTheScreen(page);
  violations.push(...(await checkStep(page, 'installable-offline')));
  expect(
    responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/') && r.fromServiceWorker()),
  ).toEqual([]);

  // Back online: the banner goes and the page asks the API again.
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/') && r.ok());
  await page.context().setOffline(false);
  await asked;
  await banner.waitFor({ state: 'detached' });
  await page.context().close();
}, 180_000);

test('a new release is offered with Reload, and takes over only when the person taps it', async () => {
  const page = await story.person('visitor', 'es-ES');
  await page.goto(story.url('/login'));
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  await controlled(page);

  // The next release's worker, found when the browser looks for one.
  appendFileSync(path.join(dist, 'sw.js'), '\n// the next release\n');
  await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
  const prompt = page.getByRole('complementary', { name: 'Estado de la aplicación' });
  await prompt.getByText('Hay una nueva versión').waitFor();
  await fitsTheScreen(page);
  violations.push(...(await checkStep(page, 'installable-new-version')));
  // Nothing changes until the person asks: the new worker waits, the old one still controls the page.
  const waiting = () =>
    page.evaluate<boolean>('navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)');
  expect(await waiting()).toBe(true);
  expect(await page.evaluate<boolean>('!!navigator.serviceWorker.controller')).toBe(true);

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Recargar' }).click();
  await reloaded;
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  expect(await prompt.count()).toBe(0);
  // The new worker took over: none waits, one controls the page.
  expect(await waiting()).toBe(false);
  expect(await page.evaluate<boolean>('!!navigator.serviceWorker.controller')).toBe(true);
  await page.context().close();
}, 120_000);

afterAll(() => {
  expect(violations).toEqual([]);
});
