import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { refundExpiredJob } from '../use-cases/refund-expired-job';

/** Nobody confirmed the shift by its start: the money held goes back in full. */
export const onJobExpired: EventHandlerOf<PaymentsContext, 'jobs.job.expired.v1'> = (ctx, tx, data, event) =>
  refundExpiredJob(ctx, tx, data, event.occurred_at);
