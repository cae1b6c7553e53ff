import { sql, type Database } from '@brigade/kit';

// The read side of the ETag counters (db/list-versions.repository.ts bumps them in each write's transaction).

export interface ListVersions {
  /** Each scope's version, 0 when never written. */
  versions: Array<[scope: string, version: number]>;
  /**
   * The next moment after `now` (ms) a chef's list changes by itself: the next open shift's start (it leaves
   * the list) or the end of a running roster-first window (issue 37: the shift joins the shared list), the
   * sooner.
   */
  nextStartMs: number | null;
}

/**
 * The versions behind a list, in one round trip. With `now` (lists filtered by "not started yet"), also the
 * next open shift's start or roster-first window's end: the list changes when that moment passes, without any
 * write. Two subqueries, each the first row of its own index (jobs (status, start_time) and
 * jobs_roster_window_due_idx), rather than one scan of every open shift.
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
            select '', (extract(epoch from least(
              (select min(start_time) from jobs.jobs
               where status = 'open' and start_time > ${now.toISOString()}::timestamptz),
              (select min(roster_first_until) from jobs.jobs
               where roster_first_until is not null and roster_window_ended_at is null
               and roster_first_until > ${now.toISOString()}::timestamptz and status = 'open'
               and start_time > ${now.toISOString()}::timestamptz))) * 1000)::bigint`
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
