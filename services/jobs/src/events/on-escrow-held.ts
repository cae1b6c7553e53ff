import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { offerToSeriesChefs } from '../use-cases/offer-to-series-chefs';
import { openPaidJob } from '../use-cases/open-paid-job';
import { recordOccurrencePaid } from '../use-cases/record-occurrence-payment';

/**
 * Escrow held: the job opens to chefs (or, cancelled or expired meanwhile, the money is asked back). A series'
 * occurrence reads posted and is offered first to the chefs of the previous one (issue 35).
 */
export const onEscrowHeld: EventHandlerOf<JobsContext, 'payments.escrow.held.v1'> = async (ctx, tx, data) => {
  await openPaidJob(ctx, tx, data.job_id);
  await recordOccurrencePaid(ctx, tx, data.job_id);
  await offerToSeriesChefs(ctx, tx, data.job_id);
};
