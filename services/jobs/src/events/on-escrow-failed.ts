import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordOccurrencePaymentNeeded } from '../use-cases/record-occurrence-payment';
import { recordPaymentFailure } from '../use-cases/record-payment-failure';

/** The card failed: the job waits in payment_failed (a series' occurrence reads payment_needed, issue 35). */
export const onEscrowFailed: EventHandlerOf<JobsContext, 'payments.escrow.failed.v1'> = async (
  ctx,
  tx,
  data,
) => {
  await recordPaymentFailure(ctx, tx, data.job_id);
  await recordOccurrencePaymentNeeded(ctx, tx, data.job_id, data.code);
};
