import { recordJob } from '../db/read-model.repository';
import type { Handler } from './handler';

export const onJobPosted: Handler<'jobs.job.posted.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, d);
};
