import type { Tx } from '@brigade/kit';
import { nextPaymentStatus, type EventData, type PaymentAction } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';

type Closing = Extract<PaymentAction, 'released' | 'refunded' | 'settled'>;

/**
 * The money left escrow: payments.payout.released.v1 -> payment_status completed; payments.escrow.refunded.v1
 * (cancelled, not worked, expired) -> refunded; payments.escrow.settled.v1 (a split: part to the chef, the
 * rest refunded) -> settled.
 */
export function onEscrowClosed(ctx: JobsContext, action: Closing) {
  return async (
    tx: Tx,
    data:
      | EventData<'payments.payout.released.v1'>
      | EventData<'payments.escrow.refunded.v1'>
      | EventData<'payments.escrow.settled.v1'>,
  ) => {
    const job = await lockJob(ctx.database, tx, data.job_id);
    if (!job) return;
    const payment = nextPaymentStatus(action, job.payment_status);
    if (!payment) return;
    await updateJob(tx, job.id, { payment_status: payment });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
  };
}
