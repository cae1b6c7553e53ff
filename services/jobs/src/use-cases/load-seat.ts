import { AppError, inTransaction, type AuthUser, type Tx } from '@brigade/kit';
import { applicationState } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { seatOfApplication } from '../db/seats.repository';
import { lockOrCreateTimesheet, lockTimesheet, type TimesheetRow } from '../db/timesheets.repository';
import { JobsErrors } from '../domain/errors';
import type { ApplicationRow, JobRow } from '../domain/records';
import { withSeat } from '../domain/seats';
import { lockApplicationAndJob } from './load-for-update';

/**
 * A confirmed chef's seat on a shift, locked for a write to its timesheet (job, application, timesheet). `job`
 * is the job as this seat sees it (its checkout answers and money, domain/seats.ts `withSeat`); `seat_no` is the
 * seat the application booked (jobs.seats, issue 35).
 */
export interface Seat {
  job: JobRow;
  seat_no: number;
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
  const locked = await lockApplicationAndJob(ctx, tx, applicationId);
  const { app } = locked;
  if (user !== 'system') {
    const mine = user.type === 'chef' ? app.chef_id === user.id : locked.job.restaurant_id === user.id;
    if (!mine) throw JobsErrors.applicationNotFound();
  }
  if (applicationState(app.status, app.worker_confirmed) !== 'confirmed')
    throw new AppError(409, 'JOBS.NOT_BOOKED', 'Only the confirmed chef of a shift has a time clock');
  // A confirmed application holds a seat (booked when it confirmed, migration 0018 for those before seats).
  const seat = await seatOfApplication(ctx.database, tx, app.id);
  const job = withSeat(locked.job, seat);
  const fresh = {
    application_id: app.id,
    job_id: job.id,
    chef_id: app.chef_id,
    break_minutes: job.break_minutes,
  };
  const ts = create
    ? await lockOrCreateTimesheet(ctx.database, tx, fresh)
    : ((await lockTimesheet(ctx.database, tx, app.id)) ?? notStarted(fresh));
  return { job, seat_no: seat?.seat_no ?? 1, app, ts };
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

/**
 * A write to one seat's timesheet in its own transaction, behind `lockSeat`'s locks (the time clock's use cases
 * all begin so).
 */
export function writeSeat<T>(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
  create: boolean,
  write: (tx: Tx, seat: Seat) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, async (tx) => write(tx, await lockSeat(ctx, tx, user, applicationId, create)));
}
