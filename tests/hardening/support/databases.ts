import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readMigrations } from '@brigade/kit';
import { createMigratedDatabase, releaseMigratedDatabase } from '@brigade/kit/testing';

/**
 * A real-mode run's databases made before its processes start: each a copy of a migrated template
 * (kit/src/migrated-template.ts), so a service finds its migrations applied instead of running them all on
 * every start of the product. Read from the same folders the services and sandboxes migrate from.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Each database of a product, by its schema name, and the folder of its migrations. */
export const MIGRATION_FOLDERS = {
  identity: 'services/identity/src/db/migrations',
  jobs: 'services/jobs/src/db/migrations',
  payments: 'services/payments/src/db/migrations',
  messaging: 'services/messaging/src/db/migrations',
  notifications: 'services/notifications/src/db/migrations',
  stripe_sandbox: 'sandboxes/stripe/src/db/migrations',
  sms_sandbox: 'sandboxes/sms/src/db/migrations',
  mail_sandbox: 'sandboxes/mail/src/db/migrations',
} as const;
export type SchemaName = keyof typeof MIGRATION_FOLDERS;

/** Make `<base>_<schema>` for each schema, migrated, side by side. */
export async function prepareDatabases(baseUrl: string, schemas: SchemaName[]): Promise<void> {
  await Promise.all(
    schemas.map(async (schema) => {
      const migrations = await readMigrations(path.join(ROOT, MIGRATION_FOLDERS[schema]));
      await createMigratedDatabase(databaseUrlOf(baseUrl, schema), schema, migrations);
    }),
  );
}

/** `<base>_<schema>` on the server of `baseUrl` (what kit's serviceDatabaseUrl names). */
export function databaseUrlOf(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${url.pathname.replace(/^\//, '') || 'brigade'}_${schema}`;
  return url.toString();
}

/**
 * Drop databases of a run side by side: each DROP DATABASE waits for a checkpoint, and the checkpoints that
 * several drops ask for at once are one (eight drops one after the other took 12 s on the loaded machine).
 */
export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  await Promise.all(
    names.map(async (name) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      try {
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
      } catch {
        /* the server is gone already (a private cluster), or the database was */
      } finally {
        await client.end().catch(() => undefined);
      }
    }),
  );
}

/**
 * The end of a run's databases made by `prepareDatabases`: each parked for the next run (put back as its template
 * is) or dropped (kit/src/migrated-template.ts), side by side. Its processes' pools are closed first.
 */
export async function releaseDatabases(baseUrl: string, schemas: SchemaName[]): Promise<void> {
  await Promise.all(
    schemas.map(async (schema) => {
      const migrations = await readMigrations(path.join(ROOT, MIGRATION_FOLDERS[schema]));
      // the server gone already (a private cluster): nothing left to park or drop
      await releaseMigratedDatabase(databaseUrlOf(baseUrl, schema), schema, migrations).catch(
        () => undefined,
      );
    }),
  );
}
