import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import type { Stack } from './stack';

/**
 * A fingerprint of every table of every service (row count + md5 of the rows in a stable order), so a test
 * can show that a batch of refused requests changed nothing anywhere. One query per service (its tables'
 * fingerprints as one union), the services side by side: the hostile-input suite takes one after each of its
 * 175 routes.
 */
export async function snapshot(stack: Stack): Promise<Record<string, string>> {
  const parts = await Promise.all(
    Object.entries(stack.brigade.services).map(async ([name, service]) => {
      const database = service!.handle.database;
      const tables = await database.rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = ${name} and table_type = 'BASE TABLE' and table_name <> 'schema_migrations' order by table_name`,
      );
      if (tables.length === 0) return [];
      const rows = await database.rows<{ name: string; n: number; h: string | null }>(
        sql.raw(
          tables
            .map(
              ({ table_name }) =>
                `select '${name}.${table_name}' as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${name}.${table_name} t`,
            )
            .join(' union all '),
        ),
      );
      return rows.map((row) => [row.name, `${row.n}:${row.h}`] as const);
    }),
  );
  // in one order whatever the union's: settledSnapshot compares them whole
  return Object.fromEntries(parts.flat().sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Wait until background work (relays, consumers, schedulers, webhook deliveries) has settled. */
export async function settledSnapshot(stack: Stack, timeoutMs = 20_000): Promise<Record<string, string>> {
  let previous = await snapshot(stack);
  return eventually(async () => {
    await new Promise((r) => setTimeout(r, 300));
    const current = await snapshot(stack);
    const same = JSON.stringify(current) === JSON.stringify(previous);
    previous = current;
    if (!same) throw new Error('still changing');
    return current;
  }, timeoutMs);
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
