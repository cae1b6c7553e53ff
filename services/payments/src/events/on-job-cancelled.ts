import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { settleCancellation } from '../use-cases/settle-cancellation';

/** The owner cancelled the job: refund or split the money held, as the cancellation rules decided. */
export const onJobCancelled: EventHandlerOf<PaymentsContext, 'jobs.job.cancelled.v1'> = (
  ctx,
  tx,
  data,
  event,
) => settleCancellation(ctx, tx, data, event.occurred_at);
