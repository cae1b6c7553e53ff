import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { closeEscrow } from '../use-cases/close-escrow';

/** The payout was released: payment_status completed, the chef paid the amount, the fee kept. */
export const onPayoutReleased: EventHandlerOf<JobsContext, 'payments.payout.released.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, data.seat_no, 'released', {
    reason: data.reason,
    chef_pay_cents: data.amount_cents,
    fee_cents: data.fee_cents ?? null,
    refund_cents: 0,
  });

/** The escrow was refunded (cancelled, not worked, expired, decided): payment_status refunded. */
export const onEscrowRefunded: EventHandlerOf<JobsContext, 'payments.escrow.refunded.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, data.seat_no, 'refunded', {
    reason: data.reason,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: data.amount_cents,
  });

/** The escrow was settled (a split: part to the chef, the rest refunded): payment_status settled. */
export const onEscrowSettled: EventHandlerOf<JobsContext, 'payments.escrow.settled.v1'> = (ctx, tx, data) =>
  closeEscrow(ctx, tx, data.job_id, data.seat_no, 'settled', {
    reason: data.reason,
    chef_pay_cents: data.chef_pay_cents,
    fee_cents: data.fee_cents,
    refund_cents: data.refund_cents,
  });
