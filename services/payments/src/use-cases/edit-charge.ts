import { appendEvent, inTransaction, onCommit, type Executor } from '@brigade/kit';
import { editMoney, type EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import {
  findEdit,
  insertEdit,
  markEditCollected,
  markEditFailed,
  type JobEditRow,
} from '../db/job-edits.repository';
import { findJob } from '../db/jobs.repository';
import { insertLedgerEntry, POSTING_SEAT } from '../db/ledger.repository';
import { insertTask, type LeasedTask } from '../db/money-tasks.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { isHeld } from '../domain/escrow-state';
import { editKey, editOfPart, editPart } from '../domain/idempotency-keys';
import { issueEditRefund } from './apply-edit';
import { askedCharge, type ChargeFailure, type OffSessionIntentFacts } from '../domain/off-session-charge';
import { chargeOffSession, checkOffSessionCharge } from './charge-off-session';
import type { RecordOutcome } from './report-anomaly';
import { refusedEdit, shapeProblems } from './shape';
import { lockSeenJob } from './lock-job';

/** What marks a PaymentIntent as an edit's off-session charge (its metadata), and the money task's reason. */
export const EDIT_CHARGE_KIND = 'edit_charge';
export const EDIT_CHARGE_REASON = 'edit_charge';

interface EditIntentFacts extends OffSessionIntentFacts {
  latest_charge?: string | { id: string } | null;
}

export const isEditChargeIntent = (pi: { metadata?: Record<string, string> | null }) =>
  pi.metadata?.kind === EDIT_CHARGE_KIND && typeof pi.metadata.edit_id === 'string';

/**
 * `jobs.job.edit_requested.v1` (issue 35, ADR 0031): the restaurant saved an edit whose total rises. Its `before`
 * must be payments' own record of the posting (times, rate, break, headcount), the job's escrow held, and the
 * charge what `editMoney` of the record and `after` comes to; anything else refuses the event (DecisionRefused:
 * dead letter and an anomaly; nothing moves). Then the difference is charged off-session on the restaurant's card
 * through a money task with the key `job:{id}:edit:{editId}:charge`, once (a redelivery adds nothing).
 */
export async function requestEdit(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.edit_requested.v1'>,
) {
  const job = await lockSeenJob(ctx, tx, data.job_id, 'an edit of job');
  if (await findEdit(ctx.database, data.edit_id, tx)) return;
  const problems = shapeProblems(job, data.before);
  if (data.restaurant_id !== job.restaurant_id)
    problems.push(`restaurant ${data.restaurant_id} is not the job's`);
  if (!isHeld(job.status) || job.cancelled_at || job.expired_at)
    problems.push(`the job's escrow is not held (${job.status})`);
  const money = problems.length ? null : editMoney(data.before, data.after);
  if (money && money.charge_cents === 0)
    problems.push('the edit does not raise the total: nothing to charge');
  if (money && money.charge_cents !== data.charge_cents)
    problems.push(`charge ${data.charge_cents} != editMoney's ${money.charge_cents}`);
  if (problems.length) throw refusedEdit(job.job_id, problems, data);
  await insertEdit(ctx.database, tx, {
    edit_id: data.edit_id,
    job_id: job.job_id,
    before: data.before,
    after: data.after,
    charge_cents: money!.charge_cents,
    charge_status: 'pending',
  });
  await insertTask(ctx.database, tx, {
    job_id: job.job_id,
    seat_no: POSTING_SEAT,
    kind: 'charge',
    part: editPart(data.edit_id),
    reason: EDIT_CHARGE_REASON,
    amount_cents: money!.charge_cents,
    fee_cents: 0,
    destination_user_id: null,
    idempotency_key: editKey(job.job_id, data.edit_id, 'charge'),
  });
  onCommit(tx, () => ctx.kickMoneyTasks());
}

/**
 * The money-task runner's charge of an edit's rise: a PaymentIntent on the restaurant's card (the saved card,
 * else the one the escrow kept), `off_session: true, confirm: true`, with the task's key, so a retry after a
 * crash or a lost answer gets the same PaymentIntent. Collected: into the ledger at seat 0 with the edit's part
 * and `payments.edit_charge.collected.v1`. Declined, no card, or needing authentication:
 * `payments.edit_charge.failed.v1` (nothing booked). The provider down: throws, the runner tries again.
 */
export async function chargeEdit(ctx: PaymentsContext, task: LeasedTask): Promise<void> {
  const editId = editOfPart(task.part);
  const edit = editId ? await findEdit(ctx.database, editId) : null;
  if (!edit) throw new Error(`no edit recorded for the charge task ${task.id}`);
  if (edit.charge_status !== 'pending') return;
  const job = await findJob(ctx.database, edit.job_id);
  if (!job) throw new Error(`no job ${edit.job_id} for the edit ${edit.edit_id}`);
  const outcome = await chargeOffSession(ctx, task.idempotency_key, job, {
    amount: task.amount_cents,
    transfer_group: job.job_id,
    description: `Brigade: shift edit`,
    metadata: {
      kind: EDIT_CHARGE_KIND,
      job_id: job.job_id,
      edit_id: edit.edit_id,
      restaurant_id: job.restaurant_id,
    },
  });
  if ('collected' in outcome)
    await inTransaction(ctx, (tx) => recordEditChargeCollected(ctx, tx, outcome.collected));
  else await inTransaction(ctx, (tx) => recordEditChargeFailure(ctx, tx, edit, outcome.failed));
}

/** The edit's charge failed: `payments.edit_charge.failed.v1` once (jobs drops the edit); nothing is booked. */
export async function recordEditChargeFailure(
  ctx: PaymentsContext,
  tx: Executor,
  edit: JobEditRow,
  f: ChargeFailure,
) {
  const current = await findEdit(ctx.database, edit.edit_id, tx, true);
  if (current?.charge_status !== 'pending') return;
  const job = await findJob(ctx.database, edit.job_id, tx);
  await markEditFailed(ctx.database, tx, edit.edit_id, f);
  ctx.logger.warn(
    { job: edit.job_id, edit: edit.edit_id, code: f.code, decline_code: f.decline_code },
    "an edit's charge failed: the edit is dropped",
  );
  await appendEvent(ctx.database, tx, 'payments.edit_charge.failed.v1', {
    job_id: edit.job_id,
    edit_id: edit.edit_id,
    restaurant_id: job!.restaurant_id,
    amount_cents: edit.charge_cents,
    ...f,
  });
}

/**
 * The edit's charge succeeded (the runner's confirm, or a webhook that named it, always as the provider answers):
 * for the edit it names, in usd, for exactly the edit's charge. Into the ledger once (seat 0, the edit's part),
 * then `payments.edit_charge.collected.v1` once. An edit dropped meanwhile (the job closed) has its charge
 * refunded in full at once. Anything else is an anomaly and moves nothing.
 */
export async function recordEditChargeCollected(
  ctx: PaymentsContext,
  tx: Executor,
  pi: EditIntentFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const found = isEditChargeIntent(pi) ? await findEdit(ctx.database, pi.metadata!.edit_id!, tx, true) : null;
  const edit = await checkOffSessionCharge(ctx, tx, source, pi, found, (e) =>
    askedCharge(e.job_id, e.charge_cents, e.payment_intent_id, e.charge_status),
  );
  if (typeof edit === 'string') return edit;
  const job = await findJob(ctx.database, edit.job_id, tx, true);
  const chargeId = typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? pi.id);
  await markEditCollected(ctx.database, tx, edit.edit_id, {
    payment_intent_id: pi.id,
    charge_provider_id: chargeId,
  });
  await insertLedgerEntry(ctx.database, tx, {
    job_id: edit.job_id,
    seat_no: POSTING_SEAT,
    kind: 'charge',
    part: editPart(edit.edit_id),
    amount_cents: edit.charge_cents,
    provider_id: chargeId,
    idempotency_key: editKey(edit.job_id, edit.edit_id, 'charge'),
  });
  if (edit.charge_status === 'failed')
    ctx.logger.error(
      { job: edit.job_id, edit: edit.edit_id },
      "an edit's charge succeeded after it was said to fail",
    );
  await appendEvent(ctx.database, tx, 'payments.edit_charge.collected.v1', {
    job_id: edit.job_id,
    edit_id: edit.edit_id,
    restaurant_id: job!.restaurant_id,
    payment_intent_id: pi.id,
    amount_cents: edit.charge_cents,
  });
  if (edit.dropped_at) await issueEditRefund(ctx, tx, job!, edit, edit.charge_cents);
  return 'recorded';
}
