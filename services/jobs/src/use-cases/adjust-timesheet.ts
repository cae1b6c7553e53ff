import {
  adjustmentRefusal,
  hoursDisputeDeadline,
  workedMinutes,
  workedPay,
  type TimesheetMoney,
  type timesheetsHttp,
} from '@brigade/contracts';
import { appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertTimesheetEvent, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import type { JobRow } from '../domain/records';
import { clockError, ensureTimesheetAllows, moneyOf, timesheetFigures } from '../domain/timesheet';
import { writeSeat } from './load-seat';
import { touchSeat } from './settle-timesheet';

type Times = Pick<timesheetsHttp.AdjustTimesheetRequest, 'clock_in_at' | 'clock_out_at' | 'break_minutes'>;

/**
 * What times the restaurant sets come to (the quote, and the adjustment itself): 400 JOBS.TIMES_OUT_OF_BOUNDS
 * out of bounds; the clock-in it sets counts as given (ADR 0028).
 */
export function adjustedMoney(
  ctx: JobsContext,
  job: JobRow,
  times: Times,
): { worked: number; money: TimesheetMoney } {
  const refused = adjustmentRefusal(ctx.policy, job, times);
  if (refused) throw clockError(refused);
  const worked = workedMinutes(ctx.policy, job, { ...times, clock_in_set_by_restaurant: true });
  return { worked, money: moneyOf(ctx.policy, job, workedPay(job, worked)) };
}

/**
 * The restaurant changes the submitted timesheet's clock-in, clock-out or break, with its reason (issue 34):
 * status adjusted, the chef answers within HOURS_DISPUTE_WINDOW (silence accepts). Once only, from submitted:
 * after an approval it is 409 JOBS.TIMESHEET_NOT_SUBMITTED. jobs.timesheet.adjusted.v1 has the figures.
 */
export async function adjustTimesheet(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'type' | 'language'>,
  applicationId: string,
  input: timesheetsHttp.AdjustTimesheetRequest,
): Promise<void> {
  await writeSeat(ctx, restaurant, applicationId, false, async (tx, seat) => {
    ensureTimesheetAllows('adjust', seat.ts);
    const { worked, money } = adjustedMoney(ctx, seat.job, input);
    const now = ctx.now();
    const times = {
      clock_in_at: new Date(input.clock_in_at),
      clock_out_at: new Date(input.clock_out_at),
      break_minutes: input.break_minutes,
    };
    await updateTimesheet(tx, seat.app.id, {
      ...times,
      status: 'adjusted',
      clock_in_set_by_restaurant: true,
      worked_minutes: worked,
      adjusted_at: now,
      adjust_reason: input.reason,
      adjust_language: restaurant.language,
    });
    await insertTimesheetEvent(tx, seat.app.id, {
      type: 'adjusted',
      at: now,
      by: 'restaurant',
      ...times,
      note: input.reason,
    });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.adjusted.v1', {
      ...applicationFacts(seat.app, seat.job),
      seat_no: seat.seat_no,
      ...timesheetFigures(seat.job, times, worked, money),
      reason: input.reason,
      dispute_until: hoursDisputeDeadline(ctx.policy, now).toISOString(),
    });
    await touchSeat(ctx, tx, seat);
  });
}
