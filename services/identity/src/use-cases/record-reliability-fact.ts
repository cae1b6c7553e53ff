import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { recordReliabilityFact } from '../db/reliability.repository';
import type { IdentityContext } from '../context';

/**
 * A fact on someone's reliability record (a completed shift, a late cancellation, a no-show, a dispute lost):
 * kept once per user, kind, job and seat (issue 35: a chef's fact is a seat's), whatever the number of times it
 * is announced. Profiles count it at read time, so it leaves the last-90-days counts by itself when it grows old.
 */
export async function recordReliability(
  ctx: IdentityContext,
  tx: Tx,
  fact: EventData<'jobs.reliability.recorded.v1'>,
): Promise<boolean> {
  return recordReliabilityFact(ctx.database, tx, {
    userId: fact.user_id,
    userType: fact.user_type,
    kind: fact.kind,
    jobId: fact.job_id,
    // null: a fact of the whole posting, kept at seat 0 (the posting's own); absent (before seats): seat 1
    seatNo: fact.seat_no ?? 0,
    occurredAt: new Date(fact.occurred_at),
  });
}
