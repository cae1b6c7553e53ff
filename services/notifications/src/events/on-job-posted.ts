import type { Handler } from './handler';
import { recordPostedJob } from '../use-cases/record-posted-job';

export const onJobPosted: Handler<'jobs.job.posted.v1'> = (ctx, tx, d) => recordPostedJob(ctx, tx, d);
