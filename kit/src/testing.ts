import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Express } from 'express';
import { migrate, openDatabase, type Database, type Migration } from './db';
import { createMigratedDatabase, releaseMigratedDatabase } from './migrated-template';
import { freshMemoryPglite } from './pglite-snapshot';
import { InProcessBus } from './bus/in-process';
import { RabbitBus } from './bus/rabbit';
import type { EventBus } from './bus/types';
import { listen } from './http';
import { expressOf, frontOf } from './lean-gets';
import { createLogger } from './logger';

/**
 * Test helpers. With DATABASE_URL / AMQP_URL / REDIS_URL set (as .ci/run sets them) tests run against the
 * real servers and fail when one is unreachable; without them, against PGlite and the in-process bus.
 */
export const realMode = {
  database: () => process.env.DATABASE_URL,
  amqp: () => process.env.AMQP_URL,
  redis: () => process.env.REDIS_URL,
};

/** Real-mode-only suites: skipped on a laptop without the servers, but never in CI, where they must run. */
export function requireRealServers(...names: Array<'DATABASE_URL' | 'AMQP_URL' | 'REDIS_URL'>): boolean {
  const missing = names.filter((n) => !process.env[n]);
  if (missing.length === 0) return true;
  if (process.env.CI) throw new Error(`CI must run the real-mode tests: set ${missing.join(', ')}`);
  return false;
}

export { createMigratedDatabase, releaseMigratedDatabase } from './migrated-template';

export function uniqueName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export interface TestDatabase extends Database {
  /** Drop everything (real mode) or close PGlite. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(
  schema: string,
  migrations: Migration[] = [],
): Promise<TestDatabase> {
  const base = realMode.database();
  if (base) {
    const url = new URL(base);
    url.pathname = `/${uniqueName(`t_${schema}`)}`;
    // a copy of a migrated template (the migrate below then finds every migration applied)
    await createMigratedDatabase(url.toString(), schema, migrations);
    const database = await openDatabase({ url: url.toString(), poolSize: 5 }, schema);
    await migrate(database, migrations);
    return {
      ...database,
      async destroy() {
        await database.close();
        // parked for the next test file (put back as its template is), or dropped
        await releaseMigratedDatabase(url.toString(), schema, migrations).catch(() => undefined);
      },
    };
  }
  const pglite = await freshMemoryPglite();
  const database = await openDatabase({ pglite }, schema);
  await migrate(database, migrations);
  return { ...database, destroy: () => pglite.close() };
}

export interface TestBus {
  bus: EventBus;
  destroy(): Promise<void>;
}

/** A bus private to one test file: its own exchange and queues on RabbitMQ, or an in-process bus. */
export async function createTestBus(retryDelaysMs = [50, 100]): Promise<TestBus> {
  const logger = createLogger('test-bus');
  const url = realMode.amqp();
  if (url) {
    const ns = uniqueName('test');
    const bus = new RabbitBus({ url, logger, exchange: `${ns}.events`, queuePrefix: ns, retryDelaysMs });
    await bus.connect();
    return {
      bus,
      async destroy() {
        await bus.destroy().catch(() => undefined);
        await bus.close();
      },
    };
  }
  const bus = new InProcessBus({ retryDelaysMs, logger });
  return { bus, destroy: () => bus.close() };
}

/**
 * The longest pause between two checks of `eventually`. A check that reads four answers through the gateway and
 * runs every 25 ms for tens of seconds asks ~100 times a second, and meets the gateway's limit of one user
 * (RATE_LIMIT_API_PER_MINUTE, 1,200) as a client would: its reads are refused for the rest of the minute
 * (reviews.test.ts waited out 40 s that way and overran its time in CI). A client backs off; so does the check.
 */
export const EVENTUALLY_MAX_INTERVAL_MS = 400;

/**
 * How long `eventually` waits by default. CI runs two suites side by side on two cores, a browser story's Chromium
 * beside a stack of six processes: ~5% idle, nine threads ready to run, each step several times slower than on a
 * quiet machine. A flow of about a second alone (a late cancellation's two transfers and refund, seats.test) took
 * more than 10 s there once. A passing check returns as soon as it passes; only a failure waits the whole time.
 */
export const EVENTUALLY_TIMEOUT_MS = 20_000;

/**
 * Poll until the check passes or the time is up (event flows are asynchronous by design). The pause starts at
 * `intervalMs` and grows by half after each failed check, up to EVENTUALLY_MAX_INTERVAL_MS (or `intervalMs`
 * when that is longer): quick to see what lands at once, gentle on what takes a window of time.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = EVENTUALLY_TIMEOUT_MS,
  intervalMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  const longest = Math.max(intervalMs, EVENTUALLY_MAX_INTERVAL_MS);
  let pause = intervalMs;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw last;
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(longest, Math.ceil(pause * 1.5));
  }
}

/**
 * Keys and tokens for a service's component tests, in the exact format identity issues, so a service can
 * be tested through HTTP without running identity.
 */
export async function createTestAuth() {
  const { generateKeyPair, exportJWK } = await import('jose');
  const { localKeys, signAccessToken } = await import('./auth');
  const { randomUUID } = await import('node:crypto');
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = `test-${randomUUID().slice(0, 8)}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const keys = localKeys({ keys: [jwk] });
  return {
    keys,
    jwks: { keys: [jwk] },
    /**
     * A bearer token for a user (new random user and session ids unless given; a verified phone unless
     * `phoneVerified: false`).
     */
    async token(
      user: {
        id?: string;
        type: 'chef' | 'restaurant' | 'operator';
        language?: 'en' | 'es';
        sessionId?: string;
        phoneVerified?: boolean;
        /** operators' tokens carry their email (default `operator@brigade.test`) */
        email?: string;
      },
      ttlSeconds = 900,
    ) {
      const id = user.id ?? randomUUID();
      const { token } = await signAccessToken(
        { kid, privateKey },
        {
          id,
          type: user.type,
          language: user.language ?? 'en',
          sessionId: user.sessionId ?? randomUUID(),
          phoneVerified: user.phoneVerified ?? true,
          ...(user.email || user.type === 'operator' ? { email: user.email ?? 'operator@brigade.test' } : {}),
        },
        ttlSeconds,
      );
      return token;
    },
  };
}

/**
 * A TCP relay in front of a real server (RabbitMQ, PostgreSQL) that a test can cut and restore, to
 * show what happens to a service when its broker or database goes away and comes back.
 */
export async function createTcpCut(target: { host: string; port: number }) {
  const net = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    port,
    /** Drop every connection and refuse new ones. */
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * What one test file runs against (a service with what a test needs around it): started by `start` in
 * `beforeAll` (after the file's earlier `beforeAll` hooks), closed in `afterAll`, with `afterEach` run after
 * every test when given. The value is read inside tests and hooks only; before the start it says so.
 */
export function useStarted<T extends { close(): Promise<void> }>(
  name: string,
  start: () => Promise<T>,
  options: { afterEach?: (started: T) => Promise<void> } = {},
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  const after = options.afterEach;
  if (after)
    afterEach(async () => {
      if (started) await after(started);
    });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`${name} starts in beforeAll: use it inside a test or a hook`);
      return Reflect.get(started, key);
    },
  });
}

/**
 * One answer as it came on the wire: status, each header as `Name: value` in the order and spelling sent, with
 * the Date's value and the request id's value masked (`requestId` has the latter), and the body.
 */
export interface WireAnswer {
  status: number;
  headers: string[];
  requestId: string | undefined;
  body: string;
}

export function wireAnswer(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const lines: string[] = [];
        let requestId: string | undefined;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
          if (/^x-request-id$/i.test(name)) requestId = value;
          lines.push(/^(date|x-request-id)$/i.test(name) ? `${name}: *` : `${name}: ${value}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: lines, requestId, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A service's app served three ways, to show that its lean GETs (ADR 19) answer as Express does: `on` (the
 * app, its lean path in front), `off` (another app of the same service on the same data, built with the lean
 * path off; by default the same app with its front left out, which is what `LEAN_GETS=0` builds) and `alone`
 * (the lean path only, no Express behind it: 599 for what it does not take, so a test cannot pass by the lean
 * path handing everything to Express). `ask` asks each in turn, `expectSame` compares too.
 */
export async function leanComparison(
  app: Express,
  withoutLean: Express = expressOf(app) as unknown as Express,
) {
  const front = frontOf(app);
  if (!front) throw new Error('this app has no lean path in front of it');
  const alone = http.createServer((req, res) => {
    void front(req, res).then((taken) => {
      if (taken) return;
      res.statusCode = 599;
      res.end('not taken');
    });
  });
  await new Promise<void>((r) => alone.listen(0, '127.0.0.1', () => r()));
  const servers = [await listen(app), await listen(withoutLean)];
  const aloneUrl = `http://127.0.0.1:${(alone.address() as import('node:net').AddressInfo).port}`;
  const ask = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const on = await wireAnswer(servers[0].url, path, headers, method);
    const off = await wireAnswer(servers[1].url, path, headers, method);
    const leanOnly = await wireAnswer(aloneUrl, path, headers, method);
    return { on, off, alone: leanOnly };
  };
  // Each answer has a request id, a new one each time unless the caller gave one (its value is masked).
  const idless = (a: WireAnswer) => ({ ...a, requestId: a.requestId !== undefined });
  return {
    ask,
    /**
     * The same answer from `on` and `off`, and from `alone` when the lean path should take the request
     * (`taken`), else 599 there; asked once before (a first read may move a read marker). Returns `on`'s.
     */
    async expectSame(path: string, headers: Record<string, string>, taken: boolean, method = 'GET') {
      await ask(path, headers, method);
      const { on, off, alone } = await ask(path, headers, method);
      expect(idless(on)).toEqual(idless(off));
      if (taken) expect(idless(alone)).toEqual(idless(on));
      else expect(alone.status).toBe(599);
      return on;
    },
    async close() {
      for (const s of servers) await s.close();
      alone.closeAllConnections();
      await new Promise((r) => alone.close(r));
    },
  };
}
