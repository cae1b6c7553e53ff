import { appendEvent, inTransaction, onCommit, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { insertLedgerEntry } from '../db/ledger.repository';
import { insertTask, type LeasedTask } from '../db/money-tasks.repository';
import {
  findSettlement,
  markExtraCollected,
  markExtraFailed,
  type SettlementRow,
} from '../db/timesheets.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { seatMetadata } from '../domain/idempotency-keys';
import { askedCharge, type ChargeFailure, type OffSessionIntentFacts } from '../domain/off-session-charge';
import { chargeOffSession, checkOffSessionCharge } from './charge-off-session';
import type { RecordOutcome } from './report-anomaly';

/** What marks a PaymentIntent as a timesheet's extra charge (its metadata). */
export const EXTRA_CHARGE_KIND = 'extra_charge';

/** An extra charge's PaymentIntent as the provider returned it. */
export interface ExtraIntentFacts extends OffSessionIntentFacts {
  customer?: string | { id: string } | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null } | null;
}

const isExtra = (pi: { metadata?: Record<string, string> | null }) =>
  pi.metadata?.kind === EXTRA_CHARGE_KIND && typeof pi.metadata.application_id === 'string';

export { isExtra as isExtraChargeIntent };

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
  const outcome = await chargeOffSession(ctx, task.idempotency_key, s, {
    amount: task.amount_cents,
    transfer_group: s.job_id,
    description: `Brigade: extra hours`,
    metadata: {
      kind: EXTRA_CHARGE_KIND,
      job_id: s.job_id,
      application_id: s.application_id,
      restaurant_id: s.restaurant_id,
      ...seatMetadata(s.seat_no),
    },
  });
  await inTransaction(ctx, async (tx) => {
    if ('collected' in outcome) await recordExtraCollected(ctx, tx, outcome.collected);
    else await recordExtraFailure(ctx, tx, s, outcome.failed);
  });
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
  const dueAt = new Date(ctx.now().getTime() + ctx.config.policy.balanceDueAfterMs);
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
  const found = isExtra(pi)
    ? await findSettlement(ctx.database, { application_id: pi.metadata!.application_id }, tx, true)
    : null;
  const s = await checkOffSessionCharge(ctx, tx, source, pi, found, (r) =>
    askedCharge(r.job_id, r.extra_charge_cents, r.extra_payment_intent_id, r.extra_status),
  );
  if (typeof s === 'string') return s;
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
