import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertJob } from '../db/jobs.repository';

/** The jobs read model: the amounts a job is charged come only from here, with its times. */
export async function recordPostedJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.posted.v1'>,
) {
  await insertJob(ctx.database, tx, data);
}
