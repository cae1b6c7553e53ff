import { onCommit, sql, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob, setStatus } from '../db/jobs.repository';
import { requestRefund, requestTransfer } from '../use-cases/money-tasks';

/**
 * Both sides checked out. release: the chef's shift pay is transferred (the fee stays); refund: the whole charge
 * goes back; disputed: the money stays held and the job shows `disputed`. The transfer/refund itself runs after
 * this transaction commits (money-task runner).
 */
export async function onCheckoutCompleted(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.checkout.completed.v1'>,
) {
  const job = await findJob(ctx.database, data.job_id, tx, true);
  if (!job) {
    // Never drop money: retry, then park in the dead-letter queue where it can be re-driven.
    throw new Error(`checkout completed for job ${data.job_id}, which payments has not seen`);
  }
  await tx.execute(
    sql`update ${sql.raw(ctx.database.schema)}.job_payments set chef_id = ${data.chef_id} where job_id = ${job.job_id}`,
  );
  if (job.status !== 'held_in_escrow' && job.status !== 'disputed') {
    ctx.logger.warn(
      { job: job.job_id, status: job.status, outcome: data.outcome },
      'checkout completed but no money is held for the job',
    );
    return;
  }
  if (data.outcome === 'release') await requestTransfer(ctx, tx, job, data.chef_id);
  else if (data.outcome === 'refund') await requestRefund(ctx, tx, job, 'work_not_completed');
  else if (job.status === 'held_in_escrow') await setStatus(ctx.database, tx, job.job_id, 'disputed');
  onCommit(tx, () => ctx.kickMoneyTasks());
}
