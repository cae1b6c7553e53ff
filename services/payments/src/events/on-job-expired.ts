import type { Tx } from '@brigade/kit';
import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { refundExpiredJob } from '../use-cases/refund-expired-job';

/** Nobody confirmed the shift by its start: the money held goes back in full. */
export async function onJobExpired(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.job.expired.v1'>,
  event: EventEnvelope<unknown>,
) {
  await refundExpiredJob(ctx, tx, data, event.occurred_at);
}
