import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '@brigade/kit';
import { webGateway } from './support/web-gateway';

// Issue 41: `/` is the landing page the build wrote ahead in each language (web/prerender.ts), so a phone shows
// it before any script runs. A visitor gets the language they chose (the app's cookie), else the first language
// of their browser that Brigade speaks; every other screen keeps the empty page the app draws into.

const shell = '<!doctype html><html lang="en"><title>Brigade</title><div id="root"></div>';
const landing = (lang: string) =>
  `<!doctype html><html lang="${lang}"><div id="root" data-prerendered="${lang}">`;

async function gatewayOn(files: Record<string, string>): Promise<{ server: RunningServer; dist: string }> {
  const dist = mkdtempSync(path.join(tmpdir(), 'brigade-landing-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
  return { server: await webGateway(dist), dist };
}

let built: { server: RunningServer; dist: string };
beforeAll(async () => {
  built = await gatewayOn({
    'index.html': shell,
    'landing.en.html': landing('en'),
    'landing.es.html': landing('es'),
  });
});
afterAll(async () => {
  await built.server.close();
  rmSync(built.dist, { recursive: true, force: true });
});

async function languageOf(headers: Record<string, string>, p = '/') {
  const res = await fetch(`${built.server.url}${p}`, { headers });
  const text = await res.text();
  return text.includes('data-prerendered') ? /lang="(\w+)"/.exec(text)![1] : 'shell';
}

test.each([
  [{}, 'en'],
  [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
  [{ 'accept-language': 'fr-CA, es;q=0.5, en;q=0.4' }, 'es'],
  [{ 'accept-language': 'en;q=0.5, es' }, 'es'],
  [{ 'accept-language': 'es;q=0, en' }, 'en'],
  [{ 'accept-language': 'de, fr' }, 'en'],
  [{ 'accept-language': 'es', cookie: 'theme=dark; brigade_language=en' }, 'en'],
  [{ 'accept-language': 'en-US', cookie: 'brigade_language=es' }, 'es'],
  [{ 'accept-language': 'es', cookie: 'brigade_language=fr' }, 'es'],
])('/ with %j is the landing page in %s', async (headers, language) => {
  expect(await languageOf(headers as Record<string, string>)).toBe(language);
});

test('the landing page is revalidated and varies by cookie and language; other screens get the empty page', async () => {
  const res = await fetch(`${built.server.url}/`, { headers: { 'accept-language': 'es' } });
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(res.headers.get('vary')).toEqual(expect.stringContaining('Cookie'));
  expect(res.headers.get('vary')).toEqual(expect.stringContaining('Accept-Language'));
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  for (const p of ['/login', '/openings', '/about'])
    expect(await languageOf({ 'accept-language': 'es', cookie: 'brigade_language=es' }, p)).toBe('shell');
  // the copies are never a path of their own that a visitor would land on by accident: they are plain files
  expect((await fetch(`${built.server.url}/landing.es.html`)).status).toBe(200);
});

test('a build without the written landing page answers / with the empty page, as before', async () => {
  const bare = await gatewayOn({ 'index.html': shell });
  try {
    expect(await (await fetch(`${bare.server.url}/`, { headers: { 'accept-language': 'es' } })).text()).toBe(
      shell,
    );
  } finally {
    await bare.server.close();
    rmSync(bare.dist, { recursive: true, force: true });
  }
});
