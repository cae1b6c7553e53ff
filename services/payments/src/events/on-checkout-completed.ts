import type { Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { applyCheckoutOutcome } from '../use-cases/apply-checkout-outcome';

/** Both sides checked out: release, refund or hold, as their answers say. */
export async function onCheckoutCompleted(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.checkout.completed.v1'>,
) {
  await applyCheckoutOutcome(ctx, tx, data);
}
