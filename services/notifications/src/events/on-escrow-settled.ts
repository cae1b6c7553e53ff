import type { Handler } from './handler';
import { textSettlement } from '../use-cases/text-settlement';

/**
 * A split closed the escrow (a late cancellation, or a decision after review): the chef reads what they were
 * paid, the restaurant what comes back to its card and how the rest was split.
 */
export const onEscrowSettled: Handler<'payments.escrow.settled.v1'> = (ctx, tx, d) =>
  textSettlement(ctx, tx, d);
