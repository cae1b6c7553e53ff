import pg from 'pg';
import {
  createHttpApp,
  createLogger,
  finishHttpApp,
  listen,
  openDatabase,
  sql,
  type RunningServer,
} from '../src';
import { requireRealServers, uniqueName } from '../src/testing';

// A PostgreSQL that takes no new connection (its max_connections, or a role's connection limit, all in use:
// SQLSTATE 53300) is the server being busy, not the client's mistake: a request that needs a connection then
// answers 503 SERVICE.UNAVAILABLE with Retry-After, never 500 (issue 32's CI runs found the 500 under load).

const real = requireRealServers('DATABASE_URL');

(real ? describe : describe.skip)('a database with no connection left (real PostgreSQL)', () => {
  const role = uniqueName('kit_one_conn');
  // The server's own `postgres` database (DATABASE_URL names a base the services add their names to).
  const on = (user?: string) => {
    const url = new URL(process.env.DATABASE_URL!);
    if (user) url.username = user;
    url.pathname = '/postgres';
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: on() });
  let server: RunningServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await admin.connect();
    // A role allowed one connection: while one request holds it, the pool cannot open a second.
    await admin.query(`create role ${role} login connection limit 1`);
    const database = await openDatabase({ url: on(role), poolSize: 2 }, 'public');
    const logger = createLogger('kit-test', 'silent');
    const app = createHttpApp({ name: 'kit-test', logger, ready: async () => undefined });
    app.get('/slow', async (_req, res) => {
      res.json(await database.rows(sql`select pg_sleep(1.5) is null as slept`));
    });
    app.get('/one', async (_req, res) => {
      res.json(await database.rows(sql`select 1 as one`));
    });
    finishHttpApp(app, logger);
    server = await listen(app);
    close = () => database.close();
  });

  afterAll(async () => {
    await server?.close();
    await close?.();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  test('a request answers 503 SERVICE.UNAVAILABLE with Retry-After, then 200 once a connection is free', async () => {
    const slow = fetch(`${server.url}/slow`);
    // the slow request holds the role's one connection (pg_stat_activity shows it running)
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_stat_activity where usename = $1 and state = 'active'`,
        [role],
      );
      if (rows[0].n === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const busy = await fetch(`${server.url}/one`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toEqual({
      error: 'Service temporarily unavailable, please try again',
      code: 'SERVICE.UNAVAILABLE',
    });
    expect((await slow).status).toBe(200);
    const free = await fetch(`${server.url}/one`);
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual([{ one: 1 }]);
  });
});
