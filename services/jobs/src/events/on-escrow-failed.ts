import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordPaymentFailure } from '../use-cases/record-payment-failure';

/** The card failed: the job waits in payment_failed. */
export const onEscrowFailed: EventHandlerOf<JobsContext, 'payments.escrow.failed.v1'> = (ctx, tx, data) =>
  recordPaymentFailure(ctx, tx, data.job_id);
