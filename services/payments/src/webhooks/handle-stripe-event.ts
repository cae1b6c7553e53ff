import Stripe from 'stripe';
import { inTransaction, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { claimWebhookEvent, webhookEventSeen } from '../db/webhook-events.repository';
import type { MoneySource } from '../domain/anomaly';
import { providerUnavailable } from '../domain/errors';
import { interactive, isProviderOutage } from '../adapters/stripe';
import { syncAccount } from '../use-cases/connect-accounts';
import { isExtraChargeIntent, recordExtraCollected } from '../use-cases/extra-charge';
import { isEditChargeIntent, recordEditChargeCollected } from '../use-cases/edit-charge';
import { WITH_PAYMENT_METHOD, recordEscrowHeld, recordPaymentFailure } from '../use-cases/record-escrow';
import { recordRefund, recordTransfer } from '../use-cases/record-settlement';
import { fetchSetup, recordCardSetup, type SetupFacts } from '../use-cases/record-card-setup';
import { reportAnomaly } from '../use-cases/report-anomaly';
import { isTipIntent, recordTipCharged } from '../use-cases/charge-tip';
import { applyPayoutOutcome } from '../use-cases/instant-payout';
import { recordCardDispute } from '../use-cases/record-card-dispute';
import { isCardDisputeSettlementIntent, recordCardDisputeSettled } from '../use-cases/settle-card-dispute';

/**
 * The Stripe events payments acts on. A signed event is a hint, never a source of amounts or identities: each
 * handler first asks the provider for the object the event names (`fetch`, outside any transaction), then
 * records what the provider said, and only where it matches payments' own records (`apply`, in the transaction
 * that also marks the event handled). Everything else is acknowledged and ignored.
 */
interface StripeEventHandler<T> {
  /** `event`: a Connect event names its connected account (`event.account`), where its object is retrieved. */
  fetch(stripe: Stripe, id: string, options: Stripe.RequestOptions, event: Stripe.Event): Promise<T>;
  apply(ctx: PaymentsContext, tx: Executor, current: T, source: MoneySource): Promise<unknown>;
}

const handler = <T>(h: StripeEventHandler<T>) => h as StripeEventHandler<unknown>;

/** Issue 38: an instant payout's outcome, retrieved on the connected account the event names (none: platform). */
const payoutOutcome = handler<{ payout: Stripe.Payout; account: string | null }>({
  fetch: async (stripe, id, o, event) => ({
    payout: await stripe.payouts.retrieve(
      id,
      {},
      { ...o, ...(event.account ? { stripeAccount: event.account } : {}) },
    ),
    account: event.account ?? null,
  }),
  apply: (ctx, tx, current, source) => applyPayoutOutcome(ctx, tx, current, source),
});

export const STRIPE_EVENT_HANDLERS: Record<string, StripeEventHandler<unknown>> = {
  'payment_intent.succeeded': handler<Stripe.PaymentIntent>({
    fetch: (stripe, id, o) => stripe.paymentIntents.retrieve(id, WITH_PAYMENT_METHOD, o),
    apply: (ctx, tx, pi, source) =>
      isTipIntent(pi)
        ? recordTipCharged(ctx, tx, pi, source)
        : // Issue 38: a lost card dispute paid back by the restaurant.
          isCardDisputeSettlementIntent(pi)
          ? recordCardDisputeSettled(ctx, tx, pi, source)
          : isExtraChargeIntent(pi)
            ? recordExtraCollected(ctx, tx, pi, source)
            : isEditChargeIntent(pi)
              ? recordEditChargeCollected(ctx, tx, pi, source)
              : recordEscrowHeld(ctx, tx, pi, source),
  }),
  'payment_intent.payment_failed': handler<Stripe.PaymentIntent>({
    fetch: (stripe, id, o) => stripe.paymentIntents.retrieve(id, WITH_PAYMENT_METHOD, o),
    apply: async (ctx, tx, pi, source) => {
      // Issue 38: a card dispute's settlement: its failure is the restaurant's card form's; a success counts.
      if (isCardDisputeSettlementIntent(pi))
        return pi.status === 'succeeded' ? recordCardDisputeSettled(ctx, tx, pi, source) : 'ignored';
      // A timesheet's extra: its failure is recorded by the charge's own answer; a success since counts.
      if (isExtraChargeIntent(pi))
        return pi.status === 'succeeded' ? recordExtraCollected(ctx, tx, pi, source) : 'ignored';
      // Issue 38: a tip's charge: its failure is recorded by the charge's own answer; a success since counts.
      if (isTipIntent(pi))
        return pi.status === 'succeeded' ? recordTipCharged(ctx, tx, pi, source) : 'ignored';
      // Issue 35: an edit's charge: its failure is recorded by the charge's own answer; a success since counts.
      if (isEditChargeIntent(pi))
        return pi.status === 'succeeded' ? recordEditChargeCollected(ctx, tx, pi, source) : 'ignored';
      // Out of order: the intent has succeeded since (a retry with another card); that is what counts.
      if (pi.status === 'succeeded') return recordEscrowHeld(ctx, tx, pi, source);
      const error = pi.last_payment_error;
      if (!error)
        return reportAnomaly(ctx, tx, source, { reason: 'no_failure_at_provider', objectId: pi.id });
      return recordPaymentFailure(
        ctx,
        tx,
        {
          paymentIntentId: pi.id,
          chargeId:
            error.charge ??
            (typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null)),
          code: error.code ?? null,
          declineCode: error.decline_code ?? null,
          message: error.message ?? 'Payment failed',
        },
        source,
      );
    },
  }),
  'setup_intent.succeeded': handler<SetupFacts>({
    fetch: (stripe, id, o) => fetchSetup(stripe, id, o),
    apply: (ctx, tx, facts, source) => recordCardSetup(ctx, tx, facts, source),
  }),
  'account.updated': handler<Stripe.Account>({
    fetch: (stripe, id, o) => stripe.accounts.retrieve(id, {}, o),
    apply: (ctx, tx, account, source) => syncAccount(ctx, tx, account, undefined, source),
  }),
  'transfer.created': handler<Stripe.Transfer>({
    fetch: (stripe, id, o) => stripe.transfers.retrieve(id, {}, o),
    apply: (ctx, tx, transfer, source) => {
      // Issue 38: a failed instant payout's fee returned to the chef's account: booked by its own answer.
      if (transfer.metadata?.instant_payout_id) return Promise.resolve('ignored');
      const jobId = transfer.metadata?.job_id ?? transfer.transfer_group;
      if (!jobId)
        return reportAnomaly(ctx, tx, source, { reason: 'no_matching_task', objectId: transfer.id });
      return recordTransfer(ctx, tx, jobId, transfer, source);
    },
  }),
  'refund.created': handler<Stripe.Refund>({
    fetch: (stripe, id, o) => stripe.refunds.retrieve(id, {}, o),
    apply: async (ctx, tx, refund, source) =>
      refund.status === 'failed' || refund.status === 'canceled'
        ? 'ignored'
        : recordRefund(ctx, tx, refund, source),
  }),
  'payout.paid': payoutOutcome,
  'payout.failed': payoutOutcome,
  // Issue 38: card disputes, verified by retrieve; a `closed` the provider does not confirm moves nothing.
  'charge.dispute.created': handler<Stripe.Dispute>({
    fetch: (stripe, id, o) => stripe.disputes.retrieve(id, {}, o),
    apply: (ctx, tx, dispute, source) => recordCardDispute(ctx, tx, dispute, source),
  }),
  'charge.dispute.updated': handler<Stripe.Dispute>({
    fetch: (stripe, id, o) => stripe.disputes.retrieve(id, {}, o),
    apply: (ctx, tx, dispute, source) => recordCardDispute(ctx, tx, dispute, source),
  }),
  'charge.dispute.closed': handler<Stripe.Dispute>({
    fetch: (stripe, id, o) => stripe.disputes.retrieve(id, {}, o),
    apply: (ctx, tx, dispute, source) => recordCardDispute(ctx, tx, dispute, source, true),
  }),
};

/**
 * The events that name a movement out of escrow, by the ledger kind it is recorded as (with its provider id):
 * one already in the ledger needs no retrieve (see `handleStripeEvent`).
 */
const RECORDED_AS: Record<string, 'transfer' | 'refund'> = {
  'transfer.created': 'transfer',
  'refund.created': 'refund',
};

/** The provider's current copy of the object, null when it has none; a provider outage is a 503 (Stripe retries). */
async function fetchCurrent(
  ctx: PaymentsContext,
  h: StripeEventHandler<unknown>,
  objectId: string,
  event: Stripe.Event,
): Promise<unknown> {
  try {
    return await h.fetch(ctx.stripe.get(), objectId, interactive(ctx.config), event);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    if (isProviderOutage(err)) throw providerUnavailable();
    throw err;
  }
}

/**
 * Handle a verified Stripe event once: the event id is recorded in the same transaction as its effects. A
 * validly signed event that does not match payments' records or the provider changes nothing but an anomaly
 * row (and is acknowledged, so the provider stops retrying); when the provider cannot be asked, nothing is
 * recorded and the 503 makes Stripe deliver it again later.
 */
export async function handleStripeEvent(
  ctx: PaymentsContext,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const h = STRIPE_EVENT_HANDLERS[event.type];
  const objectId = (event.data as { object?: { id?: unknown } }).object?.id;
  const claim = (tx: Executor) => claimWebhookEvent(ctx.database, tx, event);
  if (!h || typeof objectId !== 'string') return (await claim(ctx.database.db)) ? 'ignored' : 'duplicate';
  const movement = RECORDED_AS[event.type];
  const state = await webhookEventSeen(
    ctx.database,
    event.id,
    movement ? { kind: movement, providerId: objectId } : null,
  );
  if (state.seen) return 'duplicate';
  // The transfer or refund is in the ledger already (the money task recorded the provider's own answer to its
  // call): asking the provider again could only find it a duplicate, which changes nothing. Marked handled.
  if (state.recorded) return (await claim(ctx.database.db)) ? 'handled' : 'duplicate';
  const current = await fetchCurrent(ctx, h, objectId, event);
  const source: MoneySource = { via: 'webhook', event_id: event.id, event_type: event.type };
  return inTransaction(ctx, async (tx) => {
    if (!(await claim(tx))) return 'duplicate' as const;
    if (current === null)
      await reportAnomaly(ctx, tx, source, { reason: 'not_at_provider', objectId: objectId });
    else await h.apply(ctx, tx, current, source);
    return 'handled' as const;
  });
}
