import { chromium, type Browser } from 'playwright-core';
import { BROWSER_UI_FEATURES, CHROMIUM, launch } from './browser';

// The browser every story runs in (browser.ts). Chromium reads only the last `--disable-features` it is given,
// so ours must carry Playwright's own list, and it turns off the address bar's WebUI pop-ups that Chromium 156
// preloaded for every new context (a renderer and ~1.4 s of CPU per person of a story on a 2-core machine).

/** The features a browser was started without, as Chromium itself reports them (chrome://version). */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto('chrome://version/?show-variations-cmd');
  const text = await page.locator('#variations-cmd').innerText();
  await page.close();
  const list = /--disable-features="([^"]*)"/.exec(text)?.[1] ?? '';
  return list.split(',').filter(Boolean);
}

test("the stories' browser keeps every feature Playwright turns off, and the address bar's pop-ups", async () => {
  const plain = await chromium.launch({ executablePath: CHROMIUM.executablePath, headless: true });
  const ours = await launch();
  try {
    const playwrights = await disabledFeatures(plain);
    expect(playwrights).toContain('PaintHolding'); // the page was read
    expect(await disabledFeatures(ours)).toEqual(
      expect.arrayContaining([...playwrights, ...BROWSER_UI_FEATURES]),
    );
  } finally {
    await Promise.all([plain.close(), ours.close()]);
  }
}, 60_000);

test('a new person opens a page and nothing of the browser beside it', async () => {
  const browser = await launch();
  try {
    for (let i = 0; i < 2; i++) await (await browser.newContext()).newPage();
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] })) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((t) => t.type !== 'page' && t.type !== 'tab')).toEqual([]);
    expect(targetInfos.filter((t) => t.type === 'page')).toHaveLength(2);
  } finally {
    await browser.close();
  }
}, 60_000);
