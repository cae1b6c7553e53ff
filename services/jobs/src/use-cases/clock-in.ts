import { checkClockInPosition, clockInRefusal, isLateClockIn, type timesheetsHttp } from '@brigade/contracts';
import { appendEvent, type AppError, type AuthUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { restaurantPin } from '../db/read-models.repository';
import { insertTimesheetEvent, lastPositionOfChef, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { clockError, ensureTimesheetAllows, outsideGeofence } from '../domain/timesheet';
import { checkClockCode } from './clock-code';
import { writeSeat, type Seat } from './load-seat';
import { touchSeat } from './settle-timesheet';

/**
 * The confirmed chef clocks in (issue 34), from CLOCK_IN_EARLY before the start until the scheduled end (422
 * JOBS.CLOCK_NOT_OPEN), by the restaurant's code (clock-code.ts) or by a position within GEOFENCE_METERS of its
 * pin (contracts' checkClockInPosition: no pin, too vague, a jump, outside with the distance in the chef's
 * language). Under the job's, the application's and the timesheet's locks, so two clock-ins at once give one
 * timesheet and the second is 409 JOBS.ALREADY_CLOCKED_IN. After the start + 10 minutes the timesheet is late.
 */
export async function clockIn(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'type' | 'language'>,
  applicationId: string,
  input: timesheetsHttp.ClockInRequest,
): Promise<void> {
  const refused = await writeSeat<AppError | null>(ctx, chef, applicationId, true, async (tx, seat) => {
    ensureTimesheetAllows('clockIn', seat.ts);
    const now = ctx.now();
    const closed = clockInRefusal(ctx.policy, seat.job, now);
    if (closed) throw clockError(closed);

    let where: Awaited<ReturnType<typeof locate>> | null = null;
    if (input.latitude !== undefined && input.longitude !== undefined) {
      where = await locate(ctx, tx, seat, chef.language, input, now);
    } else if (input.code !== undefined) {
      const wrong = await checkClockCode(ctx, tx, seat, input.code, now);
      if (wrong) return wrong;
    }
    const late = isLateClockIn(ctx.policy, seat.job, now);
    await updateTimesheet(tx, seat.app.id, { status: 'clocked_in', clock_in_at: now, late });
    await insertTimesheetEvent(tx, seat.app.id, {
      type: 'clock_in',
      at: now,
      by: 'chef',
      method: where ? 'location' : 'code',
      ...(where ?? {}),
    });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.clocked_in.v1', {
      ...applicationFacts(seat.app, seat.job),
      seat_no: seat.seat_no,
      clock_in_at: now.toISOString(),
      method: where ? 'location' : 'code',
      distance_m: where?.distance_m ?? null,
      late,
    });
    await touchSeat(ctx, tx, seat);
    return null;
  });
  if (refused) throw refused;
}

/** A location clock-in's position, checked against the pin and the chef's last position (or refused). */
async function locate(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  language: 'en' | 'es',
  input: { latitude?: number; longitude?: number; accuracy_m?: number },
  now: Date,
) {
  const pin = await restaurantPin(ctx.database, seat.job.restaurant_id, tx);
  const position = {
    latitude: input.latitude!,
    longitude: input.longitude!,
    accuracy_m: input.accuracy_m ?? null,
    at: now,
  };
  const previous = await lastPositionOfChef(ctx.database, tx, seat.app.chef_id);
  const checked = checkClockInPosition(
    ctx.policy,
    pin && { latitude: pin.lat, longitude: pin.lon },
    position,
    previous,
  );
  if (!checked.ok) {
    if (checked.code === 'JOBS.OUTSIDE_GEOFENCE')
      throw outsideGeofence(ctx.policy, checked.distance_m ?? 0, language);
    throw clockError(checked.code, checked.distance_m === null ? {} : { distance_m: checked.distance_m });
  }
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    accuracy_m: position.accuracy_m,
    distance_m: checked.distance_m,
  };
}
