import { busyWindow, type Language } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { heldShiftsOfChef } from '../db/bookings.repository';
import { restaurantCity } from '../db/read-models.repository';
import { overlapForChef, overlapForRestaurant } from '../domain/booking';
import type { JobRow } from '../domain/records';
import { lockChefTime } from './load-for-update';

/** Who is taking the seat, to be told in their language why not. */
export type SeatTaker =
  { side: 'chef'; language: Language } | { side: 'restaurant'; language: Language; restaurantId: string };

/**
 * Every way a chef takes a seat (a restaurant accepting them, the chef confirming) passes here, inside its
 * transaction and after the job's and the application's locks: the chef's bookings are locked, then any shift
 * the chef holds that overlaps this one, SHIFT_GAP of travel included, refuses it with 409
 * JOBS.OVERLAPPING_SHIFT. The chef reads which shift and when; a restaurant only that the chef is booked, and
 * when. Applying is never refused: a chef may apply to overlapping shifts and keep the one they get.
 */
export async function ensureChefFree(
  ctx: JobsContext,
  tx: Tx,
  chefId: string,
  job: Pick<JobRow, 'id' | 'start_time' | 'end_time'>,
  taker: SeatTaker,
): Promise<void> {
  await lockChefTime(ctx, tx, chefId);
  const window = busyWindow(ctx.policy, job);
  const [other] = await heldShiftsOfChef(
    ctx.database,
    chefId,
    { from: new Date(window.busy_from), until: new Date(window.busy_until), except: job.id },
    tx,
  );
  if (!other) return;
  if (taker.side === 'chef') throw overlapForChef(taker.language, other, ctx.policy.shiftGapMs);
  throw overlapForRestaurant(
    taker.language,
    other,
    await restaurantCity(ctx.database, taker.restaurantId, tx),
  );
}
