import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { upsertTimesheet } from '../db/timesheets.repository';
import { settleTimesheet } from '../use-cases/settle-timesheet';

// The jobs service's time clock (issue 34, ADR 0028): payments hears that a seat has clock events (its checkout no
// longer moves the money), and moves the money once the hours are settled.

/** Who the event is about: the seat (`seat_no`, 1 on events from before seats) and its application and chef. */
const seat = (d: {
  application_id: string;
  job_id: string;
  seat_no?: number | null;
  chef_id: string;
  restaurant_id: string;
}) => ({
  application_id: d.application_id,
  job_id: d.job_id,
  seat_no: d.seat_no ?? 1,
  chef_id: d.chef_id,
  restaurant_id: d.restaurant_id,
});

export const onTimesheetClockedIn: EventHandlerOf<PaymentsContext, 'jobs.timesheet.clocked_in.v1'> = (
  ctx,
  tx,
  d,
) => upsertTimesheet(ctx.database, tx, { ...seat(d), status: 'clocked_in' });

export const onTimesheetSubmitted: EventHandlerOf<PaymentsContext, 'jobs.timesheet.submitted.v1'> = (
  ctx,
  tx,
  d,
) => upsertTimesheet(ctx.database, tx, { ...seat(d), status: 'submitted' });

/** A disputed adjustment or a contested no-show: the money stays held for an operator. */
export const onTimesheetDisputed: EventHandlerOf<PaymentsContext, 'jobs.timesheet.disputed.v1'> = (
  ctx,
  tx,
  d,
) =>
  upsertTimesheet(ctx.database, tx, {
    ...seat(d),
    status: 'disputed',
    no_show_contested: d.about === 'no_show',
  });

/**
 * A no-show: the money stays held while the chef may contest it. Jobs owns the window and says when it passed
 * uncontested (`no_show_confirmed`); a contested one waits for the operator (`resolved`).
 */
export const onNoShowMarked: EventHandlerOf<PaymentsContext, 'jobs.timesheet.no_show_marked.v1'> = (
  ctx,
  tx,
  d,
) =>
  upsertTimesheet(ctx.database, tx, {
    ...seat(d),
    status: 'no_show',
    no_show_contest_until: d.contest_until,
  });

export const onTimesheetApproved: EventHandlerOf<PaymentsContext, 'jobs.timesheet.approved.v1'> = (
  ctx,
  tx,
  d,
  event,
) => settleTimesheet(ctx, tx, 'approved', seat(d), d, event.id);

export const onTimesheetResolved: EventHandlerOf<PaymentsContext, 'jobs.timesheet.resolved.v1'> = (
  ctx,
  tx,
  d,
  event,
) => settleTimesheet(ctx, tx, 'resolved', seat(d), d, event.id);

export const onTimesheetSentHome: EventHandlerOf<PaymentsContext, 'jobs.timesheet.sent_home.v1'> = (
  ctx,
  tx,
  d,
  event,
) => settleTimesheet(ctx, tx, 'sent_home', seat(d), d, event.id);

/**
 * A no-show stood its contest window uncontested (jobs decided it under its own locks, so a contest that came
 * in time can never race the refund): the whole charge goes back, from payments' own records.
 */
export const onNoShowConfirmed: EventHandlerOf<PaymentsContext, 'jobs.timesheet.no_show_confirmed.v1'> = (
  ctx,
  tx,
  d,
  event,
) => settleTimesheet(ctx, tx, 'no_show', seat(d), null, event.id);
