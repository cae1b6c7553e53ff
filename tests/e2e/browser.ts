// Browser-test helpers: Debian's Chromium through playwright-core (never a downloaded browser), requests to
// anything but this machine refused, screenshots at desktop and phone width, and axe-core on every main screen.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOTS = path.join(here, 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/**
 * Chromium's features the browser tests turn off. Chromium reads only the last `--disable-features`, so this one
 * repeats Playwright's own list (its chromiumSwitches.ts; tests/e2e/browser.test.ts fails when an upgrade of
 * Playwright adds to it) before the browser's own UI that no test reads: Chromium 156's preloaded address-bar
 * pop-ups.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];
export const BROWSER_UI_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];
const DISABLED_FEATURES = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`;

/** How every browser test starts Chromium (also a persistent profile: tests/e2e/installable-app.test.ts). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
    // Nothing but this machine: every request goes to a proxy that is not there (the discard port), and Chromium
    // sends loopback (localhost, 127.0.0.1) straight, never through a proxy. A request interception in
    // Playwright (`context.route`) did this before: it turns Chromium's HTTP cache off, so every page load parsed
    // the app's scripts anew (the vendor chunk 26 times in shift-story instead of 4), about a tenth of Chromium's CPU.
    '--proxy-server=http://127.0.0.1:9',
    // Chromium's headless mode is the whole browser: each new context (every person of a story) opened a
    // window whose address bar preloaded its WebUI pop-ups (chrome://omnibox-popup.top-chrome/, twice) in a
    // renderer of their own, ~1.4 s of CPU a context on a 2-core machine, beside the page under test.
    DISABLED_FEATURES,
  ],
};

export function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the page as it is now, every impact (minor and moderate included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  // Evaluated through the DevTools protocol: the product's Content-Security-Policy forbids inline scripts.
  if (!loaded) await page.evaluate(axeSource);
  // Only what a failure names leaves the page: axe's whole result (every rule's checks, passes and messages) cost
  // Playwright ~2 s of the test process's CPU a story to serialize and check, for fields nobody reads.
  return (await page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) =>
    r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    })))`)) as AxeViolation[];
}

/**
 * A main screen: screenshots at desktop and phone width (tests/e2e/screenshots/<name>-desktop|phone.png) and axe at
 * both widths. Returns the violations found (empty when clean).
 */
export async function checkScreen(page: Page, name: string): Promise<AxeViolation[]> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const found: AxeViolation[] = [];
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50); // one layout pass after the resize
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    for (const v of await axeViolations(page)) found.push({ ...v, help: `[${name} ${label}] ${v.help}` });
  }
  await page.setViewportSize(original);
  return found;
}

/**
 * One step of a story at the page's own (phone) width: a screenshot (tests/e2e/screenshots/<name>.png) and axe.
 * Returns the violations found, of any impact (empty when clean).
 */
export async function checkStep(page: Page, name: string): Promise<AxeViolation[]> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate('window.scrollTo(0, 0)'); // the sticky navigation bar stays on top in a full-page shot
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  return (await axeViolations(page)).map((v) => ({ ...v, help: `[${name}] ${v.help}` }));
}

/** Resolves once a service worker (issue 40's installable app) is active and controls the page. */
export async function controlled(page: Page): Promise<void> {
  // Evaluated as text: the tests are compiled without the DOM's types.
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  })()`);
}
