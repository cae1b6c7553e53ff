import { randomBytes } from 'node:crypto';
import { sql, type Database } from '@brigade/kit';

/**
 * A secret this service keeps with its data (`notifications.secrets`): made once, at random, by whichever
 * instance asks first; every instance reads the same one.
 */
export async function keptSecret(
  database: Database,
  name: string,
  make = () => randomBytes(32).toString('base64url'),
) {
  await database.rows(
    sql`insert into notifications.secrets (name, value) values (${name}, ${make()}) on conflict (name) do nothing`,
  );
  const rows = await database.rows<{ value: string }>(
    sql`select value from notifications.secrets where name = ${name}`,
  );
  return rows[0].value;
}
