import { recordJob } from '../db/read-model';
import type { HandlerFactory } from './handler';

export const onJobPosted: HandlerFactory<'jobs.job.posted.v1'> = (ctx) => async (tx, d) => {
  await recordJob(ctx.database, tx, d);
};
