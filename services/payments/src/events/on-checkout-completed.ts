import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { applyCheckoutOutcome } from '../use-cases/apply-checkout-outcome';

/** Both sides checked out: release, refund or hold, as their answers say. */
export const onCheckoutCompleted: EventHandlerOf<PaymentsContext, 'jobs.checkout.completed.v1'> = (
  ctx,
  tx,
  data,
) => applyCheckoutOutcome(ctx, tx, data);
