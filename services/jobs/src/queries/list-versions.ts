import { sql, type Database } from '@brigade/kit';

// The read side of the ETag counters (db/list-versions.repository.ts bumps them in each write's transaction).

export interface ListVersions {
  /** Each scope's version, 0 when never written. */
  versions: Array<[scope: string, version: number]>;
  /** The start of the next open shift after `now` (ms): the chefs' lists change when it passes. */
  nextStartMs: number | null;
}

/**
 * The versions behind a list, in one round trip. With `now` (lists filtered by "not started yet"), also the
 * next open shift's start: the list changes when that moment passes, without any write.
 */
export async function readVersions(database: Database, scopes: string[], now?: Date): Promise<ListVersions> {
  const inList = sql.join(
    scopes.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await database.rows<{ scope: string; version: string | number | null }>(
    now
      ? sql`select scope, version from jobs.list_versions where scope in (${inList})
            union all
            select '', (extract(epoch from min(start_time)) * 1000)::bigint from jobs.jobs
            where status = 'open' and start_time > ${now.toISOString()}::timestamptz`
      : sql`select scope, version from jobs.list_versions where scope in (${inList})`,
    undefined,
    { prepared: true },
  );
  const byScope = new Map(rows.map((r) => [r.scope, r.version === null ? null : Number(r.version)]));
  return {
    versions: scopes.map((s) => [s, byScope.get(s) ?? 0]),
    nextStartMs: now ? (byScope.get('') ?? null) : null,
  };
}
