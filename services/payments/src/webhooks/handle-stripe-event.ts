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

/**
 * The Stripe events payments acts on. A signed event is a hint, never a source of amounts or identities: each
 * handler first asks the provider for the object the event names (`fetch`, outside any transaction), then
 * records what the provider said, and only where it matches payments' own records (`apply`, in the transaction
 * that also marks the event handled). Everything else is acknowledged and ignored.
 */
interface StripeEventHandler<T> {
  fetch(stripe: Stripe, id: string, options: Stripe.RequestOptions): Promise<T>;
  apply(ctx: PaymentsContext, tx: Executor, current: T, source: MoneySource): Promise<unknown>;
}

const handler = <T>(h: StripeEventHandler<T>) => h as StripeEventHandler<unknown>;

export const STRIPE_EVENT_HANDLERS: Record<string, StripeEventHandler<unknown>> = {
  'payment_intent.succeeded': handler<Stripe.PaymentIntent>({
    fetch: (stripe, id, o) => stripe.paymentIntents.retrieve(id, WITH_PAYMENT_METHOD, o),
    apply: (ctx, tx, pi, source) =>
      isExtraChargeIntent(pi)
        ? recordExtraCollected(ctx, tx, pi, source)
        : isEditChargeIntent(pi)
          ? recordEditChargeCollected(ctx, tx, pi, source)
          : recordEscrowHeld(ctx, tx, pi, source),
  }),
  'payment_intent.payment_failed': handler<Stripe.PaymentIntent>({
    fetch: (stripe, id, o) => stripe.paymentIntents.retrieve(id, WITH_PAYMENT_METHOD, o),
    apply: async (ctx, tx, pi, source) => {
      // A timesheet's extra: its failure is recorded by the charge's own answer; a success since counts.
      if (isExtraChargeIntent(pi))
        return pi.status === 'succeeded' ? recordExtraCollected(ctx, tx, pi, source) : 'ignored';
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
};

/** The provider's current copy of the object, null when it has none; a provider outage is a 503 (Stripe retries). */
async function fetchCurrent(
  ctx: PaymentsContext,
  h: StripeEventHandler<unknown>,
  objectId: string,
): Promise<unknown> {
  try {
    return await h.fetch(ctx.stripe.get(), objectId, interactive(ctx.config));
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
  if (await webhookEventSeen(ctx.database, event.id)) return 'duplicate';
  const current = await fetchCurrent(ctx, h, objectId);
  const source: MoneySource = { via: 'webhook', event_id: event.id, event_type: event.type };
  return inTransaction(ctx, async (tx) => {
    if (!(await claim(tx))) return 'duplicate' as const;
    if (current === null)
      await reportAnomaly(ctx, tx, source, { reason: 'not_at_provider', objectId: objectId });
    else await h.apply(ctx, tx, current, source);
    return 'handled' as const;
  });
}
