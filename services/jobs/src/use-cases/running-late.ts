import { appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertTimesheetEvent, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { ensureTimesheetAllows } from '../domain/timesheet';
import { writeSeat } from './load-seat';
import { touchSeat } from './settle-timesheet';

/**
 * The confirmed chef tells the restaurant "running late, N minutes" before clocking in (issue 34): the job
 * page shows it and notifications texts the restaurant (jobs.timesheet.running_late.v1). After a clock-in:
 * 409 JOBS.ALREADY_CLOCKED_IN.
 */
export async function runningLate(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
  minutes: number,
): Promise<void> {
  await writeSeat(ctx, chef, applicationId, true, async (tx, seat) => {
    ensureTimesheetAllows('clockIn', seat.ts);
    const now = ctx.now();
    await updateTimesheet(tx, seat.app.id, { running_late_minutes: minutes, running_late_at: now });
    await insertTimesheetEvent(tx, seat.app.id, { type: 'running_late', at: now, by: 'chef', minutes });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.running_late.v1', {
      ...applicationFacts(seat.app, seat.job),
      seat_no: seat.seat_no,
      minutes,
      expected_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
      announced_at: now.toISOString(),
    });
    await touchSeat(ctx, tx, seat);
  });
}
