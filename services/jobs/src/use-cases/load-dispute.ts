import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockDispute, undecidedDisputeSeats, type DisputeRow } from '../db/disputes.repository';
import { JobsErrors } from '../domain/errors';

/**
 * The dispute a request is about, locked (after the job's lock) for a decision or a statement (issue 35: a
 * dispute is a seat's, and a posting of several may have one per seat). A seat named: that seat's dispute
 * (none: 404 JOBS.NO_DISPUTE). None named: the job's only undecided dispute, else its latest decided one (the
 * caller answers that it was decided); with two or more undecided, 409 JOBS.SEAT_REQUIRED naming them, so that
 * nobody decides or writes about a seat they did not choose.
 */
export async function lockNamedDispute(
  ctx: Pick<JobsContext, 'database'>,
  tx: Executor,
  jobId: string,
  seatNo: number | undefined,
): Promise<DisputeRow | null> {
  if (seatNo !== undefined) {
    const dispute = await lockDispute(ctx.database, tx, jobId, seatNo);
    if (!dispute) throw JobsErrors.noDispute();
    return dispute;
  }
  const undecided = await undecidedDisputeSeats(ctx.database, tx, jobId);
  if (undecided.length > 1) throw JobsErrors.seatRequired(undecided);
  return lockDispute(ctx.database, tx, jobId);
}
