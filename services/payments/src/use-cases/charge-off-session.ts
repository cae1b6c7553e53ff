import Stripe from 'stripe';
import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { cardOnFile } from '../db/saved-cards.repository';
import type { SettlementRow } from '../db/timesheets.repository';
import type { MoneySource } from '../domain/anomaly';
import {
  failureOfCardError,
  failureOfIntent,
  judgeOffSessionCharge,
  NO_SAVED_CARD,
  type AskedCharge,
  type ChargeFailure,
  type OffSessionIntentFacts,
} from '../domain/off-session-charge';
import { reportAnomaly } from './report-anomaly';

// The off-session charges the money-task runner makes on a restaurant's card after the fact (issue 34's extra
// hours, issue 35's edit rises): the same card, the same provider call, the same checks on the answer.

/**
 * Charge the restaurant's card now, off-session, with the task's idempotency key (a retry after a crash or a lost
 * answer gets the same PaymentIntent): the succeeded PaymentIntent, or why it did not go through (no card,
 * declined, the bank wants the restaurant present). The provider down throws: the runner tries again, same key.
 */
export async function chargeOffSession(
  ctx: PaymentsContext,
  idempotencyKey: string,
  of: Pick<SettlementRow, 'restaurant_id' | 'job_id'>,
  params: Pick<Stripe.PaymentIntentCreateParams, 'amount' | 'transfer_group' | 'description' | 'metadata'>,
): Promise<{ collected: Stripe.PaymentIntent } | { failed: ChargeFailure }> {
  const card = await cardOnFile(ctx.database, of);
  if (!card) return { failed: NO_SAVED_CARD };
  const { customer, payment_method } = card;
  const { amount, ...rest } = params;
  try {
    const pi = await ctx.stripe.get().paymentIntents.create(
      // the parameters in the order they were always sent (a retry repeats the first request exactly)
      { amount, currency: 'usd', customer, payment_method, off_session: true, confirm: true, ...rest },
      { idempotencyKey },
    );
    return pi.status === 'succeeded' ? { collected: pi } : { failed: failureOfIntent(pi) };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    return {
      failed: failureOfCardError(err as Stripe.errors.StripeCardError & { payment_intent?: { id?: string } }),
    };
  }
}

/**
 * Whether a PaymentIntent that says it is the charge of `record` (an extra's settlement, an edit) may be booked
 * (`judgeOffSessionCharge` over what payments asked for, `asked`): the record to book it on, 'duplicate' (already
 * booked), or 'anomaly' (reported for operators; nothing moves).
 */
export async function checkOffSessionCharge<T extends object>(
  ctx: PaymentsContext,
  tx: Executor,
  source: MoneySource,
  pi: OffSessionIntentFacts,
  record: T | null,
  asked: (record: T) => AskedCharge,
): Promise<T | 'duplicate' | 'anomaly'> {
  const verdict = judgeOffSessionCharge(pi, record && asked(record));
  if (verdict === 'duplicate') return verdict;
  if (verdict !== 'book' || !record)
    return reportAnomaly(ctx, tx, source, {
      ...(verdict === 'book' ? { reason: 'unknown_payment_intent' as const } : verdict),
      objectId: pi.id,
    });
  return record;
}
