import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Row } from '../bench/run';
import { PASSWORD, type Account } from './accounts';
import { machineQuiet } from './wire';
import type { Api } from './api';

// Lighthouse (issue 41) on what a phone sees: the landing page, and a signed-in chef's openings page, as the
// product's gateway serves the built web app. Mobile emulation and simulated throttling (Lighthouse's
// defaults: a mid-range phone on a slow 4G link), Debian's chromium, no network beyond this machine.

/** The categories and the two metrics the bench prints. Scores 0-100; null when Lighthouse gave none. */
export interface PageAudit {
  page: string;
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** Lighthouse's measure of this machine's speed (a run under load reads lower). */
  benchmarkIndex: number | null;
  /** The audits that did not pass (id: title), what to fix first. */
  failed: string[];
}

/** The goals of issue 41: performance >= 90, accessibility 100, best practices >= 95, on both pages. */
export const LIGHTHOUSE_GOALS = { performance: 90, accessibility: 100, bestPractices: 95 };

export const meetsGoals = (a: PageAudit) =>
  (a.performance ?? 0) >= LIGHTHOUSE_GOALS.performance &&
  (a.accessibility ?? 0) >= LIGHTHOUSE_GOALS.accessibility &&
  (a.bestPractices ?? 0) >= LIGHTHOUSE_GOALS.bestPractices;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where the browser keeps the session (web/src/shared/constants.ts STORAGE_KEYS.session). */
const SESSION_KEY = 'brigade.session';

/**
 * One page through Lighthouse in a browser of its own (a fresh profile: no cache, no service worker). With a
 * `session`, the browser first opens a same-origin address that is not the app (`/ready`, JSON) and keeps the
 * session where the web app reads it, so the page loads signed in, its assets as cold as the landing page's.
 * The whole report is written to `reportFile` (HTML) when given.
 */
export async function auditPage(
  origin: string,
  page: string,
  pathname: string,
  opts: { session?: unknown; reportFile?: string } = {},
): Promise<PageAudit> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    if (opts.session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${origin}/ready`);
      await tab.evaluate(
        (key, value) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem(key, value),
        SESSION_KEY,
        JSON.stringify(opts.session),
      );
      await tab.close();
      await browser.disconnect();
    }
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      // storage holds the session; the fresh profile has nothing else to clear
      disableStorageReset: !!opts.session,
    };
    const run = await lighthouse(`${origin}${pathname}`, flags);
    if (!run) throw new Error(`Lighthouse gave no result for ${pathname}`);
    if (opts.reportFile) writeFileSync(opts.reportFile, run.report as string);
    return summary(page, run.lhr);
  } finally {
    chrome.kill();
  }
}

function summary(page: string, lhr: Result): PageAudit {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const metric = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? Math.round(v) : null;
  };
  const failed = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 || c.id === 'performance').map((r) => r.id))
    .filter((id, i, all) => all.indexOf(id) === i)
    .map((id) => lhr.audits[id])
    .filter((a) => a && typeof a.score === 'number' && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id}: ${a.displayValue ? `${a.title} (${a.displayValue})` : a.title}`);
  return {
    page,
    url: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    failed,
  };
}

/**
 * The bench's part (BENCH_SKIP=lighthouse skips it): the landing page, then the openings page of `chef`, signed
 * in through the API as the sign-in page does (the session it answers is the one the page keeps). Logs each
 * page's figures and the audits that failed, adds a row per page to `rows`, and answers what goes in
 * latest.json. The whole reports: `resultsDir`/lighthouse-<page>.html.
 */
export async function benchLighthouse(
  api: Api,
  chef: Account,
  resultsDir: string,
  rows: Row[],
  log: (line: string) => void,
): Promise<PageAudit[] | { error: string }> {
  log("Lighthouse (mobile) on the landing page and a chef's openings page ...");
  try {
    // Lighthouse reads the page's tasks off a trace: a machine still busy with the seed's events (the services
    // consume them for a minute after the seed) makes every task longer, and the page is blamed for it.
    log(`lighthouse: ${await machineQuiet()}`);
    const signIn = () =>
      api.call('POST', '/api/auth/signin', { body: { email: chef.email, password: PASSWORD } });
    const audits = [
      await auditPage(api.origin, 'landing', '/', {
        reportFile: path.join(resultsDir, 'lighthouse-landing.html'),
      }),
      await auditPage(api.origin, 'chef openings', '/openings', {
        session: (await signIn()).body.session,
        reportFile: path.join(resultsDir, 'lighthouse-openings.html'),
      }),
    ];
    for (const a of audits) {
      log(
        `lighthouse ${a.page}: ${describeAudit(a)}${a.failed.length ? `; failed: ${a.failed.join('; ')}` : ''}`,
      );
      rows.push({
        key: `lighthouse_${a.page.replace(/\W+/g, '_')}`,
        title: `Lighthouse ${a.page} (mobile)`,
        figure: null,
        target: `${describeAudit(a)}   goal perf >= 90, a11y 100, bp >= 95`,
        met: meetsGoals(a),
      });
    }
    return audits;
  } catch (err) {
    log(`lighthouse: not measured (${(err as Error).message})`);
    return { error: (err as Error).message };
  }
}

/** "perf 93 a11y 100 bp 96 seo 100, LCP 2.1 s, TBT 40 ms" */
export function describeAudit(a: PageAudit): string {
  const n = (v: number | null) => (v === null ? '-' : String(v));
  return `perf ${n(a.performance)} a11y ${n(a.accessibility)} bp ${n(a.bestPractices)} seo ${n(a.seo)}, LCP ${a.lcpMs === null ? '-' : `${(a.lcpMs / 1000).toFixed(1)} s`}, TBT ${n(a.tbtMs)} ms`;
}
