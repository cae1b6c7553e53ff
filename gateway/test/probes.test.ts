import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, listen, localKeys, type RunningServer } from '@brigade/kit';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter } from '../src/rate-limit';
import { startIdentity, type Harness } from '../../services/identity/test/harness';

// What an orchestrator or a newcomer probing the product sees: /healthz and /readyz answer JSON like /health and
// /ready, at the gateway and at every service; unknown API or probe paths are a JSON 404, never the web page.

let identity: Harness;
let gateway: RunningServer;
const dist = mkdtempSync(path.join(tmpdir(), 'brigade-dist-'));

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Brigade</title><div id="root"></div>');
  identity = await startIdentity();
  const app = createGateway({
    config: loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080', WEB_DIST: dist }),
    services: { identity: identity.url },
    rateLimiter: new MemoryRateLimiter(),
    keys: localKeys(identity.service.context.keyRing.jwks),
    logger: createLogger('gateway-test'),
  });
  gateway = await listen(app);
});
afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

test.each(['/health', '/healthz'])('the gateway answers %s with JSON', async (p) => {
  const res = await get(`${gateway.url}${p}`);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual({ status: 'ok', service: 'gateway' });
});

test.each(['/ready', '/readyz'])('the gateway answers %s with every service ready', async (p) => {
  const res = await get(`${gateway.url}${p}`);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual({ status: 'ready', services: { identity: 'ready' } });
});

test.each([
  ['/healthz', { status: 'ok', service: 'identity' }],
  ['/readyz', { status: 'ready', service: 'identity' }],
])('a service answers %s like its /health and /ready', async (p, body) => {
  const res = await get(`${identity.url}${p}`);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual(body);
});

test('client-side routes still get the web page', async () => {
  for (const p of ['/', '/openings', '/jobs/123', '/settings']) {
    const res = await get(`${gateway.url}${p}`);
    expect([p, res.status, res.type]).toEqual([p, 200, expect.stringContaining('text/html')]);
  }
});

test.each([
  '/api/nope',
  '/api/v2/jobs',
  '/api',
  '/livez',
  '/metrics',
  '/status',
  '/healthz/deep',
  '/readiness',
  '/ping',
  '/version',
  '/sandbox/unknown',
])('%s is a JSON 404, not the web page', async (p) => {
  const res = await get(`${gateway.url}${p}`);
  expect(res.status).toBe(404);
  expect(res.type).toContain('application/json');
  expect(JSON.parse(res.text)).toMatchObject({ code: expect.any(String), error: expect.any(String) });
});
