import { autoClockOutAt, canTimesheet } from '@brigade/contracts';
import { appendEvent, inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { claimDueTimesheet, type TimesheetDue } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { moneyOf, timesheetFigures } from '../domain/timesheet';
import { approveSeat } from './approve-timesheet';
import { submit } from './clock-out';
import { lockSeat, type Seat } from './load-seat';
import { settleTimesheet } from './settle-timesheet';

const HOURS_RULES: Record<TimesheetDue, (ctx: JobsContext) => Date> = {
  // AUTO_CLOCK_OUT_AFTER past the scheduled end
  auto_clock_out: (ctx) => new Date(ctx.now().getTime() - ctx.policy.autoClockOutAfterMs),
  // TIMESHEET_APPROVAL_DEADLINE after the clock-out
  auto_approve: (ctx) => new Date(ctx.now().getTime() - ctx.policy.timesheetApprovalDeadlineMs),
  // HOURS_DISPUTE_WINDOW after the adjustment, or after the no-show
  accept_by_silence: (ctx) => new Date(ctx.now().getTime() - ctx.policy.hoursDisputeWindowMs),
  no_show_final: (ctx) => new Date(ctx.now().getTime() - ctx.policy.hoursDisputeWindowMs),
};

/**
 * One timed rule of the clock on the next timesheet due (issue 34), in its own transaction, claimed past any
 * other instance's: a chef never clocked out is clocked out at the scheduled end (auto_clocked_out), a
 * submitted timesheet nobody answered is auto-approved, an adjustment the chef let stand is accepted, an
 * uncontested no-show becomes final. Returns false when nothing is due.
 */
export async function runNextTimesheetRule(ctx: JobsContext, due: TimesheetDue): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const id = await claimDueTimesheet(ctx.database, tx, due, HOURS_RULES[due](ctx));
    if (!id) return false;
    const seat = await lockSeat(ctx, tx, 'system', id, false);
    // The claim read the timesheet before its job's lock: a chef's or a restaurant's answer committed in
    // between wins, and the rule leaves the seat alone (the next claim no longer finds it).
    if (!stillDue(due, seat)) return true;
    if (due === 'auto_clock_out') {
      if (autoClockOutAt(ctx.policy, seat.job).getTime() > ctx.now().getTime()) return false;
      await submit(ctx, tx, seat, {
        clockOutAt: seat.job.end_time,
        breakMinutes: seat.ts.break_minutes,
        auto: true,
        event: {},
      });
    } else if (due === 'auto_approve') await approveSeat(ctx, tx, seat, 'autoApprove');
    else if (due === 'accept_by_silence') await approveSeat(ctx, tx, seat, 'acceptBySilence');
    else await confirmNoShow(ctx, tx, seat);
    return true;
  });
}

const ACTION = {
  auto_clock_out: 'autoClockOut',
  auto_approve: 'autoApprove',
  accept_by_silence: 'acceptBySilence',
  no_show_final: null,
} as const;

function stillDue(due: TimesheetDue, seat: Seat): boolean {
  const action = ACTION[due];
  if (action === null) return seat.ts.status === 'no_show' && seat.ts.no_show_final_at === null;
  return canTimesheet(action, seat.ts.status);
}

/**
 * A no-show HOURS_DISPUTE_WINDOW old and uncontested is final: the whole charge goes back to the restaurant
 * (jobs.timesheet.no_show_confirmed.v1, timesheetMoney of no pay) and the no-show goes on the chef's record.
 */
async function confirmNoShow(ctx: JobsContext, tx: Parameters<typeof settleTimesheet>[1], seat: Seat) {
  const now = ctx.now();
  const money = moneyOf(ctx.policy, seat.job, 0);
  await settleTimesheet(ctx, tx, seat, { no_show_final_at: now, worked_minutes: 0 }, money, [
    { user_id: seat.app.chef_id, user_type: 'chef', kind: 'no_shows', job_id: seat.job.id },
  ]);
  await appendEvent(ctx.database, tx, 'jobs.timesheet.no_show_confirmed.v1', {
    ...applicationFacts(seat.app, seat.job),
    seat_no: seat.seat_no,
    ...timesheetFigures(seat.job, seat.ts, 0, money),
    marked_at: seat.ts.no_show_at!.toISOString(),
    confirmed_at: now.toISOString(),
  });
}
