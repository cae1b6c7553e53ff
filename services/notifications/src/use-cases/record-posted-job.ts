import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';

export async function recordPostedJob(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.posted.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
}
