import { createHash } from 'node:crypto';
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
 */
export async function createMigratedDatabase(
  url: string,
  schema: string,
  migrations: Migration[],
): Promise<void> {
  if (process.env.BRIGADE_DB_TEMPLATES === '0') return;
  const target = databaseName(url);
  const template = templateName(schema, migrations);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (!(await exists(client, template))) await buildTemplate(client, url, template, schema, migrations);
    await whenFree(() => client.query(`create database "${target}" template "${template}"`)).catch(
      (err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // 42P04: there already, and its service migrates what it lacks
      },
    );
  } finally {
    await client.end();
  }
}

/** The template's name: the schema and a hash of what migrating it runs (the kit's migrations and the service's). */
export function templateName(schema: string, migrations: Migration[]): string {
  const hash = createHash('sha256');
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
    try {
      await migrate(database, migrations);
    } finally {
      await database.close();
    }
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
