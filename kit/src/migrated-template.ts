import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { kitMigrations, migrate, openDatabase, type Migration } from './db';

/**
 * Tests on the real PostgreSQL (CI): a new database already migrated, copied from a template instead of running
 * every migration again. Each migration is a transaction of its own, and its commit waits for the disk: a
 * service's 20-30 migrations took 1-4 s, a whole product's eight databases 10-15 s, on a loaded 2-core machine,
 * and the suites start such a product about seventy times a run. `CREATE DATABASE ... TEMPLATE` copies a
 * migrated one in a fraction of a second.
 *
 * The template, `brigade_tpl_<schema>_<key>`, is made once per server and kept: the key is a hash of the schema
 * and every migration's name and text, so a changed migration makes a new one. It is built under another name
 * and renamed into place (several test workers may want it at once). The copy is migrated as it would be on a
 * fresh server: `migrate` then finds every migration applied. `BRIGADE_DB_TEMPLATES=0` turns it off (each
 * database is then created and migrated by its service, as in production).
 *
 * A copy a suite is done with is parked rather than dropped (`releaseMigratedDatabase`): put back as the template
 * is, row for row, and renamed `<template>_p<random>`, for the next suite to claim by renaming it to its own name.
 * A copy is still a whole database (its catalogs ~7 MB, written to the WAL by the copy) and each drop waits for a
 * checkpoint: a run made and dropped some 600 of them, about 3.5 s of the server's CPU per product of eight.
 * Parking and claiming cost a few connections and statements. A copy that does not come back exactly as the
 * template (an object the template lacks, a row or a sequence that differs) is dropped as before.
 */
export async function createMigratedDatabase(
  url: string,
  schema: string,
  migrations: Migration[],
): Promise<void> {
  if (process.env.BRIGADE_DB_TEMPLATES === '0') return;
  const target = databaseName(url);
  const template = templateName(schema, migrations);
  await onServer(url, async (client) => {
    if (!(await exists(client, template))) await buildTemplate(client, url, template, schema, migrations);
    if (await claimParked(client, template, target)) return;
    await whenFree(() => client.query(`create database "${target}" template "${template}"`)).catch(
      (err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // 42P04: there already, and its service migrates what it lacks
      },
    );
  });
}

/** `run` on a session of the server's own `postgres` database (where databases are made, renamed, dropped). */
async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The end of a copy made by `createMigratedDatabase`: parked for the next suite when it can be put back exactly
 * as its template is, dropped otherwise (or when it was never a copy of this template, or anything on the way
 * failed). Its pools are closed first; a session still on it is ended.
 */
export async function releaseMigratedDatabase(
  url: string,
  schema: string,
  migrations: Migration[],
): Promise<'parked' | 'dropped'> {
  const target = databaseName(url);
  const template = templateName(schema, migrations);
  return onServer(url, async (client) => {
    const parked = await park(client, url, target, template).catch(() => false);
    if (parked) return 'parked' as const;
    await client.query(`drop database if exists "${target}" with (force)`);
    return 'dropped' as const;
  });
}

/** `target` put back as `template` is and renamed as a parked copy; false (left in place) when it cannot be. */
async function park(client: pg.Client, url: string, target: string, template: string): Promise<boolean> {
  const state = process.env.BRIGADE_DB_TEMPLATES === '0' ? null : await templateState(client, template);
  if (!state || !(await exists(client, target))) return false;
  // A session left on it (a pool a suite did not close) ends first, as a forced drop would end it: before the
  // put-back, so nothing writes after it, and before the rename, which no session may be on.
  await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [target],
  );
  if (!(await putBack(url, state))) return false;
  const parked = `${template}_p${randomBytes(4).toString('hex')}`;
  await whenFree(() => client.query(`alter database "${target}" rename to "${parked}"`));
  return true;
}

/** Rename a parked copy of `template` to `target`; false when none is left (another suite may take the same). */
async function claimParked(client: pg.Client, template: string, target: string): Promise<boolean> {
  const parked = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1 order by random()',
    [`${template.replace(/_/g, '\\_')}\\_p%`],
  );
  for (const { datname } of parked.rows) {
    try {
      await client.query(`alter database "${datname}" rename to "${target}"`);
      return true;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 3D000: claimed meanwhile by another suite; 55006: someone is on it (autovacuum): the next one
      if (code === '3D000' || code === '55006') continue;
      if (code === '42P04') return true; // the target is there already: its service migrates what it lacks
      throw err;
    }
  }
  return false;
}

/** What a copy must come back to: the template's rows where it has any, its sequences, and its fingerprint. */
interface TemplateState {
  seeds: Record<string, unknown[]>;
  sequences: Record<string, { value: string; called: boolean }>;
  fingerprint: string;
}

/** Every table and sequence outside the system schemas, and a hash of every object there (by kind and name). */
async function objectsOf(db: pg.ClientBase) {
  const user = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_to%' and n.nspname not like 'pg\\_temp%'`;
  const { rows } = await db.query<{ tables: string[]; sequences: string[]; objects: string }>(`
    with rel as (
      select format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where ${user}
    )
    select
      coalesce((select array_agg(name order by name) from rel where kind in ('r', 'p')), '{}') as tables,
      coalesce((select array_agg(name order by name) from rel where kind = 'S'), '{}') as sequences,
      md5(concat_ws('|',
        (select string_agg(name || ':' || kind, ',' order by name, kind) from rel),
        (select string_agg(x, ',' order by x) from (select n.nspname || '.' || p.proname || '/' || p.pronargs as x
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${user}) f),
        (select string_agg(x, ',' order by x) from (select t.tgname || '@' || t.tgrelid::regclass::text as x
          from pg_trigger t where not t.tgisinternal) g))) as objects`);
  return rows[0];
}

/** The objects' hash, each table's row count and rows, and each sequence's position, as one hash. */
async function fingerprintOf(db: pg.ClientBase): Promise<string> {
  const { tables, sequences, objects } = await objectsOf(db);
  const parts = [
    ...tables.map(
      (t) =>
        `select '${t}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`,
    ),
    ...sequences.map((q) => `select '${q}', last_value::text || ':' || is_called::text from ${q}`),
  ];
  if (parts.length === 0) return objects;
  const { rows } = await db.query<{ name: string; h: string }>(parts.join(' union all '));
  return createHash('sha256')
    .update(objects)
    .update(
      rows
        .map((r) => `${r.name}=${r.h}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/** Read from a migrated template, before it is renamed into place: kept as the template database's comment. */
async function stateOf(db: pg.ClientBase): Promise<TemplateState> {
  const { tables, sequences } = await objectsOf(db);
  const seeds: TemplateState['seeds'] = {};
  for (const t of tables) {
    const { rows } = await db.query<{ rows: unknown[] | null }>(`select json_agg(x) as rows from ${t} x`);
    if (rows[0].rows) seeds[t] = rows[0].rows;
  }
  const positions: TemplateState['sequences'] = {};
  for (const q of sequences) {
    const { rows } = await db.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${q}`,
    );
    positions[q] = rows[0];
  }
  return { seeds, sequences: positions, fingerprint: await fingerprintOf(db) };
}

async function templateState(client: pg.Client, template: string): Promise<TemplateState | null> {
  const { rows } = await client.query<{ state: string | null }>(
    "select shobj_description(oid, 'pg_database') as state from pg_database where datname = $1",
    [template],
  );
  try {
    return rows[0]?.state ? (JSON.parse(rows[0].state) as TemplateState) : null;
  } catch {
    return null;
  }
}

/**
 * Every row out, the template's rows back, every sequence where the template's is, in one transaction with the
 * triggers off (append-only tables refuse a delete, and a trigger would write beside the reset); then the copy's
 * fingerprint must be the template's.
 */
async function putBack(url: string, state: TemplateState): Promise<boolean> {
  const db = new pg.Client({ connectionString: url });
  try {
    await db.connect();
    const { tables, sequences } = await objectsOf(db);
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    await db.query(tables.map((t) => `delete from ${t};`).join('\n'));
    for (const [t, rows] of Object.entries(state.seeds))
      await db.query(
        `insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, $1::json)`,
        [JSON.stringify(rows)],
      );
    for (const q of sequences) {
      const at = state.sequences[q];
      if (!at) throw new Error(`a sequence the template lacks: ${q}`);
      await db.query('select setval($1::regclass, $2::bigint, $3)', [q, at.value, at.called]);
    }
    await db.query('commit');
    return (await fingerprintOf(db)) === state.fingerprint;
  } catch {
    await db.query('rollback').catch(() => undefined);
    return false;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** The template's name: the schema and a hash of what migrating it runs (the kit's migrations and the service's). */
export function templateName(schema: string, migrations: Migration[]): string {
  const hash = createHash('sha256');
  hash.update('parkable\0'); // templates that carry their state (the comment) for parked copies
  for (const m of [...kitMigrations(schema), ...migrations]) hash.update(`${m.name}\0${m.sql}\0`);
  return `brigade_tpl_${schema}_${hash.digest('hex').slice(0, 12)}`;
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  return name;
}

async function exists(client: pg.Client, name: string): Promise<boolean> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  return (found.rowCount ?? 0) > 0;
}

/** Migrate a new database under a name of this process's, then rename it to the template's, under a lock. */
async function buildTemplate(
  client: pg.Client,
  url: string,
  template: string,
  schema: string,
  migrations: Migration[],
): Promise<void> {
  await client.query('select pg_advisory_lock(hashtext($1))', [template]);
  try {
    if (await exists(client, template)) return; // made meanwhile by another worker
    const building = `${template}_b${process.pid}`;
    await client.query(`drop database if exists "${building}"`);
    const buildUrl = new URL(url);
    buildUrl.pathname = `/${building}`;
    const database = await openDatabase({ url: buildUrl.toString(), poolSize: 1 }, schema);
    let state: TemplateState;
    try {
      await migrate(database, migrations);
    } finally {
      await database.close();
    }
    const reader = new pg.Client({ connectionString: buildUrl.toString() });
    await reader.connect();
    try {
      state = await stateOf(reader);
    } catch (err) {
      await reader.end();
      await client.query(`drop database if exists "${building}" with (force)`);
      throw err;
    }
    await reader.end();
    await client.query(`comment on database "${building}" is ${client.escapeLiteral(JSON.stringify(state))}`);
    await whenFree(() => client.query(`alter database "${building}" rename to "${template}"`));
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/**
 * Retry while the database is in use (55006): a backend of a pool just closed may still be exiting, and a copy
 * waits for the template's last session to end.
 */
async function whenFree<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 30) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}
