import { onCommit, sql, type Executor } from '@brigade/kit';
import { editMoney, postingFigures, type EventData, type PostingShape } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findDecision } from '../db/decisions.repository';
import {
  findEdit,
  insertEdit,
  markEditApplied,
  markEditDropped,
  type JobEditRow,
} from '../db/job-edits.repository';
import { type JobPaymentRow } from '../db/jobs.repository';
import { POSTING_SEAT } from '../db/ledger.repository';
import { insertTask } from '../db/money-tasks.repository';
import { findSeat } from '../db/seat-payments.repository';
import { DecisionRefused } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { editKey, editPart } from '../domain/idempotency-keys';
import { refundSplits } from './refund-splits';
import { refusedEdit, shapeProblems } from './shape';
import { lockSeenJob } from './lock-job';

/** The money task's reason for an edit's refund (a lower total, or a dropped edit's charge). */
export const EDIT_REFUND_REASON = 'edit_refund';

/**
 * Refund part of the job's money for an edit, at seat 0 with the edit's part and the key
 * `job:{id}:edit:{editId}:refund`, split across the job's charges (a dropped edit's own charge first). Once per
 * edit (the task's unique seat, kind and part).
 */
export async function issueEditRefund(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  edit: Pick<JobEditRow, 'edit_id'>,
  amountCents: number,
  options: { ownChargeFirst?: boolean } = { ownChargeFirst: true },
) {
  const key = editKey(job.job_id, edit.edit_id, 'refund');
  const part = editPart(edit.edit_id);
  const splits = await refundSplits(ctx, tx, job, amountCents, key, {
    always: true,
    ...(options.ownChargeFirst ? { first: part } : {}),
  });
  await insertTask(ctx.database, tx, {
    job_id: job.job_id,
    seat_no: POSTING_SEAT,
    kind: 'refund',
    part,
    reason: EDIT_REFUND_REASON,
    amount_cents: amountCents,
    fee_cents: 0,
    destination_user_id: null,
    idempotency_key: key,
    splits,
  });
  onCommit(tx, () => ctx.kickMoneyTasks());
}

/** The posting takes its new shape: times, rate, break, headcount, and the figures of the whole posting. */
async function recordShape(ctx: PaymentsContext, tx: Executor, jobId: string, after: PostingShape) {
  const figures = postingFigures(after);
  await tx.execute(
    sql`update ${sql.raw(ctx.database.schema)}.job_payments
        set start_time = ${after.start_time}, end_time = ${after.end_time},
            hourly_rate_cents = ${after.hourly_rate_cents}, break_minutes = ${after.break_minutes},
            headcount = ${after.headcount}, subtotal_cents = ${figures.subtotal_cents},
            fee_cents = ${figures.fee_cents}, total_cents = ${figures.total_cents}, updated_at = now()
        where job_id = ${jobId}`,
  );
}

/**
 * `jobs.job.edited.v1` (issue 35, ADR 0031): an edit took effect. Its `before` must be payments' own record and
 * its figures `editMoney` of the record and `after`; a charged edit's charge must be in the ledger, collected for
 * exactly that; added seats are new seats past the old headcount, removed ones unbooked seats with no money
 * decided. Anything else refuses the event (nothing moves). Then the posting takes its new shape (so every later
 * per-seat decision prices the seat's new share, `seatShare`), added seats are held like the others, removed
 * seats go, and a lower total is refunded in part (`job:{id}:edit:{editId}:refund`, seat 0, the edit's part).
 * Once per edit: a redelivery changes nothing.
 */
export async function applyEdit(ctx: PaymentsContext, tx: Executor, data: EventData<'jobs.job.edited.v1'>) {
  const { database } = ctx;
  const job = await lockSeenJob(ctx, tx, data.job_id, 'an edit of job');
  const edit = await findEdit(database, data.edit_id, tx, true);
  if (edit?.applied_at) return;
  const problems = shapeProblems(job, data.before);
  if (data.restaurant_id !== job.restaurant_id)
    problems.push(`restaurant ${data.restaurant_id} is not the job's`);
  if (edit?.dropped_at) problems.push('the edit was dropped');
  if (job.cancelled_at || job.expired_at) problems.push('the job has ended');
  const money = editMoney(data.before, data.after);
  if (money.charge_cents !== data.charge_cents)
    problems.push(`charge ${data.charge_cents} != editMoney's ${money.charge_cents}`);
  if (money.refund_cents !== data.refund_cents)
    problems.push(`refund ${data.refund_cents} != editMoney's ${money.refund_cents}`);
  const held = isHeld(job.status);
  if (
    held &&
    money.charge_cents > 0 &&
    (edit?.charge_status !== 'collected' || edit.charge_cents !== money.charge_cents)
  )
    problems.push(
      `the edit's charge of ${money.charge_cents} was not collected (${edit ? `${edit.charge_status} ${edit.charge_cents}` : 'never asked for'})`,
    );
  // An unpaid posting takes its new total when it is paid, unless its PaymentIntent already names the old one.
  if (!held && money.charge_cents + money.refund_cents > 0 && job.payment_intent_id)
    problems.push(
      `the unpaid job's PaymentIntent ${job.payment_intent_id} is for the old total ${job.total_cents}`,
    );
  const before = data.before.headcount;
  const added = [...new Set(data.added_seats)].sort((a, b) => a - b);
  const removed = [...new Set(data.removed_seats)].sort((a, b) => a - b);
  if (added.length !== money.seats_added || added.some((n) => n <= before || n > data.after.headcount))
    problems.push(
      `added seats ${added.join(',') || 'none'} are not the seats past ${before} up to ${data.after.headcount}`,
    );
  if (removed.length !== money.seats_removed || removed.some((n) => n <= data.after.headcount || n > before))
    problems.push(
      `removed seats ${removed.join(',') || 'none'} are not the seats past ${data.after.headcount}`,
    );
  for (const seatNo of removed) {
    const seat = await findSeat(database, job.job_id, seatNo, tx);
    if (seat?.chef_id || (await findDecision(database, job.job_id, seatNo, tx)))
      problems.push(`removed seat ${seatNo} is booked or its money decided`);
  }
  if (problems.length) {
    const { refund_cents, added_seats, removed_seats } = data;
    throw refusedEdit(job.job_id, problems, data, { refund_cents, added_seats, removed_seats });
  }
  if (!edit)
    await insertEdit(database, tx, {
      edit_id: data.edit_id,
      job_id: job.job_id,
      before: data.before,
      after: data.after,
      charge_cents: 0,
      charge_status: 'none',
    });
  await recordShape(ctx, tx, job.job_id, data.after);
  const s = sql.raw(database.schema);
  for (const seatNo of added)
    await tx.execute(
      sql`insert into ${s}.seat_payments (job_id, seat_no, status) values (${job.job_id}, ${seatNo}, ${job.status})
          on conflict (job_id, seat_no) do nothing`,
    );
  for (const seatNo of removed)
    await tx.execute(
      sql`delete from ${s}.seat_payments where job_id = ${job.job_id} and seat_no = ${seatNo}`,
    );
  if (money.refund_cents > 0 && held)
    await issueEditRefund(ctx, tx, job, { edit_id: data.edit_id }, money.refund_cents, {
      ownChargeFirst: false,
    });
  await markEditApplied(database, tx, data.edit_id);
}

/**
 * `jobs.job.edit_dropped.v1` (issue 35): an edit that will not take effect. When its charge was collected (the job
 * closed meanwhile) it is refunded in full, from its own charge first (`job:{id}:edit:{editId}:refund`); a charge
 * still on its way is refunded as soon as it is collected; a failed one moved nothing. Once per edit.
 */
export async function dropEdit(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.edit_dropped.v1'>,
) {
  const { database } = ctx;
  const job = await lockSeenJob(ctx, tx, data.job_id, 'an edit of job');
  const edit = await findEdit(database, data.edit_id, tx, true);
  if (!edit || edit.dropped_at) return;
  if (edit.applied_at)
    throw new DecisionRefused(job.job_id, ['the edit was applied: it cannot be dropped'], {
      edit_id: data.edit_id,
      reason: data.reason,
    });
  await markEditDropped(database, tx, edit.edit_id);
  if (edit.charge_status === 'collected') await issueEditRefund(ctx, tx, job, edit, edit.charge_cents);
}
