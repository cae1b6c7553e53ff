import { onCommit, sql, type Database, type Executor } from '@brigade/kit';
import type { JobsContext } from '../context';

/**
 * ETag version counters. A write bumps every scope whose lists it changes, in the same transaction, in scope
 * order (so two writers never wait on each other's counters in opposite orders):
 *  - 'jobs'           the chefs' open list: a job was posted open, opened, changed while open, or left it
 *  - 'r:<user id>'    a restaurant's jobs, the applications to them, its profile
 *  - 'c:<user id>'    a chef's applications, the jobs they applied to, their profile
 */
export async function touchScopes(
  ctx: Pick<JobsContext, 'database' | 'stamps'>,
  tx: Executor,
  scopes: string[],
): Promise<void> {
  const unique = [...new Set(scopes)].sort();
  if (unique.length === 0) return;
  const rows = await ctx.database.rows<{ scope: string; version: string | number }>(
    sql`
    insert into jobs.list_versions (scope, version)
    select s, 1 from (values ${sql.join(
      unique.map((s) => sql`(${s})`),
      sql`, `,
    )}) as v(s) order by s
    on conflict (scope) do update set version = jobs.list_versions.version + 1
    returning scope, version`,
    tx,
  );
  // After the commit (never before: the gateway must not see a version whose data is not visible yet).
  if (ctx.stamps.enabled)
    onCommit(tx, () => {
      void ctx.stamps.publish(rows.map((r) => [ctx.stamps.key('jobs', r.scope), Number(r.version)] as const));
    });
}

/**
 * The scopes a change to this job shows in: its restaurant, every chef who applied to it, and the chefs'
 * open list only if the job is listed there before or after the change (status open: `job` is the row
 * before the change, `statusAfter` its new status). A change to a job no chef browses (being paid for,
 * worked, checked out, settled) then does not make every chef refetch the open list.
 * Collect every scope first and call touchScopes ONCE per transaction (one ordered pass: no deadlocks).
 */
export async function scopesOfJob(
  database: Database,
  tx: Executor,
  job: { id: string; restaurant_id: string; status: string },
  statusAfter: string = job.status,
): Promise<string[]> {
  const chefs = await database.rows<{ chef_id: string }>(
    sql`select chef_id from jobs.applications where job_id = ${job.id}`,
    tx,
  );
  const listed = job.status === 'open' || statusAfter === 'open';
  return [...(listed ? ['jobs'] : []), `r:${job.restaurant_id}`, ...chefs.map((c) => `c:${c.chef_id}`)];
}

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
