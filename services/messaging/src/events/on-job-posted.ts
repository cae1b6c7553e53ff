import type { EventHandlerOf } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { recordJob } from '../use-cases/record-job';

/** jobs.job.posted.v1: remember who owns the job and its title. */
export const onJobPosted: EventHandlerOf<MessagingContext, 'jobs.job.posted.v1'> = (ctx, tx, data) =>
  recordJob(ctx, tx, data);
