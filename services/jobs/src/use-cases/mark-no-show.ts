import { hoursDisputeDeadline, noShowRefusal } from '@brigade/contracts';
import { appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertTimesheetEvent, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { clockError, ensureTimesheetAllows } from '../domain/timesheet';
import { writeSeat } from './load-seat';
import { touchSeat } from './settle-timesheet';

/**
 * The restaurant marks its confirmed chef a no-show (issue 34): NO_SHOW_AFTER past the start without a
 * clock-in (before: 409 JOBS.NO_SHOW_TOO_EARLY; clocked in: 409 JOBS.ALREADY_CLOCKED_IN). The chef is texted
 * (jobs.timesheet.no_show_marked.v1) and may contest it within HOURS_DISPUTE_WINDOW; uncontested, the rules
 * loop makes it final (settle-no-show.ts): the full refund, and the no-show on the chef's record.
 */
export async function markNoShow(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
): Promise<void> {
  await writeSeat(ctx, restaurant, applicationId, true, async (tx, seat) => {
    ensureTimesheetAllows('noShow', seat.ts);
    const now = ctx.now();
    const early = noShowRefusal(ctx.policy, seat.job, now);
    if (early) throw clockError(early);
    await updateTimesheet(tx, seat.app.id, { status: 'no_show', no_show_at: now, worked_minutes: 0 });
    await insertTimesheetEvent(tx, seat.app.id, { type: 'no_show', at: now, by: 'restaurant' });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.no_show_marked.v1', {
      ...applicationFacts(seat.app, seat.job),
      seat_no: seat.seat_no,
      marked_at: now.toISOString(),
      contest_until: hoursDisputeDeadline(ctx.policy, now).toISOString(),
    });
    await touchSeat(ctx, tx, seat);
  });
}
