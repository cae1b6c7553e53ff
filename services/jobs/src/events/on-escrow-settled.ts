import type { Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { nextPaymentStatus, type PaymentAction } from '../domain/job';

/** payments.payout.released.v1 -> payment_status completed; payments.escrow.refunded.v1 -> refunded. */
export function onEscrowSettled(ctx: JobsContext, action: Extract<PaymentAction, 'released' | 'refunded'>) {
  return async (
    tx: Tx,
    data: EventData<'payments.payout.released.v1'> | EventData<'payments.escrow.refunded.v1'>,
  ) => {
    const job = await lockJob(ctx.database, tx, data.job_id);
    if (!job) return;
    const payment = nextPaymentStatus(action, job.payment_status);
    if (!payment) return;
    await updateJob(tx, job.id, { payment_status: payment });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
  };
}
