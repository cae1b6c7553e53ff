import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@brigade/contracts';
import { valuesOf, firstRow, normaliseApplication, type ApplicationRow } from './rows';

/** Which job an application belongs to (unlocked; the caller then locks the job, then the application). */
export async function jobIdOfApplication(
  database: Database,
  id: string,
  executor?: Executor,
): Promise<string | null> {
  const rows = await database.rows<{ job_id: string }>(
    sql`select job_id from jobs.applications where id = ${id}`,
    executor,
    { prepared: true },
  );
  return rows[0]?.job_id ?? null;
}

/** The first jobs.applications row `where` finds (with its lock when it says `for update`), or null. */
const oneApplication = (
  database: Database,
  where: SQL,
  executor?: Executor,
): Promise<ApplicationRow | null> =>
  firstRow(database, normaliseApplication, sql`select * from jobs.applications where ${where}`, executor);

export const lockApplication = (database: Database, tx: Executor, id: string) =>
  oneApplication(database, sql`id = ${id} for update`, tx);

/** One application, unlocked (a read). */
export const findApplication = (database: Database, id: string, executor?: Executor) =>
  oneApplication(database, sql`id = ${id}`, executor);

export const findApplicationOf = (database: Database, tx: Executor, jobId: string, chefId: string) =>
  oneApplication(database, sql`job_id = ${jobId} and chef_id = ${chefId}`, tx);

export async function applicationsOfJob(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<ApplicationRow[]> {
  const rows = await database.rows(
    sql`select * from jobs.applications where job_id = ${jobId} order by created_at for update`,
    tx,
  );
  return rows.map(normaliseApplication);
}

export async function insertApplication(
  tx: Executor,
  app: { id: string; job_id: string; chef_id: string; chef_profile_id: string | null },
): Promise<void> {
  await tx.execute(sql`
    insert into jobs.applications (id, job_id, chef_id, chef_profile_id, status)
    values (${app.id}, ${app.job_id}, ${app.chef_id}, ${app.chef_profile_id}, 'pending')`);
}

export async function setApplicationState(
  tx: Executor,
  id: string,
  next: { status: ApplicationStatus; worker_confirmed: boolean | null },
): Promise<void> {
  await tx.execute(sql`
    update jobs.applications set status = ${next.status}, worker_confirmed = ${next.worker_confirmed}, updated_at = now()
    where id = ${id}`);
}

/**
 * Issue 37: a pending application turned down because its shift filled (or taken up again from the standby
 * list: false), as standby reads it (domain/standby.ts).
 */
export async function setClosedAtFill(tx: Executor, id: string, closed: boolean): Promise<void> {
  await tx.execute(sql`update jobs.applications set closed_at_fill = ${closed} where id = ${id}`);
}

/**
 * The applications that hold a seat of the job (issue 35): accepted and awaiting their chef's answer, or
 * confirmed, oldest acceptance first.
 */
export async function heldApplicationsOf(
  database: Database,
  jobId: string,
  executor?: Executor,
): Promise<{ id: string; chef_id: string; worker_confirmed: boolean | null }[]> {
  return database.rows(
    sql`select id, chef_id, worker_confirmed from jobs.applications where job_id = ${jobId}
        and status = 'accepted' and worker_confirmed is distinct from false order by updated_at, id`,
    executor,
  );
}

/** The user ids of every chef who applied to this job (whatever the application's status). */
export const applicantIdsOfJob = (database: Database, tx: Executor, jobId: string) =>
  valuesOf<string>(
    database,
    'chef_id',
    sql`select chef_id from jobs.applications where job_id = ${jobId}`,
    tx,
  );

/** The id of this chef's application to this job, or null when they never applied. */
export async function applicationIdOf(
  database: Database,
  tx: Executor,
  jobId: string,
  chefId: string,
): Promise<string | null> {
  const [row] = await database.rows<{ id: string }>(
    sql`select id from jobs.applications where job_id = ${jobId} and chef_id = ${chefId}`,
    tx,
  );
  return row?.id ?? null;
}

/** The confirmed chef of a job (accepted and confirmed), or null. */
export async function confirmedChefOf(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<string | null> {
  const rows = await database.rows<{ chef_id: string }>(
    sql`select chef_id from jobs.applications where job_id = ${jobId}
        and status = 'accepted' and worker_confirmed = true limit 1`,
    tx,
  );
  return rows[0]?.chef_id ?? null;
}

/**
 * A chef's live applications (pending, or accepted and not declined), ordered by job then id so concurrent
 * unwinds lock in the same order. Unlocked: the caller locks each job, then the application.
 */
export async function liveApplicationsOfChef(
  database: Database,
  tx: Executor,
  chefId: string,
): Promise<Array<{ id: string; job_id: string }>> {
  return database.rows<{ id: string; job_id: string }>(
    sql`select a.id, a.job_id from jobs.applications a join jobs.jobs j on j.id = a.job_id
         where a.chef_id = ${chefId} and (a.status = 'pending' or (a.status = 'accepted' and a.worker_confirmed is distinct from false))
         order by a.job_id, a.id`,
    tx,
  );
}
