import { sql, type Database, type Executor } from '@brigade/kit';

/**
 * ETag version counters. A write bumps every scope whose lists it changes, in the same transaction, in scope
 * order (so two writers never wait on each other's counters in opposite orders):
 *  - 'jobs'           any job changed (the chefs' open list)
 *  - 'r:<user id>'    a restaurant's jobs, the applications to them, its profile
 *  - 'c:<user id>'    a chef's applications, the jobs they applied to, their profile
 */
export async function touchScopes(tx: Executor, scopes: string[]): Promise<void> {
  const unique = [...new Set(scopes)].sort();
  if (unique.length === 0) return;
  await tx.execute(sql`
    insert into jobs.list_versions (scope, version)
    select s, 1 from (values ${sql.join(
      unique.map((s) => sql`(${s})`),
      sql`, `,
    )}) as v(s) order by s
    on conflict (scope) do update set version = jobs.list_versions.version + 1`);
}

/**
 * The scopes a change to this job shows in: the open list, its restaurant, every chef who applied to it.
 * Collect every scope first and call touchScopes ONCE per transaction (one ordered pass: no deadlocks).
 */
export async function scopesOfJob(
  database: Database,
  tx: Executor,
  job: { id: string; restaurant_id: string },
): Promise<string[]> {
  const chefs = await database.rows<{ chef_id: string }>(
    sql`select chef_id from jobs.applications where job_id = ${job.id}`,
    tx,
  );
  return ['jobs', `r:${job.restaurant_id}`, ...chefs.map((c) => `c:${c.chef_id}`)];
}

export async function readVersions(database: Database, scopes: string[]): Promise<string> {
  const rows = await database.rows<{ scope: string; version: string | number }>(
    sql`select scope, version from jobs.list_versions where scope in (${sql.join(
      scopes.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  const byScope = new Map(rows.map((r) => [r.scope, String(r.version)]));
  return scopes.map((s) => `${s}=${byScope.get(s) ?? '0'}`).join(';');
}
