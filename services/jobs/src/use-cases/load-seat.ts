import { AppError, type AuthUser, type Tx } from '@brigade/kit';
import { applicationState } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockOrCreateTimesheet, lockTimesheet, type TimesheetRow } from '../db/timesheets.repository';
import { JobsErrors } from '../domain/errors';
import type { ApplicationRow, JobRow } from '../domain/records';
import { lockApplicationAndJob } from './load-for-update';

/** A confirmed chef's seat on a shift, locked for a write to its timesheet (job, application, timesheet). */
export interface Seat {
  job: JobRow;
  app: ApplicationRow;
  ts: TimesheetRow;
}

/**
 * Lock a seat for its chef or its restaurant (issue 34): someone else's application is 404 (nothing says it
 * exists), a seat that is not a confirmed chef's is 409 JOBS.NOT_BOOKED. The timesheet is created not_started
 * when `create`, else a seat without one reads as not_started.
 */
export async function lockSeat(
  ctx: JobsContext,
  tx: Tx,
  user: Pick<AuthUser, 'id' | 'type'> | 'system',
  applicationId: string,
  create = true,
): Promise<Seat> {
  const { job, app } = await lockApplicationAndJob(ctx, tx, applicationId);
  if (user !== 'system') {
    const mine = user.type === 'chef' ? app.chef_id === user.id : job.restaurant_id === user.id;
    if (!mine) throw JobsErrors.applicationNotFound();
  }
  if (applicationState(app.status, app.worker_confirmed) !== 'confirmed')
    throw new AppError(409, 'JOBS.NOT_BOOKED', 'Only the confirmed chef of a shift has a time clock');
  const fresh = {
    application_id: app.id,
    job_id: job.id,
    chef_id: app.chef_id,
    break_minutes: job.break_minutes,
  };
  const ts = create
    ? await lockOrCreateTimesheet(ctx.database, tx, fresh)
    : ((await lockTimesheet(ctx.database, tx, app.id)) ?? notStarted(fresh));
  return { job, app, ts };
}

function notStarted(
  t: Pick<TimesheetRow, 'application_id' | 'job_id' | 'chef_id' | 'break_minutes'>,
): TimesheetRow {
  return {
    ...t,
    status: 'not_started',
    clock_in_at: null,
    clock_out_at: null,
    clock_in_set_by_restaurant: false,
    worked_minutes: null,
    late: false,
    auto_clocked_out: false,
    submitted_at: null,
    chef_clock_in_at: null,
    chef_clock_out_at: null,
    chef_break_minutes: null,
    adjusted_at: null,
    adjust_reason: null,
    adjust_language: null,
    no_show_at: null,
    no_show_final_at: null,
    settled_at: null,
    chef_pay_cents: null,
    fee_cents: null,
    extra_charge_cents: null,
    extra_collected_cents: 0,
    refund_cents: null,
    running_late_minutes: null,
    running_late_at: null,
    wrong_codes: 0,
    locked_until: null,
  };
}
