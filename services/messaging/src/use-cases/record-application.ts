import type { EventData, EventType } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { bumpInboxes } from '../db/inboxes.repository';
import { upsertJob } from '../db/jobs.repository';
import { recordApplicationStatus } from '../db/threads.repository';
import type { MessagingContext } from '../context';

/** The events that move an application's status: every `jobs.application.*` event but an edit's answer. */
export type ApplicationEvent = Exclude<
  Extract<EventType, `jobs.application.${string}`>,
  'jobs.application.edit_answered.v1'
>;

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
 * older one (by the event's time, `at`).
 */
export async function recordApplication<T extends ApplicationEvent>(
  ctx: MessagingContext,
  tx: Tx,
  type: T,
  data: EventData<T>,
  at: string,
) {
  const { database, stamps } = ctx;
  await upsertJob(
    database,
    tx,
    { jobId: data.job_id, restaurantId: data.restaurant_id, title: data.job_title },
    stamps,
  );
  await recordApplicationStatus(database, tx, {
    applicationId: data.application_id,
    jobId: data.job_id,
    chefId: data.chef_id,
    restaurantId: data.restaurant_id,
    status: APPLICATION_STATUS_AFTER[type],
    at,
  });
  await bumpInboxes(database, tx, [data.chef_id, data.restaurant_id], stamps);
}
