import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { applyCheckoutOutcome } from '../use-cases/apply-checkout-outcome';

/**
 * The checkout deadline passed without both answers: the answer given stands, nobody answering pays the chef,
 * answers that disagree keep the money held (jobs decided which; payments moves the money as for a checkout).
 */
export const onCheckoutDeadlinePassed: EventHandlerOf<PaymentsContext, 'jobs.checkout.deadline_passed.v1'> = (
  ctx,
  tx,
  data,
) => applyCheckoutOutcome(ctx, tx, data);
