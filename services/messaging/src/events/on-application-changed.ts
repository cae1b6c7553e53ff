import type { EventData, EventEnvelope } from '@brigade/contracts';
import { sql, type Database, type Tx, type VersionStamps } from '@brigade/kit';
import { bumpInboxes } from '../db/inboxes';
import { upsertJob } from '../db/jobs';

type ApplicationEvent =
  | 'jobs.application.submitted.v1'
  | 'jobs.application.accepted.v1'
  | 'jobs.application.rejected.v1'
  | 'jobs.application.confirmed.v1'
  | 'jobs.application.declined.v1'
  | 'jobs.application.cancelled.v1';

/** The status an application event leaves the application in (shown with each conversation). */
export const APPLICATION_STATUS_AFTER: Record<ApplicationEvent, string> = {
  'jobs.application.submitted.v1': 'pending',
  'jobs.application.accepted.v1': 'accepted',
  'jobs.application.rejected.v1': 'rejected',
  'jobs.application.confirmed.v1': 'confirmed',
  'jobs.application.declined.v1': 'declined',
  'jobs.application.cancelled.v1': 'cancelled',
};

/**
 * Any application event: the chef applied (or the application moved on), so the thread between that chef
 * and the job's restaurant exists. Events may arrive out of order across queues: a status only replaces an
 * older one (by the event's time).
 */
export function onApplicationChanged<T extends ApplicationEvent>(
  database: Database,
  type: T,
  stamps: VersionStamps,
) {
  return async (tx: Tx, data: EventData<T>, event: EventEnvelope<EventData<T>>) => {
    const status = APPLICATION_STATUS_AFTER[type];
    const at = event.occurred_at;
    await upsertJob(
      database,
      tx,
      {
        jobId: data.job_id,
        restaurantId: data.restaurant_id,
        title: data.job_title,
      },
      stamps,
    );
    await database.rows(
      sql`insert into messaging.applications (application_id, job_id, chef_id, restaurant_id, status, status_at)
          values (${data.application_id}, ${data.job_id}, ${data.chef_id}, ${data.restaurant_id}, ${status}, ${at})
          on conflict (application_id) do update set status = excluded.status, status_at = excluded.status_at
            where messaging.applications.status_at <= excluded.status_at`,
      tx,
    );
    await database.rows(
      sql`insert into messaging.threads (job_id, chef_id, restaurant_id, application_id, application_status, status_at)
          values (${data.job_id}, ${data.chef_id}, ${data.restaurant_id}, ${data.application_id}, ${status}, ${at})
          on conflict (job_id, chef_id) do update set
            application_id = excluded.application_id, application_status = excluded.application_status, status_at = excluded.status_at
            where messaging.threads.status_at <= excluded.status_at`,
      tx,
    );
    await bumpInboxes(database, tx, [data.chef_id, data.restaurant_id], stamps);
  };
}
