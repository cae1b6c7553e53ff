import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob, markEnded } from '../db/jobs.repository';
import { refundDecision } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { decideMoney, jobMoney } from './decide-money';

/**
 * Nobody confirmed the shift by its start (`jobs.job.expired.v1`): it can no longer be paid, and money held
 * goes back to the restaurant in full (reason `job_expired`), whatever jobs knew of it (`refund_due`). A
 * payment that succeeds after the expiry is refunded when it is recorded.
 */
export async function refundExpiredJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.expired.v1'>,
  occurredAt: string,
) {
  const job = await findJob(ctx.database, data.job_id, tx, true);
  if (!job) return;
  await markEnded(ctx.database, tx, job.job_id, 'expired', occurredAt, data);
  if (!isHeld(job.status)) return;
  // Issue 35 step 1: the job's one seat expired (`seats`, [1] when absent); each seat's share is step 2's.
  const seat = { seat_no: data.seats?.[0] ?? 1 };
  await decideMoney(ctx, tx, job, seat, refundDecision(await jobMoney(ctx, tx, job), 'job_expired'));
}
