import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { upsertJob } from '../db/jobs.repository';
import type { MessagingContext } from '../context';

/** A job was posted: remember who owns it and its title. */
export async function recordJob(ctx: MessagingContext, tx: Tx, job: EventData<'jobs.job.posted.v1'>) {
  await upsertJob(
    ctx.database,
    tx,
    { jobId: job.job_id, restaurantId: job.restaurant_id, title: job.title },
    ctx.stamps,
  );
}
