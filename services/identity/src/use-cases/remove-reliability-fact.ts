import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { removeReliabilityFact } from '../db/reliability.repository';
import type { IdentityContext } from '../context';

/**
 * Issue 39: an operator removed a mark on appeal (`jobs.mark.removed.v1`). It counts nowhere on profiles and in
 * the chef search from now on, and they say "removed on appeal" instead; the search's kept answers are dropped
 * (the update raises the chef search version). A fact not seen yet is kept as removed; a repeat changes nothing.
 */
export async function removeReliability(
  ctx: IdentityContext,
  tx: Tx,
  mark: EventData<'jobs.mark.removed.v1'>,
): Promise<boolean> {
  return removeReliabilityFact(ctx.database, tx, {
    userId: mark.user_id,
    userType: mark.user_type,
    kind: mark.kind,
    jobId: mark.job_id,
    seatNo: mark.seat_no,
    occurredAt: new Date(mark.occurred_at),
    removedAt: new Date(mark.removed_at),
  });
}
