import type { Tx } from '@brigade/kit';
import { nextPaymentStatus, type PaymentAction } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';

export type EscrowClosing = Extract<PaymentAction, 'released' | 'refunded' | 'settled'>;

/**
 * The money left escrow: released (payments.payout.released.v1) -> payment_status completed; refunded
 * (payments.escrow.refunded.v1: cancelled, not worked, expired) -> refunded; settled (payments.escrow.settled.v1:
 * a split, part to the chef, the rest refunded) -> settled. A move the payment lifecycle refuses changes nothing.
 */
export async function closeEscrow(
  ctx: JobsContext,
  tx: Tx,
  jobId: string,
  action: EscrowClosing,
): Promise<void> {
  const job = await lockJob(ctx.database, tx, jobId);
  if (!job) return;
  const payment = nextPaymentStatus(action, job.payment_status);
  if (!payment) return;
  await updateJob(tx, job.id, { payment_status: payment });
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
}
