import type Stripe from 'stripe';
import { sql, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { syncAccount } from '../use-cases/connect-accounts';
import { recordTransfer, recordRefund } from '../use-cases/money-tasks';
import { recordEscrowHeld, recordPaymentFailure } from '../use-cases/record-escrow';

/** Which Stripe events the service acts on; everything else is acknowledged and ignored. */
export const STRIPE_EVENT_HANDLERS: Record<
  string,
  (ctx: PaymentsContext, tx: Executor, object: any) => Promise<unknown>
> = {
  'payment_intent.succeeded': (ctx, tx, pi: Stripe.PaymentIntent) => recordEscrowHeld(ctx, tx, pi),
  'payment_intent.payment_failed': (ctx, tx, pi: Stripe.PaymentIntent) => {
    const error = pi.last_payment_error;
    return recordPaymentFailure(ctx, tx, {
      paymentIntentId: pi.id,
      chargeId:
        error?.charge ??
        (typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null)),
      code: error?.code ?? null,
      declineCode: error?.decline_code ?? null,
      message: error?.message ?? 'Payment failed',
      metadata: pi.metadata,
    });
  },
  'account.updated': (ctx, tx, account: Stripe.Account) => syncAccount(ctx, tx, account),
  'transfer.created': (ctx, tx, transfer: Stripe.Transfer) =>
    transfer.metadata?.job_id
      ? recordTransfer(ctx, tx, transfer.metadata.job_id, transfer)
      : Promise.resolve(false),
  'refund.created': (ctx, tx, refund: Stripe.Refund) =>
    refund.metadata?.job_id && refund.status !== 'failed' && refund.status !== 'canceled'
      ? recordRefund(ctx, tx, refund.metadata.job_id, refund)
      : Promise.resolve(false),
};

/** Handle a verified Stripe event once: the event id is recorded in the same transaction as its effects. */
export async function handleStripeEvent(
  ctx: PaymentsContext,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const handler = STRIPE_EVENT_HANDLERS[event.type];
  const outcome = await ctx.database.transaction(async (tx) => {
    const claimed = await ctx.database.rows(
      sql`insert into ${sql.raw(ctx.database.schema)}.webhook_events (event_id, type) values (${event.id}, ${event.type}) on conflict do nothing returning event_id`,
      tx,
    );
    if (claimed.length === 0) return 'duplicate' as const;
    if (!handler) return 'ignored' as const;
    await handler(ctx, tx, (event.data as { object: unknown }).object);
    return 'handled' as const;
  });
  if (outcome === 'handled') ctx.relay.kick();
  return outcome;
}
