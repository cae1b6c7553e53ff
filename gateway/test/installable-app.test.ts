import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '@brigade/kit';
import { webGateway } from './support/web-gateway';

// The installable app's files (issue 40) as a phone gets them from the gateway: the service worker and the
// manifest are revalidated on every visit (a cached worker would hold a new release back), the manifest has
// its own content type, the hashed assets keep their year-long cache, and the page's CSP lets the worker and
// the manifest load from the origin.

let gateway: RunningServer;
const dist = mkdtempSync(path.join(tmpdir(), 'brigade-pwa-'));
const manifest = JSON.stringify({ name: 'Brigade', start_url: '/dashboard', display: 'standalone' });

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Brigade</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(dist, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");\n');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  gateway = await webGateway(dist);
});
afterAll(async () => {
  await gateway?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(p: string) {
  const res = await fetch(`${gateway.url}${p}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

test.each(['/sw.js', '/registerSW.js'])('%s is a script revalidated on every visit', async (p) => {
  const res = await get(p);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
});

test('the web app manifest is application/manifest+json, revalidated on every visit', async () => {
  const res = await get('/manifest.webmanifest');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(JSON.parse(res.text)).toMatchObject({ start_url: '/dashboard' });
});

test('the hashed assets keep their year-long cache and the icons their hour', async () => {
  const script = await get('/assets/index-abc123.js');
  expect(script.headers.get('cache-control')).toContain('immutable');
  const icon = await get('/icons/icon-192.png');
  expect([icon.status, icon.headers.get('content-type'), icon.headers.get('cache-control')]).toEqual([
    200,
    'image/png',
    'public, max-age=3600',
  ]);
});

test("the start URL is a screen of the app, and the page's CSP lets the worker and the manifest load", async () => {
  const page = await get('/dashboard');
  expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  expect(page.text).toContain('<div id="root">');
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
});
