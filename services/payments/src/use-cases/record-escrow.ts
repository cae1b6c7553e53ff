import { appendEvent, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import {
  findJobByIntent,
  markFailed,
  markHeld,
  recordChargedCard,
  recordKeptCard,
} from '../db/jobs.repository';
import { insertCharge, postingCharges } from '../db/ledger.repository';
import { insertPaymentFailure } from '../db/payment-failures.repository';
import { idOf } from '../adapters/stripe';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { isPayable } from '../domain/escrow-state';
import { refundSeats, seatNumbers } from './decide-money';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

/** A PaymentIntent as the provider returned it (a confirm or retrieve answer; never a webhook's copy). */
export interface IntentFacts {
  id: string;
  amount: number;
  amount_received?: number;
  currency?: string;
  status?: string;
  latest_charge?: string | { id: string; payment_method_details?: { card?: CardFacts | null } | null } | null;
  /** The PaymentMethod charged: its id, or the object when the call asked for `expand: ['payment_method']`. */
  payment_method?: string | { id: string; card?: CardFacts | null } | null;
  /** The Customer the intent charged for (issue 34: the escrow keeps its card for off-session extras). */
  customer?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

interface CardFacts {
  brand?: string | null;
  last4?: string | null;
}

/**
 * Ask the provider for the charged PaymentMethod along with the intent (confirm and retrieve), so the receipt's
 * card comes from the provider's own answer, in the same call (no extra request on the money path).
 */
export const WITH_PAYMENT_METHOD = { expand: ['payment_method'] };

/**
 * The charged card's brand and last 4 digits from the provider's answer: the expanded PaymentMethod's `card`,
 * else the expanded latest charge's `payment_method_details.card`; null when neither is there (never guessed).
 */
export function chargedCardOf(pi: IntentFacts): { brand: string; last4: string } | null {
  const pm = pi.payment_method;
  const charge = pi.latest_charge;
  const card =
    (pm && typeof pm === 'object' ? pm.card : null) ??
    (charge && typeof charge === 'object' ? charge.payment_method_details?.card : null) ??
    null;
  const brand = typeof card?.brand === 'string' ? card.brand.trim().toLowerCase().slice(0, 40) : '';
  const last4 = typeof card?.last4 === 'string' ? card.last4.trim() : '';
  if (!brand || !/^\d{4}$/.test(last4)) return null;
  return { brand, last4 };
}

/**
 * The PaymentIntent succeeded: the job's money is held. Called with the provider's own answer (confirm, or a
 * retrieve made because a signed `payment_intent.succeeded` webhook named the intent). The intent must be the one
 * payments created for a job (its recorded id; a `metadata.job_id` is never looked at), succeeded, in usd, for
 * exactly the job's total; anything else is an anomaly and changes nothing. The ledger's one-charge-per-job index
 * makes a second call a no-op, so the charge is recorded and `payments.escrow.held.v1` published exactly once.
 */
export async function recordEscrowHeld(
  ctx: PaymentsContext,
  tx: Executor,
  pi: IntentFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const job = await findJobByIntent(ctx.database, pi.id, tx);
  if (!job) return reportAnomaly(ctx, tx, source, { reason: 'unknown_payment_intent', objectId: pi.id });
  const refused = (reason: 'payment_not_succeeded' | 'amount_mismatch') =>
    reportAnomaly(ctx, tx, source, {
      reason,
      objectId: pi.id,
      jobId: job.job_id,
      details: {
        status: pi.status ?? null,
        amount: pi.amount,
        amount_received: pi.amount_received ?? null,
        currency: pi.currency ?? null,
        expected_cents: job.total_cents,
      },
    });
  if (pi.status !== 'succeeded') return refused('payment_not_succeeded');
  // Issue 35: an edit has repriced the posting since its escrow was charged: a late answer about that charge
  // (a webhook) is the charge already booked, for the amount booked, not a mismatch with the new total.
  if (pi.amount !== job.total_cents) {
    const booked = await postingCharges(ctx.database, job.job_id, tx);
    if (booked.escrow_cents > 0 && booked.escrow_cents === pi.amount && pi.currency === 'usd')
      return 'duplicate';
  }
  if (
    pi.amount !== job.total_cents ||
    (pi.amount_received ?? pi.amount) !== job.total_cents ||
    pi.currency !== 'usd'
  )
    return refused('amount_mismatch');
  // The receipt's card. Never a reason to refuse or delay the money: without it the receipt shows the charge id.
  const card = chargedCardOf(pi);
  if (card) await recordChargedCard(ctx.database, tx, job.job_id, card);
  // The card kept for the extra hours (setup_future_usage: 'off_session' on the restaurant's Customer).
  const customer = idOf(pi.customer);
  const pmId = idOf(pi.payment_method);
  if (customer && pmId)
    await recordKeptCard(ctx.database, tx, job.job_id, { customer_id: customer, payment_method_id: pmId });
  else ctx.logger.warn({ job: job.job_id, payment_intent: pi.id }, 'charged card not in the provider answer');
  const chargeId = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? pi.id);
  const inserted = await insertCharge(ctx.database, tx, {
    job_id: job.job_id,
    amount_cents: job.total_cents,
    provider_id: chargeId,
  });
  if (!inserted) return 'duplicate';
  if (!isPayable(job.status)) {
    ctx.logger.error(
      { job: job.job_id, status: job.status },
      'charge recorded for a job that was not awaiting payment',
    );
  }
  await markHeld(ctx.database, tx, job.job_id, pi.id);
  await appendEvent(ctx.database, tx, 'payments.escrow.held.v1', {
    job_id: job.job_id,
    restaurant_id: job.restaurant_id,
    payment_intent_id: pi.id,
    amount_cents: job.total_cents,
  });
  // Paid after the job was cancelled or expired (the browser confirmed a stale intent): the money goes straight
  // back in full, each seat's share.
  if (job.cancelled_at || job.expired_at) {
    const held = { ...job, status: 'held_in_escrow' as const };
    const reason = job.expired_at ? 'job_expired' : 'job_cancelled';
    await refundSeats(ctx, tx, held, seatNumbers(job), reason);
  }
  return 'recorded';
}

export interface FailureFacts {
  paymentIntentId: string;
  chargeId: string | null;
  code: string | null;
  declineCode: string | null;
  message: string;
}

/**
 * A card attempt was declined: recorded once per failed charge (the confirm answer, or the provider's intent
 * retrieved because a webhook said so, whichever comes first), the job shows `failed` and
 * `payments.escrow.failed.v1` carries Stripe's code and decline code. Only for an intent payments created.
 */
export async function recordPaymentFailure(
  ctx: PaymentsContext,
  tx: Executor,
  f: FailureFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const job = await findJobByIntent(ctx.database, f.paymentIntentId, tx);
  if (!job)
    return reportAnomaly(ctx, tx, source, { reason: 'unknown_payment_intent', objectId: f.paymentIntentId });
  const inserted = await insertPaymentFailure(ctx.database, tx, {
    failure_key: f.chargeId ?? `${f.paymentIntentId}:${job.failed_attempts + 1}`,
    job_id: job.job_id,
    payment_intent_id: f.paymentIntentId,
    code: f.code,
    decline_code: f.declineCode,
    message: f.message,
  });
  if (!inserted || !isPayable(job.status)) return 'duplicate';
  await markFailed(ctx.database, tx, job.job_id, f);
  await appendEvent(ctx.database, tx, 'payments.escrow.failed.v1', {
    job_id: job.job_id,
    restaurant_id: job.restaurant_id,
    payment_intent_id: f.paymentIntentId,
    code: f.code,
    decline_code: f.declineCode,
    message: f.message,
  });
  return 'recorded';
}
