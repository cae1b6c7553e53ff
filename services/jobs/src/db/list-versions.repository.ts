import { idArray, onCommit, sql, type Database, type Executor } from '@brigade/kit';
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
    select s, 1 from unnest(${idArray(unique)}::text[]) as v(s) order by s
    on conflict (scope) do update set version = jobs.list_versions.version + 1
    returning scope, version`,
    tx,
    // one text whatever the count (an array parameter), so it is planned once per connection
    { prepared: true },
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
