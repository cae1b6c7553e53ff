import { AppError, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob, updateJob } from '../db/jobs.repository';
import { heldSeats } from '../db/offers.repository';
import { lowestFreeSeat } from '../db/seats.repository';
import { leaveStandbyList, waitingOnStandby } from '../db/standby.repository';
import type { JobRow } from '../domain/records';
import { freeSeats } from '../domain/seats';
import { announceOpenJob } from './announce-open-job';
import { chooseAlerts } from './choose-alerts';
import { offerInTransaction } from './make-offer';

/**
 * A booked seat of the job opened again before the start (issue 37: its chef cancelled, or missed their
 * reconfirmation), in the caller's transaction under the job's lock, after the seat reopened. The shift
 * becomes urgent (`emergency_level`), then the seat goes to the shift's standby list first: the chef first in
 * line is offered it (`offerToNextStandby`); with nobody waiting, every chef is told at once as urgent
 * (`jobs.job.opened.v1` with its `alerts`, `chooseAlerts(..., 'reopened')`).
 */
export async function reopenSeat(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  seatNo: number | null,
): Promise<void> {
  await updateJob(tx, job.id, { emergency_level: 'urgent' });
  const urgent: JobRow = { ...job, emergency_level: 'urgent' };
  if ((await offerToNextStandby(ctx, tx, urgent)) === 'nobody')
    await announceReopened(ctx, tx, urgent, seatNo);
}

/**
 * A standby offer ended unanswered (the rules loop expired it) or declined: the next chef in line is offered
 * the seat, or, with nobody left, every chef is told as urgent. Nothing when the seat is no longer free (taken
 * meanwhile, the shift cancelled or started).
 */
export async function passStandbyOffer(ctx: JobsContext, tx: Tx, job: JobRow): Promise<void> {
  if ((await offerToNextStandby(ctx, tx, job)) !== 'nobody') return;
  const seat = await lowestFreeSeat(ctx.database, tx, job.id);
  await announceReopened(ctx, tx, job, seat?.seat_no ?? null);
}

/**
 * The first chef waiting on the job's standby list is offered its free seat (an offer of kind `standby`, ending
 * after STANDBY_OFFER_MINUTES or at the start; `jobs.offer.made.v1` has notifications text it) and leaves the
 * list (`offered`). A chef who cannot take it now (suspended, unable to be paid, their application to the shift
 * closed, a live offer of it already) is passed over and leaves the list too. `not_needed`: no free seat to
 * offer (taken, held by another standby offer, the shift no longer open or started); `nobody`: nobody left.
 */
export async function offerToNextStandby(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
): Promise<'offered' | 'nobody' | 'not_needed'> {
  const now = ctx.now();
  const fresh = await findJob(ctx.database, job.id, tx);
  if (!fresh || fresh.start_time.getTime() <= now.getTime()) return 'not_needed';
  if (freeSeats(fresh, await heldSeats(ctx.database, tx, job.id)) === 0) return 'not_needed';
  for (const entry of await waitingOnStandby(ctx.database, tx, job.id)) {
    await leaveStandbyList(ctx.database, tx, job.id, entry.chef_id, 'offered', now);
    try {
      await offerInTransaction(ctx, tx, job.restaurant_id, job.id, entry.chef_id, now, 'standby');
      return 'offered';
    } catch (err) {
      // offerInTransaction refuses before it writes: the chef is passed over, the next one is offered it.
      if (err instanceof AppError && err.status < 500) continue;
      throw err;
    }
  }
  return 'nobody';
}

/** The seat nobody on standby took goes to everyone, as urgent, to the chefs `chooseAlerts` names. */
async function announceReopened(ctx: JobsContext, tx: Tx, job: JobRow, seatNo: number | null) {
  const fresh = (await findJob(ctx.database, job.id, tx)) ?? job;
  if (fresh.status !== 'open' || fresh.start_time.getTime() <= ctx.now().getTime()) return;
  const alerts = await chooseAlerts(ctx, tx, fresh, 'reopened');
  await announceOpenJob(ctx, tx, fresh, true, true, seatNo, alerts);
}
