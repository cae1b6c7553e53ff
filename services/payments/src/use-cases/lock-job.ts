import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, markEnded, type JobPaymentRow } from '../db/jobs.repository';

/**
 * The job an event is about, locked for the handler's transaction. Never drop money: a job payments has not seen
 * yet (its posting may still be on the way) throws, so the event is retried, then parked in the dead-letter queue
 * where it can be re-driven. `what` names the event in that error ("checkout outcome for job", "an edit of job", ...).
 */
export async function lockSeenJob(
  ctx: PaymentsContext,
  tx: Executor,
  jobId: string,
  what: string,
): Promise<JobPaymentRow> {
  const job = await findJob(ctx.database, jobId, tx, true);
  if (!job) throw new Error(`${what} ${jobId}, which payments has not seen`);
  return job;
}

/**
 * A rule ended the job before anyone worked it (`how`, at the moment its event says, with the event's shift times):
 * it is marked so, locked, and returned for its money to be settled; null for a job payments never saw (nothing
 * was ever payable).
 */
export async function endJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: { job_id: string; start_time: string; end_time: string },
  how: 'cancelled' | 'expired',
  occurredAt: string,
): Promise<JobPaymentRow | null> {
  const job = await findJob(ctx.database, data.job_id, tx, true);
  if (job) await markEnded(ctx.database, tx, job.job_id, how, occurredAt, data);
  return job;
}
