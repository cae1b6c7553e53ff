import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertDispute } from '../db/disputes.repository';
import type { JobRow } from '../domain/records';

/**
 * A shift just became disputed (the two checkout answers disagree, at the mutual checkout or at the checkout
 * deadline): its dispute opens now, in the caller's transaction, for an operator to decide. The money stays
 * held until then.
 */
export async function openDispute(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  chefId: string,
  seatNo: number,
  kind: 'work' | 'hours' = 'work',
): Promise<void> {
  await insertDispute(tx, {
    kind,
    job_id: job.id,
    seat_no: seatNo,
    chef_id: chefId,
    restaurant_id: job.restaurant_id,
    opened_at: ctx.now(),
  });
}
