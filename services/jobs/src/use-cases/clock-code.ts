import { afterWrongClockCode, clockCodeMismatch, clockCodeRefusal } from '@brigade/contracts';
import type { AppError, Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { updateTimesheet } from '../db/timesheets.repository';
import { clockError } from '../domain/timesheet';
import type { Seat } from './load-seat';

/**
 * Check the restaurant's clock code a chef typed (issue 34): while locked, 429 JOBS.CLOCK_CODE_LOCKED (a right
 * code too); a wrong one is 422 JOBS.BAD_CLOCK_CODE and counted, the CLOCK_CODE_MAX_WRONG-th locking it for
 * CLOCK_CODE_LOCK_MS; a right one clears the count. Returns the refusal for the caller to answer AFTER its
 * transaction commits (the count must stay; nothing else changes), or null.
 */
export async function checkClockCode(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  code: string,
  now: Date,
): Promise<AppError | null> {
  if (clockCodeRefusal(seat.ts, now))
    return clockError('JOBS.CLOCK_CODE_LOCKED', { locked_until: seat.ts.locked_until?.toISOString() });
  if (seat.job.clock_code && !clockCodeMismatch(seat.job.clock_code, code)) {
    if (seat.ts.wrong_codes > 0 || seat.ts.locked_until)
      await updateTimesheet(tx, seat.app.id, { wrong_codes: 0, locked_until: null });
    return null;
  }
  const after = afterWrongClockCode(ctx.policy, seat.ts, now);
  const lockedUntil = after.locked_until === null ? null : new Date(after.locked_until);
  await updateTimesheet(tx, seat.app.id, { wrong_codes: after.wrong_codes, locked_until: lockedUntil });
  return clockError('JOBS.BAD_CLOCK_CODE', {
    attempts_left: lockedUntil && lockedUntil > now ? 0 : ctx.policy.clockCodeMaxWrong - after.wrong_codes,
  });
}
