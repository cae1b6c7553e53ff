import { appendEvent, inTransaction, onCommit, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { insertLedgerEntry } from '../db/ledger.repository';
import { insertTask, type LeasedTask } from '../db/money-tasks.repository';
import {
  chargeKeyOf,
  closeTipChargeTask,
  findTip,
  markTipCharged,
  markTipFailed,
  type TipRow,
} from '../db/tips.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { cardErrorText } from '../domain/card-errors';
import { seatMetadata } from '../domain/idempotency-keys';
import { askedCharge, type ChargeFailure, type OffSessionIntentFacts } from '../domain/off-session-charge';
import { TIP_CHARGE_KIND } from '../domain/tips';
import { chargeOffSession, checkOffSessionCharge } from './charge-off-session';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

// Issue 38: a tip's charge, off-session on the restaurant's card on file with no fee. The request that gives the
// tip makes the call; a crash before its answer is recorded leaves the tip `charging` and its money task (kind
// 'charge', part 'tip') due: the runner asks again with the same key and gets the same PaymentIntent. A
// `payment_intent.succeeded` naming the tip books it too (verified by retrieve). Booked once whichever comes first.

export const TIP_CHARGE_REASON = 'tip';

const isTip = (pi: { metadata?: Record<string, string> | null }) =>
  pi.metadata?.kind === TIP_CHARGE_KIND && typeof pi.metadata.application_id === 'string';
export { isTip as isTipIntent };

/** The provider's answer to a tip's charge, as the request and the runner record it. */
export type TipChargeOutcome =
  { collected: OffSessionIntentFacts } | { failed: ChargeFailure & { message: string } };

/** Why the card did not pay, in the words the restaurant is shown (as the other off-session charges say it). */
export function failureText(f: ChargeFailure): string {
  if (f.code === 'no_saved_card') return 'No saved card. Add a card in Payment Setup or enter a card to pay.';
  if (f.requires_authentication)
    return 'Your bank asks you to confirm this payment. Please pay by entering your card.';
  return cardErrorText(f.code, f.decline_code, '');
}

/**
 * Ask the provider for the tip's current attempt (the same parameters and key every time), then record its answer
 * in one transaction. The provider down throws: the tip stays `charging` and the runner tries again, same key.
 */
export async function chargeTip(ctx: PaymentsContext, tip: TipRow): Promise<TipChargeOutcome> {
  const outcome = await chargeOffSession(ctx, chargeKeyOf(tip), tip, {
    amount: tip.amount_cents,
    transfer_group: tip.job_id,
    description: 'Brigade: tip',
    metadata: {
      kind: TIP_CHARGE_KIND,
      tip_id: tip.id,
      job_id: tip.job_id,
      application_id: tip.application_id,
      restaurant_id: tip.restaurant_id,
      chef_id: tip.chef_id,
      attempt: String(tip.attempt),
      ...seatMetadata(tip.seat_no),
    },
  });
  const answer: TipChargeOutcome =
    'collected' in outcome
      ? { collected: outcome.collected }
      : { failed: { ...outcome.failed, message: failureText(outcome.failed) } };
  await inTransaction(ctx, async (tx) => {
    if ('collected' in answer) await recordTipCharged(ctx, tx, answer.collected);
    else await recordTipFailure(ctx, tx, tip, answer.failed);
  });
  return answer;
}

/** The runner's re-drive of a tip left `charging` (the request's process died before recording an answer). */
export async function chargeTipTask(ctx: PaymentsContext, task: LeasedTask): Promise<void> {
  const tip = await findTip(ctx.database, { job_id: task.job_id, seat_no: task.seat_no });
  if (!tip || tip.status !== 'charging' || chargeKeyOf(tip) !== task.idempotency_key) return;
  await chargeTip(ctx, tip);
}

/**
 * The tip's charge succeeded (the request's answer, the runner's, or a webhook that named it, always as the
 * provider answers): the tip's current attempt, the very PaymentIntent recorded (if any), in usd, for exactly the
 * tip, on its job. Into the ledger once (charge, part 'tip', at the seat), the transfer to the chef is due (fee
 * 0), and `payments.tip.charged.v1` once. Anything else is an anomaly and moves nothing.
 */
export async function recordTipCharged(
  ctx: PaymentsContext,
  tx: Executor,
  pi: OffSessionIntentFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const found = isTip(pi)
    ? await findTip(ctx.database, { application_id: pi.metadata!.application_id }, tx, true)
    : null;
  if (found && (pi.metadata?.tip_id !== found.id || pi.metadata?.attempt !== String(found.attempt)))
    return reportAnomaly(ctx, tx, source, {
      reason: 'unknown_payment_intent',
      objectId: pi.id,
      jobId: found.job_id,
    });
  const t = await checkOffSessionCharge(ctx, tx, source, pi, found, (r) =>
    askedCharge(
      r.job_id,
      r.amount_cents,
      r.payment_intent_id,
      r.status === 'charging' ? 'pending' : r.status === 'failed' ? 'failed' : 'collected',
    ),
  );
  if (typeof t === 'string') return t;
  await markTipCharged(ctx.database, tx, t.id, pi.id);
  await insertLedgerEntry(ctx.database, tx, {
    job_id: t.job_id,
    seat_no: t.seat_no,
    kind: 'charge',
    part: 'tip',
    amount_cents: t.amount_cents,
    provider_id: pi.id,
  });
  await insertTask(ctx.database, tx, {
    job_id: t.job_id,
    seat_no: t.seat_no,
    kind: 'transfer',
    part: 'tip',
    reason: 'tip',
    amount_cents: t.amount_cents,
    fee_cents: 0,
    destination_user_id: t.chef_id,
  });
  await closeTipChargeTask(ctx.database, tx, t);
  await appendEvent(ctx.database, tx, 'payments.tip.charged.v1', {
    tip_id: t.id,
    application_id: t.application_id,
    job_id: t.job_id,
    seat_no: t.seat_no,
    restaurant_id: t.restaurant_id,
    chef_id: t.chef_id,
    amount_cents: t.amount_cents,
    payment_intent_id: pi.id,
  });
  onCommit(tx, () => ctx.kickMoneyTasks());
  return 'recorded';
}

/** The card did not pay the tip's current attempt: `failed` with the card's text, told once; nothing moves. */
export async function recordTipFailure(
  ctx: PaymentsContext,
  tx: Executor,
  tip: TipRow,
  f: ChargeFailure & { message: string },
): Promise<void> {
  const current = await findTip(ctx.database, { id: tip.id }, tx, true);
  if (current?.status !== 'charging' || current.attempt !== tip.attempt) return;
  await markTipFailed(ctx.database, tx, tip.id, {
    payment_intent_id: f.payment_intent_id,
    code: f.code,
    decline_code: f.decline_code,
    message: f.message,
  });
  await closeTipChargeTask(ctx.database, tx, tip);
  ctx.logger.warn(
    { application: tip.application_id, code: f.code, decline_code: f.decline_code },
    'tip charge failed: nothing reaches the chef',
  );
  await appendEvent(ctx.database, tx, 'payments.tip.failed.v1', {
    tip_id: tip.id,
    application_id: tip.application_id,
    job_id: tip.job_id,
    restaurant_id: tip.restaurant_id,
    chef_id: tip.chef_id,
    amount_cents: tip.amount_cents,
    code: f.code,
    decline_code: f.decline_code,
    message: f.message,
    attempt: tip.attempt,
  });
}
