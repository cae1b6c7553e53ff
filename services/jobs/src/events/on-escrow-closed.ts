import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { closeEscrow } from '../use-cases/close-escrow';

/** The payout was released: payment_status completed. */
export const onPayoutReleased: EventHandlerOf<JobsContext, 'payments.payout.released.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, 'released');

/** The escrow was refunded (cancelled, not worked, expired): payment_status refunded. */
export const onEscrowRefunded: EventHandlerOf<JobsContext, 'payments.escrow.refunded.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, 'refunded');

/** The escrow was settled (a split: part to the chef, the rest refunded): payment_status settled. */
export const onEscrowSettled: EventHandlerOf<JobsContext, 'payments.escrow.settled.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, 'settled');
