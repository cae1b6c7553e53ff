import type { Handler } from './handler';
import { textPayout } from '../use-cases/text-payout';

/** The chef's pay left escrow: the chef is told how much. */
export const onPayoutReleased: Handler<'payments.payout.released.v1'> = (ctx, tx, d) =>
  textPayout(ctx, tx, d);
