import { distanceMeters, positionRefusal, workedPay, type timesheetsHttp } from '@brigade/contracts';
import { appendEvent, type AppError, type AuthUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { restaurantPin } from '../db/read-models.repository';
import { insertTimesheetEvent, lastPositionOfChef, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { clockError, ensureTimesheetAllows, moneyOf, timesheetFigures, workedOf } from '../domain/timesheet';
import { checkClockCode } from './clock-code';
import { writeSeat, type Seat } from './load-seat';
import { touchSeat } from './settle-timesheet';

/**
 * The chef clocks out (issue 34) and the timesheet is submitted to the restaurant: clock-in, clock-out, the
 * break the chef confirms or corrects, the worked minutes and the pay they come to. A position is not required;
 * one given must be believable (not too vague, no jump), a code given must be right (clock-code.ts). Without a
 * clock-in: 409 JOBS.NOT_CLOCKED_IN. jobs.timesheet.submitted.v1 carries the figures.
 */
export async function clockOut(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
  input: timesheetsHttp.ClockOutRequest,
): Promise<void> {
  const refused = await writeSeat<AppError | null>(ctx, chef, applicationId, false, async (tx, seat) => {
    ensureTimesheetAllows('clockOut', seat.ts);
    const now = ctx.now();
    const where =
      input.latitude !== undefined && input.longitude !== undefined
        ? await checkPosition(
            ctx,
            tx,
            seat,
            { ...input, latitude: input.latitude, longitude: input.longitude },
            now,
          )
        : null;
    if (!where && input.code !== undefined) {
      const wrong = await checkClockCode(ctx, tx, seat, input.code, now);
      if (wrong) return wrong;
    }
    await submit(ctx, tx, seat, {
      clockOutAt: now,
      breakMinutes: input.break_minutes ?? seat.ts.break_minutes,
      auto: false,
      event: { method: where ? 'location' : input.code !== undefined ? 'code' : null, ...(where ?? {}) },
    });
    return null;
  });
  if (refused) throw refused;
}

/**
 * Submit a clocked-in timesheet at `clockOutAt` (the chef's clock-out, or the scheduled end when clocked out
 * automatically): the one path of both, in the caller's transaction.
 */
export async function submit(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  s: {
    clockOutAt: Date;
    breakMinutes: number;
    auto: boolean;
    event: {
      method?: 'location' | 'code' | null;
      latitude?: number;
      longitude?: number;
      accuracy_m?: number | null;
      distance_m?: number | null;
    };
  },
): Promise<void> {
  const now = ctx.now();
  const times = {
    clock_in_at: seat.ts.clock_in_at,
    clock_out_at: s.clockOutAt,
    break_minutes: s.breakMinutes,
    clock_in_set_by_restaurant: false,
  };
  const worked = workedOf(ctx.policy, seat.job, times);
  const money = moneyOf(ctx.policy, seat.job, workedPay(seat.job, worked));
  await updateTimesheet(tx, seat.app.id, {
    status: 'submitted',
    clock_out_at: s.clockOutAt,
    break_minutes: s.breakMinutes,
    worked_minutes: worked,
    auto_clocked_out: s.auto,
    submitted_at: now,
    chef_clock_in_at: seat.ts.clock_in_at,
    chef_clock_out_at: s.clockOutAt,
    chef_break_minutes: s.breakMinutes,
  });
  await insertTimesheetEvent(tx, seat.app.id, {
    type: s.auto ? 'auto_clock_out' : 'clock_out',
    at: now,
    by: s.auto ? 'system' : 'chef',
    clock_out_at: s.clockOutAt,
    break_minutes: s.breakMinutes,
    ...s.event,
  });
  await appendEvent(ctx.database, tx, 'jobs.timesheet.submitted.v1', {
    ...applicationFacts(seat.app, seat.job),
    seat_no: seat.seat_no,
    ...timesheetFigures(seat.job, times, worked, money),
    auto_clocked_out: s.auto,
  });
  await touchSeat(ctx, tx, seat);
}

/** A clock-out's position: believable (positionRefusal), measured from the pin when there is one. */
async function checkPosition(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  input: { latitude: number; longitude: number; accuracy_m?: number },
  now: Date,
) {
  const position = { ...input, accuracy_m: input.accuracy_m ?? null, at: now };
  const previous = await lastPositionOfChef(ctx.database, tx, seat.app.chef_id);
  const refused = positionRefusal(ctx.policy, position, previous);
  if (refused) throw clockError(refused);
  const pin = await restaurantPin(ctx.database, seat.job.restaurant_id, tx);
  return {
    latitude: input.latitude,
    longitude: input.longitude,
    accuracy_m: position.accuracy_m,
    distance_m: pin ? Math.round(distanceMeters({ latitude: pin.lat, longitude: pin.lon }, position)) : null,
  };
}
