import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The drizzle handle a service works with, over node-postgres or PGlite alike. */
// The node-postgres and PGlite handles differ in their query-result and schema type parameters, and every
// repository takes either: no narrower type than `any` spans both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-postgres and PGlite handles alike
export type Drizzle = PgDatabase<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-postgres and PGlite transactions alike
export type Tx = PgTransaction<any, any, any>;
/** Anything that runs queries: the database itself or an open transaction. */
export type Executor = Drizzle | Tx;

export type Connection = { url: string; poolSize?: number } | { pglite: PGlite };

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** The PostgreSQL schema that holds every table of the owning service. */
  readonly schema: string;
  readonly db: Drizzle;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Raw rows from a drizzle `sql` template. `prepared`: on PostgreSQL, run it as a named prepared statement
   * (named after its text, so each connection parses it once and, after a few runs, reuses one plan). For
   * hot statements whose planning costs more than their execution (the polls' reads, a write's answer, a
   * callback's one statement). Only for statements with explicit columns (a `select *` plan breaks when a
   * migration adds a column; a `to_jsonb(row)` column does not: it stays jsonb) and a bounded set of texts.
   */
  rows<T = Record<string, unknown>>(
    query: SQL,
    executor?: Executor,
    options?: { prepared?: boolean },
  ): Promise<T[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL array literal of ids, each once (`{a,b}`, for `= any(...::uuid[])` or `unnest(...)`): one parameter
 * whatever the count, so the statement has one text and can be `prepared`. For ids only (uuids, job keys, list
 * scopes such as `c:<uuid>`, statuses, numbers): no comma, brace, quote, backslash or space. Any other text, or a
 * list whose repeats and order matter, goes through `textArray`.
 */
export const idArray = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`;

/**
 * A PostgreSQL array literal of any texts, each quoted and escaped (`null` as NULL), in the order given and
 * repeats kept: several of them zipped by one `unnest(a, b, ...)` stay aligned row by row. One parameter whatever
 * the count, so the statement can be `prepared`.
 */
export const textArray = (values: ReadonlyArray<string | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`)).join(',')}}`;

/**
 * The database of one service on a shared PostgreSQL server: DATABASE_URL names the server and a base name,
 * the service gets `<base>_<service>` (created when missing). `<SERVICE>_DATABASE_URL` overrides it whole.
 */
export function serviceDatabaseUrl(
  baseUrl: string,
  service: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const override = env[`${service.toUpperCase()}_DATABASE_URL`];
  if (override) return override;
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/^\//, '') || 'brigade';
  url.pathname = `/${base}_${service}`;
  return url.toString();
}

/** CREATE DATABASE when it does not exist yet (safe when several instances start at once). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`create database "${name}"`);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err; // created meanwhile by another instance
      }
    }
  } finally {
    await client.end();
  }
}

export async function openDatabase(connection: Connection, schema: string): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  if ('pglite' in connection) {
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = connection.pglite;
    const db = drizzle({ client }) as unknown as Drizzle;
    return makeDatabase('pglite', schema, db, async () => {
      /* the shared instance is closed by its owner */
    });
  }
  await ensureDatabase(connection.url);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: connection.url,
    max: connection.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A broken idle connection (server restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // ...and neither must one that drops while checked out (in a transaction): the query in flight gets the
  // error, the process lives on.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool }) as unknown as Drizzle;
  return makeDatabase('postgres', schema, db, () => pool.end());
}

const afterCommit = new WeakMap<object, Array<() => void>>();
const beforeCommitting = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Run `fn` once the transaction `tx` has committed (at once when `tx` is not a transaction opened by
 * `Database.transaction`). For wake-ups of background work that must see the committed rows.
 */
export function onCommit(tx: Executor, fn: () => void) {
  const hooks = afterCommit.get(tx);
  if (hooks) hooks.push(fn);
  else fn();
}

/**
 * Run `fn` at the end of the transaction `tx`, inside it, after the work that opened it (at once when `tx` is not
 * a transaction opened by `Database.transaction`). For writes a transaction gathers as it goes and makes once,
 * in one ordered statement, just before it commits: counters of many rows locked in one order and briefly, so
 * two writers never wait on each other's rows in opposite orders (a deferred constraint trigger, in code).
 * A hook that throws rolls the transaction back.
 */
export async function beforeCommit(tx: Executor, fn: () => Promise<void>): Promise<void> {
  const hooks = beforeCommitting.get(tx);
  if (hooks) hooks.push(fn);
  else await fn();
}

/** The statement names given so far, by text (a name is a hash of its text, so it never changes meaning). */
const statementNames = new Map<string, string>();

/** The parts of drizzle's node-postgres session (not in its public types) that run a named statement. */
type PreparingSession = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
};

/**
 * Run a query through drizzle's node-postgres session as a named statement: the same type parsing as
 * `execute`, and node-postgres prepares the name once per connection.
 */
function executePrepared(executor: Executor, query: SQL): Promise<unknown> {
  const session = (executor as unknown as { session: PreparingSession }).session;
  const compiled = session.dialect.sqlToQuery(query);
  let name = statementNames.get(compiled.sql);
  if (!name) {
    name = `q_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
    statementNames.set(compiled.sql, name);
  }
  return session.prepareQuery(compiled, undefined, name, false).execute();
}

function makeDatabase(
  kind: Database['kind'],
  schema: string,
  db: Drizzle,
  close: () => Promise<void>,
): Database {
  return {
    kind,
    schema,
    db,
    async transaction(fn) {
      let hooks: Array<() => void> = [];
      const result = await db.transaction(async (tx) => {
        hooks = [];
        afterCommit.set(tx, hooks);
        const before: Array<() => Promise<void>> = [];
        beforeCommitting.set(tx, before);
        const value = await fn(tx);
        // in the order they were asked for; one may ask for another
        for (let i = 0; i < before.length; i++) await before[i]();
        beforeCommitting.delete(tx);
        return value;
      });
      for (const hook of hooks) hook();
      return result;
    },
    async rows<T>(query: SQL, executor: Executor = db, options?: { prepared?: boolean }) {
      const result = (
        options?.prepared && kind === 'postgres'
          ? await executePrepared(executor, query)
          : await executor.execute(query)
      ) as { rows?: T[] };
      return (result.rows ?? result) as T[];
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

export interface Migration {
  name: string;
  sql: string;
}

/** The tables the kit itself needs in every service schema: the outbox and the processed-event log. */
export function kitMigrations(schema: string): Migration[] {
  return [
    {
      name: '0000_kit_outbox',
      sql: `
        create table if not exists ${schema}.outbox (
          seq bigserial primary key,
          id uuid not null unique,
          type text not null,
          payload jsonb not null,
          traceparent text,
          occurred_at timestamptz not null default now(),
          published_at timestamptz,
          attempts integer not null default 0,
          last_error text
        );
        create index if not exists outbox_unpublished_idx on ${schema}.outbox (seq) where published_at is null;
        create table if not exists ${schema}.processed_events (
          consumer text not null,
          event_id uuid not null,
          processed_at timestamptz not null default now(),
          primary key (consumer, event_id)
        );`,
    },
    {
      // Operator actions this service carried out (issue 17): append-only, kept in the service that acted,
      // in the same transaction as the action (ADR 11).
      name: '0001_kit_audit_log',
      sql: `
        create table if not exists ${schema}.audit_log (
          id uuid primary key,
          at timestamptz not null default now(),
          operator_id uuid not null,
          operator_email text not null,
          action text not null,
          subject_type text not null,
          subject_id text not null,
          job_id uuid,
          reason text,
          detail jsonb not null default '{}'::jsonb
        );
        create index if not exists audit_log_at_idx on ${schema}.audit_log (at desc);
        create index if not exists audit_log_job_idx on ${schema}.audit_log (job_id) where job_id is not null;
        create or replace function ${schema}.audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only';
        end $$;
        drop trigger if exists audit_log_append_only on ${schema}.audit_log;
        create trigger audit_log_append_only before update or delete on ${schema}.audit_log
          for each row execute function ${schema}.audit_log_append_only();`,
    },
    {
      // The operator console's job timeline is read from each service's own published events (ADR 11): kept
      // OUTBOX_RETENTION_DAYS (90) instead of 7, and found by the job they are about.
      name: '0002_kit_outbox_by_job',
      sql: `
        create index if not exists outbox_job_idx on ${schema}.outbox ((payload->>'job_id'), seq);`,
    },
    {
      // TRUNCATE fires no row trigger, so the append-only rule above let a whole audit log be emptied (issue 33):
      // a statement trigger refuses it with the same message.
      name: '0003_kit_audit_log_no_truncate',
      sql: `
        drop trigger if exists audit_log_no_truncate on ${schema}.audit_log;
        create trigger audit_log_no_truncate before truncate on ${schema}.audit_log
          for each statement execute function ${schema}.audit_log_append_only();`,
    },
  ];
}

/** Read `NNNN_name.sql` files of a folder, in name order. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (f) => ({
      name: f.replace(/\.sql$/, ''),
      sql: await readFile(path.join(dir, f), 'utf8'),
    })),
  );
}

/**
 * Apply migrations not applied yet, each in its own transaction, under an advisory lock so that several
 * instances starting together apply each migration once. Migration SQL names tables `<schema>.<table>`.
 */
export async function migrate(database: Database, migrations: Migration[]): Promise<string[]> {
  const { schema } = database;
  const lock = sql`select pg_advisory_xact_lock(hashtext(${`migrate:${schema}`}))`;
  // Under the lock too: two instances' `create schema if not exists` at the same moment can both miss the
  // schema and one then fails on pg_namespace's unique index (found by tests/hardening/instances.real.test.ts).
  await database.transaction(async (tx) => {
    await tx.execute(lock);
    await tx.execute(sql.raw(`create schema if not exists ${schema}`));
    await tx.execute(
      sql.raw(
        `create table if not exists ${schema}.schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
      ),
    );
  });
  const all = [...kitMigrations(schema), ...migrations];
  const applied: string[] = [];
  for (const m of all) {
    await database.transaction(async (tx) => {
      await tx.execute(lock);
      const done = await database.rows(
        sql`select 1 from ${sql.raw(schema)}.schema_migrations where name = ${m.name}`,
        tx,
      );
      if (done.length > 0) return;
      for (const statement of splitStatements(m.sql)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into ${sql.raw(schema)}.schema_migrations (name) values (${m.name})`);
      applied.push(m.name);
    });
  }
  return applied;
}

/** Split a migration on `;` at line ends, keeping $$-quoted bodies whole. */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of text.split('\n')) {
    const dollars = (line.match(/\$\$/g) ?? []).length;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*(--.*)?$/.test(line.trim())) {
      if (current.trim() && current.trim() !== ';') out.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim().replace(/;$/, ''));
  return out.filter((s) => s.replace(/--.*$/gm, '').trim().length > 0);
}

export { sql };
