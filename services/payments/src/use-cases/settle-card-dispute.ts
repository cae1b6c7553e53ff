import Stripe from 'stripe';
import { AppError, appendEvent, inTransaction, type AuthUser, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { idOf, interactive, providerError } from '../adapters/stripe';
import {
  findCardDispute,
  findCardDisputeBySettleIntent,
  markCardDisputeSettled,
  saveSettleIntent,
  type CardDisputeRow,
} from '../db/card-disputes.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { ensureCustomer } from './ensure-customer';
import { confirmInApp } from './confirm-in-app';
import { bookCardDisputeMovement } from './record-card-dispute';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

// Issue 38 (ADR 0035): the restaurant pays a lost card dispute back (as it pays a balance, pay-balance.ts): a
// PaymentIntent for exactly the lost amount, on-session; once collected the ledger has its charge (part
// `dispute:{dp}`) once, the flag lifts and `payments.card_dispute.settled.v1` tells jobs it may post again.

export const CARD_DISPUTE_SETTLEMENT_KIND = 'card_dispute_settlement';

export const isCardDisputeSettlementIntent = (pi: { metadata?: Record<string, string> | null }) =>
  pi.metadata?.kind === CARD_DISPUTE_SETTLEMENT_KIND && typeof pi.metadata.dispute_id === 'string';

const notFound = () =>
  new AppError(404, 'PAYMENTS.CARD_DISPUTE_NOT_FOUND', 'Card dispute not found or not authorized');
const notOwed = () =>
  new AppError(
    409,
    'PAYMENTS.CARD_DISPUTE_NOT_OWED',
    'This card dispute is not owed: it was not lost, or it is already settled',
  );

/**
 * The settlement's PaymentIntent, succeeded (its answer to a confirm, or a retrieve a webhook asked for): it must
 * be the one payments made for a lost dispute, succeeded, in usd, for exactly the lost amount; else an anomaly.
 */
export async function recordCardDisputeSettled(
  ctx: PaymentsContext,
  tx: Executor,
  pi: Stripe.PaymentIntent,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const row = await findCardDisputeBySettleIntent(ctx.database, pi.id, tx);
  if (!row) return reportAnomaly(ctx, tx, source, { reason: 'unknown_payment_intent', objectId: pi.id });
  if (pi.status !== 'succeeded')
    return reportAnomaly(ctx, tx, source, {
      reason: 'payment_not_succeeded',
      objectId: pi.id,
      jobId: row.job_id,
      details: { status: pi.status },
    });
  if (pi.amount !== row.amount_cents || pi.amount_received !== row.amount_cents || pi.currency !== 'usd')
    return reportAnomaly(ctx, tx, source, {
      reason: 'amount_mismatch',
      objectId: pi.id,
      jobId: row.job_id,
      details: { amount: pi.amount, currency: pi.currency, expected_cents: row.amount_cents },
    });
  if (!(await markCardDisputeSettled(ctx.database, tx, row.id))) return 'duplicate';
  await bookCardDisputeMovement(
    ctx,
    tx,
    row.job_id,
    row.id,
    'charge',
    row.amount_cents,
    idOf(pi.latest_charge as string | { id: string } | null) ?? pi.id,
  );
  await appendEvent(ctx.database, tx, 'payments.card_dispute.settled.v1', {
    dispute_id: row.id,
    job_id: row.job_id,
    restaurant_id: row.restaurant_id,
    amount_cents: row.amount_cents,
  });
  return 'recorded';
}

async function settleIntent(ctx: PaymentsContext, row: CardDisputeRow): Promise<Stripe.PaymentIntent> {
  const stripe = ctx.stripe.get();
  if (row.settle_payment_intent_id)
    return stripe.paymentIntents
      .retrieve(row.settle_payment_intent_id, {}, interactive(ctx.config))
      .catch(providerError);
  const customer = await ensureCustomer(ctx, row.restaurant_id);
  const pi = await stripe.paymentIntents
    .create(
      {
        amount: row.amount_cents,
        currency: 'usd',
        customer,
        allowed_payment_method_types: ['card'],
        description: 'Brigade: a lost card dispute paid back',
        metadata: {
          kind: CARD_DISPUTE_SETTLEMENT_KIND,
          dispute_id: row.id,
          job_id: row.job_id,
          restaurant_id: row.restaurant_id,
        },
      },
      interactive(ctx.config, `card-dispute:${row.id}:settle`),
    )
    .catch(providerError);
  await saveSettleIntent(ctx.database, row.id, pi.id);
  return pi;
}

const answer = (row: CardDisputeRow, pi: Stripe.PaymentIntent | null, status: string) => ({
  id: row.id,
  client_secret: status === 'settled' ? null : (pi?.client_secret ?? null),
  payment_intent_id: pi?.id ?? row.settle_payment_intent_id,
  amount_cents: row.amount_cents,
  currency: 'usd' as const,
  payment_status: status,
});

/**
 * `POST /payments/card-disputes/{id}/settle` `{ paymentMethodId? }`: without a PaymentMethod the client secret for
 * the card form; with one, confirmed now (402 with the card's text on a decline). Settled already: `settled`.
 */
export async function settleCardDispute(
  ctx: PaymentsContext,
  user: AuthUser,
  disputeId: string,
  paymentMethodId: string | undefined,
) {
  const row = await findCardDispute(ctx.database, disputeId);
  if (!row || row.restaurant_id !== user.id) throw notFound();
  if (row.settled_at) return answer(row, null, 'settled');
  if (row.outcome !== 'lost') throw notOwed();
  let pi = await settleIntent(ctx, row);
  if (pi.status === 'succeeded') {
    await inTransaction(ctx, (tx) => recordCardDisputeSettled(ctx, tx, pi));
    return answer(row, pi, 'settled');
  }
  if (!paymentMethodId) return answer(row, pi, pi.status);
  pi = await confirmInApp(ctx, pi, paymentMethodId, `card-dispute:${row.id}:settle`);
  if (pi.status !== 'succeeded') return answer(row, pi, pi.status);
  await inTransaction(ctx, (tx) => recordCardDisputeSettled(ctx, tx, pi));
  return answer(row, pi, 'settled');
}
