import { onCommit, sql, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { requestRefund } from '../use-cases/money-tasks';

/**
 * The job was cancelled: it can no longer be paid, and money already held goes back to the restaurant when no
 * chef worked the shift (refund_due). A payment that succeeds later is refunded when it is recorded.
 */
export async function onJobCancelled(ctx: PaymentsContext, tx: Tx, data: EventData<'jobs.job.cancelled.v1'>) {
  const job = await findJob(ctx.database, data.job_id, tx, true);
  if (!job) return;
  await tx.execute(
    sql`update ${sql.raw(ctx.database.schema)}.job_payments set cancelled_at = coalesce(cancelled_at, now()), updated_at = now() where job_id = ${job.job_id}`,
  );
  if (data.refund_due && (job.status === 'held_in_escrow' || job.status === 'disputed')) {
    await requestRefund(ctx, tx, job, 'job_cancelled');
    onCommit(tx, () => ctx.kickMoneyTasks());
  }
}
