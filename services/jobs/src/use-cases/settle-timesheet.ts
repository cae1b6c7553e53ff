import { nextJobStatus, type TimesheetMoney } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { moveSeat } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { updateTimesheet, type TimesheetPatch } from '../db/timesheets.repository';
import type { OutcomeFact } from '../domain/reliability';
import { recordReliability } from './record-reliability';
import type { Seat } from './load-seat';

/**
 * The hours of a seat are settled (approved, auto-approved, decided, sent home, a no-show final): the timesheet
 * keeps the money they came to, the shift is completed (a filled one; a disputed one by the operator's
 * `resolve`), and the outcome goes on the reliability records. The caller publishes the transition's event in
 * the same transaction; payments moves the money from it (never from the checkout's events on such a shift).
 */
export async function settleTimesheet(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  patch: TimesheetPatch,
  money: TimesheetMoney,
  facts: OutcomeFact[],
): Promise<void> {
  const { job } = seat;
  await updateTimesheet(tx, seat.app.id, {
    ...patch,
    settled_at: ctx.now(),
    chef_pay_cents: money.pay.chef_pay_cents,
    fee_cents: money.pay.fee_cents,
    extra_charge_cents: money.pay.extra_charge_cents,
    refund_cents: money.pay.refund_cents,
  });
  // The seat completes (a filled one; a disputed one by the operator's `resolve`), and the job with it.
  const action = nextJobStatus('complete', job.status)
    ? 'complete'
    : nextJobStatus('resolve', job.status)
      ? 'resolve'
      : null;
  const status = action ? await moveSeat(ctx.database, tx, job, seat.seat_no, action) : null;
  const recorded = await recordReliability(ctx, tx, facts);
  await touchScopes(ctx, tx, [
    ...(await scopesOfJob(ctx.database, tx, job, status ?? job.status)),
    ...recorded,
  ]);
}

/** A shift worked and paid by its timesheet: completed on both records, as a released checkout is. */
export function completedFacts(seat: Seat): OutcomeFact[] {
  return [
    {
      user_id: seat.app.chef_id,
      user_type: 'chef',
      kind: 'completed_shifts',
      job_id: seat.job.id,
      seat_no: seat.seat_no,
    },
    {
      user_id: seat.job.restaurant_id,
      user_type: 'restaurant',
      kind: 'completed_shifts',
      job_id: seat.job.id,
      seat_no: seat.seat_no,
    },
  ];
}

/** A timesheet write that settles nothing: its scopes are touched so lists refetch. */
export async function touchSeat(ctx: JobsContext, tx: Tx, seat: Seat): Promise<void> {
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, seat.job));
}
