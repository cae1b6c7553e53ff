import type { Handler } from './handler';
import { textRefund } from '../use-cases/text-refund';

/**
 * The restaurant was refunded. When both sides said the work was not completed, the chef who was on the
 * shift is told. When the shift expired, the restaurant reads that the money is on its way back. A refund for
 * a cancelled job needs no text; after an operator's decision the restaurant reads that the refund is on its way: the restaurant saw the figures before cancelling, the chefs were told.
 */
export const onEscrowRefunded: Handler<'payments.escrow.refunded.v1'> = (ctx, tx, d) =>
  textRefund(ctx, tx, d);
