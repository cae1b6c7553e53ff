import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { decideDispute } from '../use-cases/decide-dispute';

/** An operator decided a disputed job: move its money as decided, once the figures match our records. */
export const onDisputeResolved: EventHandlerOf<PaymentsContext, 'jobs.dispute.resolved.v1'> = (
  ctx,
  tx,
  data,
) => decideDispute(ctx, tx, data);
