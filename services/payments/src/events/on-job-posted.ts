import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { recordPostedJob } from '../use-cases/record-posted-job';

/** The jobs read model: the amounts a job is charged come only from here, with its times. */
export const onJobPosted: EventHandlerOf<PaymentsContext, 'jobs.job.posted.v1'> = (ctx, tx, data) =>
  recordPostedJob(ctx, tx, data);
