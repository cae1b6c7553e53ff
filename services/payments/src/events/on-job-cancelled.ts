import type { Tx } from '@brigade/kit';
import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { settleCancellation } from '../use-cases/settle-cancellation';

/** The owner cancelled the job: refund or split the money held, as the cancellation rules decided. */
export async function onJobCancelled(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.job.cancelled.v1'>,
  event: EventEnvelope<unknown>,
) {
  await settleCancellation(ctx, tx, data, event.occurred_at);
}
