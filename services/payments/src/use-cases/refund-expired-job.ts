import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { refundSeats, seatNumbers } from './decide-money';
import { endJob } from './lock-job';

/**
 * Nobody confirmed the shift by its start (`jobs.job.expired.v1`): it can no longer be paid, and money held
 * goes back to the restaurant in full (reason `job_expired`), whatever jobs knew of it (`refund_due`): every
 * seat still held, its share each (a posting of one seat: the whole charge, as before seats). A payment that
 * succeeds after the expiry is refunded when it is recorded.
 */
export async function refundExpiredJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.expired.v1'>,
  occurredAt: string,
) {
  const job = await endJob(ctx, tx, data, 'expired', occurredAt);
  if (!job) return;
  // The whole posting expired (nobody booked any seat: `seats` lists them all): every seat still held.
  await refundSeats(ctx, tx, job, seatNumbers(job), 'job_expired');
}
