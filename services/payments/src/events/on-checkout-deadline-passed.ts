import type { Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { applyCheckoutOutcome } from '../use-cases/apply-checkout-outcome';

/**
 * The checkout deadline passed without both answers: the answer given stands, nobody answering pays the chef,
 * answers that disagree keep the money held (jobs decided which; payments moves the money as for a checkout).
 */
export async function onCheckoutDeadlinePassed(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.checkout.deadline_passed.v1'>,
) {
  await applyCheckoutOutcome(ctx, tx, data);
}
