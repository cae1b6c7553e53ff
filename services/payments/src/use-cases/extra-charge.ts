import Stripe from 'stripe';
import { appendEvent, inTransaction, onCommit, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { insertLedgerEntry } from '../db/ledger.repository';
import { insertTask, type LeasedTask } from '../db/money-tasks.repository';
import { savedCardOf } from '../db/saved-cards.repository';
import {
  findSettlement,
  markExtraCollected,
  markExtraFailed,
  type SettlementRow,
} from '../db/timesheets.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { seatMetadata } from '../domain/idempotency-keys';
import {
  failureOfCardError,
  failureOfIntent,
  judgeOffSessionCharge,
  type ChargeFailure,
} from '../domain/off-session-charge';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

/** What marks a PaymentIntent as a timesheet's extra charge (its metadata). */
export const EXTRA_CHARGE_KIND = 'extra_charge';

/** An extra charge's PaymentIntent as the provider returned it. */
export interface ExtraIntentFacts {
  id: string;
  amount: number;
  amount_received?: number;
  currency?: string;
  status?: string;
  customer?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null } | null;
}

const isExtra = (pi: { metadata?: Record<string, string> | null }) =>
  pi.metadata?.kind === EXTRA_CHARGE_KIND && typeof pi.metadata.application_id === 'string';

export { isExtra as isExtraChargeIntent, cardFor };

/**
 * The card an extra is charged to: the restaurant's saved card when it has one (its current choice: saving a card
 * detaches the ones it replaces), else the card the escrow payment kept (setup_future_usage).
 */
async function cardFor(ctx: PaymentsContext, s: Pick<SettlementRow, 'restaurant_id' | 'job_id'>) {
  const saved = await savedCardOf(ctx.database, s.restaurant_id);
  if (saved) return { customer: saved.customer_id, payment_method: saved.payment_method_id };
  const job = await findJob(ctx.database, s.job_id);
  return job?.card_customer_id && job.card_payment_method_id
    ? { customer: job.card_customer_id, payment_method: job.card_payment_method_id }
    : null;
}

/**
 * The money-task runner's charge of a timesheet's extra: a PaymentIntent on the kept card, `off_session: true,
 * confirm: true`, with the task's idempotency key (one per timesheet), so a retry after a crash, a lost answer or
 * a second runner gets the same PaymentIntent and the restaurant is charged exactly once. Collected: into the
 * ledger and the chef's extra is due. Declined or needing authentication: the balance the restaurant owes (texted
 * a link to pay it in the app). Anything else (the provider down) throws: the runner tries again, same key.
 */
export async function chargeExtra(ctx: PaymentsContext, task: LeasedTask): Promise<void> {
  const s = await findSettlement(ctx.database, { job_id: task.job_id, seat_no: task.seat_no });
  if (!s) throw new Error('no timesheet settlement for this extra charge');
  if (s.extra_status !== 'pending') return;
  const card = await cardFor(ctx, s);
  if (!card) {
    await inTransaction(ctx, (tx) =>
      recordExtraFailure(ctx, tx, s, {
        payment_intent_id: null,
        code: 'no_saved_card',
        decline_code: null,
        requires_authentication: false,
      }),
    );
    return;
  }
  try {
    const pi = await ctx.stripe.get().paymentIntents.create(
      {
        amount: task.amount_cents,
        currency: 'usd',
        customer: card.customer,
        payment_method: card.payment_method,
        off_session: true,
        confirm: true,
        transfer_group: s.job_id,
        description: `Brigade: extra hours`,
        metadata: {
          kind: EXTRA_CHARGE_KIND,
          job_id: s.job_id,
          application_id: s.application_id,
          restaurant_id: s.restaurant_id,
          ...seatMetadata(s.seat_no),
        },
      },
      { idempotencyKey: task.idempotency_key },
    );
    await inTransaction(ctx, async (tx) => {
      if (pi.status === 'succeeded') await recordExtraCollected(ctx, tx, pi);
      else await recordExtraFailure(ctx, tx, s, failureOfIntent(pi));
    });
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    const failure = failureOfCardError(
      err as Stripe.errors.StripeCardError & { payment_intent?: { id?: string } },
    );
    await inTransaction(ctx, (tx) => recordExtraFailure(ctx, tx, s, failure));
  }
}

/** The off-session charge failed: a balance owed from now, due BALANCE_DUE_AFTER later; published once. */
export async function recordExtraFailure(
  ctx: PaymentsContext,
  tx: Executor,
  s: SettlementRow,
  f: ChargeFailure,
) {
  const current = await findSettlement(ctx.database, { application_id: s.application_id }, tx, true);
  if (current?.extra_status !== 'pending') return;
  const dueAt = new Date(Date.now() + ctx.config.policy.balanceDueAfterMs);
  await markExtraFailed(ctx.database, tx, s.application_id, { ...f, due_at: dueAt });
  ctx.logger.warn(
    { application: s.application_id, code: f.code, decline_code: f.decline_code },
    'extra charge failed: the restaurant owes the balance',
  );
  await appendEvent(ctx.database, tx, 'payments.extra_charge.failed.v1', {
    job_id: s.job_id,
    application_id: s.application_id,
    restaurant_id: s.restaurant_id,
    chef_id: s.chef_id,
    payment_intent_id: f.payment_intent_id,
    amount_cents: s.extra_charge_cents,
    code: f.code,
    decline_code: f.decline_code,
    requires_authentication: f.requires_authentication,
    due_at: dueAt.toISOString(),
    seat_no: s.seat_no,
  });
}

/**
 * The extra charge succeeded (the runner's off-session confirm, a balance paid in the app, or a webhook that named
 * it, always as the provider answers): for the timesheet it names, in usd, for exactly the extra, on the
 * restaurant's own Customer when recorded. Into the ledger once (unique per job, kind and part), then the chef's
 * extra and its fee are due (a money task), and `payments.extra_charge.collected.v1` once. Anything else is an
 * anomaly and moves nothing.
 */
export async function recordExtraCollected(
  ctx: PaymentsContext,
  tx: Executor,
  pi: ExtraIntentFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const s = isExtra(pi)
    ? await findSettlement(ctx.database, { application_id: pi.metadata!.application_id }, tx, true)
    : null;
  const verdict = judgeOffSessionCharge(
    pi,
    s && {
      job_id: s.job_id,
      amount_cents: s.extra_charge_cents,
      payment_intent_id: s.extra_payment_intent_id,
      asked: s.extra_status !== 'none',
      collected: s.extra_status === 'collected',
    },
  );
  if (verdict === 'duplicate') return 'duplicate';
  if (verdict !== 'book' || !s)
    return reportAnomaly(ctx, tx, source, {
      ...(verdict === 'book' ? { reason: 'unknown_payment_intent' as const } : verdict),
      objectId: pi.id,
    });
  const paidInApp = s.extra_status === 'failed';
  await markExtraCollected(ctx.database, tx, s.application_id, pi.id, paidInApp);
  await insertLedgerEntry(ctx.database, tx, {
    job_id: s.job_id,
    seat_no: s.seat_no,
    kind: 'charge',
    part: 'extra',
    amount_cents: s.extra_charge_cents,
    provider_id: pi.id,
  });
  if (s.extra_chef_cents > 0)
    await insertTask(ctx.database, tx, {
      job_id: s.job_id,
      seat_no: s.seat_no,
      kind: 'transfer',
      part: 'extra',
      reason: 'timesheet_extra',
      amount_cents: s.extra_chef_cents,
      fee_cents: s.extra_fee_cents,
      destination_user_id: s.chef_id,
    });
  else
    await insertLedgerEntry(ctx.database, tx, {
      job_id: s.job_id,
      seat_no: s.seat_no,
      kind: 'fee',
      part: 'extra',
      amount_cents: s.extra_fee_cents,
      provider_id: null,
    });
  await appendEvent(ctx.database, tx, 'payments.extra_charge.collected.v1', {
    job_id: s.job_id,
    application_id: s.application_id,
    restaurant_id: s.restaurant_id,
    chef_id: s.chef_id,
    payment_intent_id: pi.id,
    amount_cents: s.extra_charge_cents,
    chef_pay_cents: s.extra_chef_cents,
    fee_cents: s.extra_fee_cents,
    paid_in_app: paidInApp,
    seat_no: s.seat_no,
  });
  onCommit(tx, () => ctx.kickMoneyTasks());
  return 'recorded';
}
