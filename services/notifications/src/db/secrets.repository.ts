import { randomBytes } from 'node:crypto';
import { sql, type Database } from '@brigade/kit';

/** What this process has read of each database's secrets: a secret never changes once made. */
const read = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * A secret this service keeps with its data (`notifications.secrets`): made once, at random, by whichever
 * instance asks first; every instance reads the same one, and each reads it once (a failed read is asked again).
 */
export function keptSecret(
  database: Database,
  name: string,
  make = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  let known = read.get(database);
  if (!known) read.set(database, (known = new Map()));
  let secret = known.get(name);
  if (!secret) {
    secret = fetchOrMake(database, name, make);
    secret.catch(() => known.delete(name));
    known.set(name, secret);
  }
  return secret;
}

async function fetchOrMake(database: Database, name: string, make: () => string): Promise<string> {
  await database.rows(
    sql`insert into notifications.secrets (name, value) values (${name}, ${make()}) on conflict (name) do nothing`,
  );
  const rows = await database.rows<{ value: string }>(
    sql`select value from notifications.secrets where name = ${name}`,
  );
  return rows[0].value;
}
