import type { Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { decideDispute } from '../use-cases/decide-dispute';

/** An operator decided a disputed job: move its money as decided, once the figures match our records. */
export async function onDisputeResolved(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.dispute.resolved.v1'>,
) {
  await decideDispute(ctx, tx, data);
}
