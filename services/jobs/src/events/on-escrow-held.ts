import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { openPaidJob } from '../use-cases/open-paid-job';
import { recordOccurrencePaid } from '../use-cases/record-occurrence-payment';

/** Escrow held: the job opens to chefs (or, cancelled or expired meanwhile, the money is asked back). */
export const onEscrowHeld: EventHandlerOf<JobsContext, 'payments.escrow.held.v1'> = async (ctx, tx, data) => {
  await openPaidJob(ctx, tx, data.job_id);
  await recordOccurrencePaid(ctx, tx, data.job_id);
};
