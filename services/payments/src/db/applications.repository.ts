import { eq } from 'drizzle-orm';
import { sql, type Database, type Executor } from '@brigade/kit';
import { applications } from './schema';

export interface ApplicationFacts {
  application_id: string;
  job_id: string;
  chef_id: string;
  restaurant_id: string;
}

/** Applications -> jobs (`confirm-payment` finds the job of an application). */
export async function insertApplication(database: Database, tx: Executor, a: ApplicationFacts) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.applications (application_id, job_id, chef_id, restaurant_id)
        values (${a.application_id}, ${a.job_id}, ${a.chef_id}, ${a.restaurant_id})
        on conflict (application_id) do nothing`,
  );
}

/** The restaurant accepted this application (kept once, whatever order the events arrive in). */
export async function markAccepted(database: Database, tx: Executor, a: ApplicationFacts, at: string) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.applications (application_id, job_id, chef_id, restaurant_id, accepted_at)
        values (${a.application_id}, ${a.job_id}, ${a.chef_id}, ${a.restaurant_id}, ${at})
        on conflict (application_id) do update set accepted_at = coalesce(applications.accepted_at, excluded.accepted_at)`,
  );
}

/** Whether payments saw the restaurant accept this chef for this job. */
export async function wasAccepted(
  database: Database,
  tx: Executor,
  jobId: string,
  chefId: string,
): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from ${sql.raw(database.schema)}.applications
        where job_id = ${jobId} and chef_id = ${chefId} and accepted_at is not null`,
    tx,
  );
  return rows.length > 0;
}

/** One application as payments knows it (null: never seen). */
export async function applicationOf(
  database: Database,
  tx: Executor,
  applicationId: string,
): Promise<ApplicationFacts | null> {
  const [row] = await database.rows<ApplicationFacts>(
    sql`select application_id, job_id, chef_id, restaurant_id from ${sql.raw(database.schema)}.applications
        where application_id = ${applicationId}`,
    tx,
  );
  return row ?? null;
}

/** The job and restaurant of an application (null: never seen). */
export async function jobOfApplication(
  database: Database,
  applicationId: string,
): Promise<{ job_id: string; restaurant_id: string } | null> {
  const [row] = await database.db
    .select({ job_id: applications.jobId, restaurant_id: applications.restaurantId })
    .from(applications)
    .where(eq(applications.applicationId, applicationId));
  return row ?? null;
}
