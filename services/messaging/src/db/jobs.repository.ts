import { sql, type Database, type Tx, type VersionStamps } from '@brigade/kit';
import { bumpInboxes } from './inboxes.repository';

/** Insert or refresh a job; when its title changes, the lists that show it change too. */
export async function upsertJob(
  database: Database,
  tx: Tx,
  job: { jobId: string; restaurantId: string; title: string },
  stamps: VersionStamps,
) {
  const changed = await database.rows<{ job_id: string }>(
    sql`insert into messaging.jobs (job_id, restaurant_id, title) values (${job.jobId}, ${job.restaurantId}, ${job.title})
        on conflict (job_id) do update set title = excluded.title, restaurant_id = excluded.restaurant_id, updated_at = now()
          where messaging.jobs.title is distinct from excluded.title or messaging.jobs.restaurant_id is distinct from excluded.restaurant_id
        returning job_id`,
    tx,
  );
  if (changed.length === 0) return;
  const people = await database.rows<{ chef_id: string; restaurant_id: string }>(
    sql`select chef_id, restaurant_id from messaging.threads where job_id = ${job.jobId}`,
    tx,
  );
  await bumpInboxes(
    database,
    tx,
    people.flatMap((p) => [p.chef_id, p.restaurant_id]),
    stamps,
  );
}
