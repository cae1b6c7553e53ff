import type { EventData } from '@brigade/contracts';
import type { Database, Tx, VersionStamps } from '@brigade/kit';
import { upsertJob } from '../db/jobs';

/** jobs.job.posted.v1: remember who owns the job and its title. */
export function onJobPosted(database: Database, stamps: VersionStamps) {
  return async (tx: Tx, data: EventData<'jobs.job.posted.v1'>) => {
    await upsertJob(
      database,
      tx,
      {
        jobId: data.job_id,
        restaurantId: data.restaurant_id,
        title: data.title,
      },
      stamps,
    );
  };
}
