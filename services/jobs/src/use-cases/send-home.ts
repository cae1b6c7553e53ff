import { sendHomeRefusal } from '@brigade/contracts';
import { appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertTimesheetEvent } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { clockError, ensureTimesheetAllows, sentHomeMoney, timesheetFigures } from '../domain/timesheet';
import { writeSeat } from './load-seat';
import { settleTimesheet } from './settle-timesheet';

/**
 * The restaurant sends the clocked-in chef home within SENT_HOME_WINDOW of the clock-in (issue 34; after it 409
 * JOBS.SENT_HOME_WINDOW_PASSED; not clocked in 409 JOBS.NOT_CLOCKED_IN): clocked out now, paid max(worked,
 * SENT_HOME_PAY_HOURS x rate) never more than the shift pay, at once (jobs.timesheet.sent_home.v1), and a late
 * cancellation on the restaurant's record.
 */
export async function sendHome(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
  reason: string | null,
): Promise<void> {
  await writeSeat(ctx, restaurant, applicationId, false, async (tx, seat) => {
    ensureTimesheetAllows('sendHome', seat.ts);
    const now = ctx.now();
    const passed = sendHomeRefusal(ctx.policy, seat.ts.clock_in_at!, now);
    if (passed) throw clockError(passed);
    const { times, worked, money } = sentHomeMoney(ctx.policy, seat.job, seat.ts, now);
    await settleTimesheet(
      ctx,
      tx,
      seat,
      { status: 'sent_home', clock_out_at: now, break_minutes: 0, worked_minutes: worked, submitted_at: now },
      money,
      [
        {
          user_id: seat.job.restaurant_id,
          user_type: 'restaurant',
          kind: 'late_cancellations',
          job_id: seat.job.id,
        },
      ],
    );
    await insertTimesheetEvent(tx, seat.app.id, {
      type: 'sent_home',
      at: now,
      by: 'restaurant',
      clock_out_at: now,
      note: reason,
    });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.sent_home.v1', {
      ...applicationFacts(seat.app, seat.job),
      seat_no: seat.seat_no,
      ...timesheetFigures(seat.job, times, worked, money),
      reason,
    });
  });
}
