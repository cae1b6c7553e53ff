import { randomInt } from 'node:crypto';
import { nextApplication, nextJobStatus, reconfirmWindow, type Language } from '@brigade/contracts';
import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationsOfJob, setApplicationState, setClosedAtFill } from '../db/applications.repository';
import { updateJob } from '../db/jobs.repository';
import { setReconfirmBy } from '../db/reconfirmations.repository';
import { lowestFreeSeat, moveSeat } from '../db/seats.repository';
import { leaveStandbyList } from '../db/standby.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import type { ApplicationRow, JobRow } from '../domain/records';
import { closeJobOffers } from './close-job-offers';
import { ensureChefFree } from './ensure-chef-free';
import { ensureChefHoldsCredentials } from './ensure-chef-credentials';

/** 4 random digits: the code a chef types to clock in or out without a location. */
const newClockCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * A chef takes a seat of the job, confirmed: every way to a confirmed chef passes here (the chef confirming an
 * acceptance, the chef accepting a direct offer, a chef booking at once: issue 37), in the caller's transaction, after the job's and the
 * application's locks. The chef must be free then (409 JOBS.OVERLAPPING_SHIFT naming the other shift). The
 * booking takes the lowest free seat (issue 35, ADR 0030): under the job's row lock, so any number of chefs
 * confirming the last seat at once leave exactly one booked and the others told 409 JOBS.NO_FREE_SEAT (409
 * JOBS.JOB_NOT_OPEN once the job is no longer open: filled, expired, cancelled). The job's status follows from
 * its seats (open while a seat is free, filled when the last is booked; its clock code made, issue 34), and
 * `jobs.application.confirmed.v1` names the seat. When the last seat is booked, the other pending applications
 * are turned down (`jobs.application.rejected.v1`) and the job's live offers are taken (those already ended,
 * expired, `closeJobOffers`); while seats remain they stay as they are.
 * Issue 39: the chef must hold a verified, unexpired credential of each type the shift requires (403
 * JOBS.CREDENTIAL_REQUIRED otherwise: an expiry or a revocation since they applied counts).
 * Issue 37: the booking sets when the chef must reconfirm (`reconfirmWindow`: RECONFIRM_BY before the start;
 * none when booked after RECONFIRM_OPENS before it), the chef leaves the shift's standby list (`booked`), and
 * `bookedBy` says how the seat was taken (`booked_by` of the confirmed event).
 */
export async function bookSeat(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  app: ApplicationRow,
  confirmed: NonNullable<ReturnType<typeof nextApplication>>,
  language: Language,
  bookedBy: 'confirmed' | 'offer' | 'standby' | 'instant_book' = 'confirmed',
): Promise<number> {
  if (!nextJobStatus('fill', job.status)) throw JobsErrors.jobNotOpen();
  const seat = await lowestFreeSeat(ctx.database, tx, job.id);
  if (!seat) throw JobsErrors.noFreeSeat();
  // Issue 39: every way to a seat (confirming, an offer, standby, book now) needs the shift's credentials now.
  await ensureChefHoldsCredentials(ctx, tx, job, app.chef_id, { side: 'chef', language });
  await ensureChefFree(ctx, tx, app.chef_id, job, { side: 'chef', language });
  await setApplicationState(tx, app.id, confirmed);
  const now = ctx.now();
  await setReconfirmBy(tx, app.id, reconfirmWindow(ctx.policy, job.start_time, now)?.by ?? null);
  if (await leaveStandbyList(ctx.database, tx, job.id, app.chef_id, 'booked', now))
    await appendEvent(ctx.database, tx, 'jobs.standby.left.v1', {
      job_id: job.id,
      restaurant_id: job.restaurant_id,
      chef_id: app.chef_id,
      reason: 'booked',
    });
  const status = await moveSeat(ctx.database, tx, job, seat.seat_no, 'book', {
    application_id: app.id,
    chef_id: app.chef_id,
  });
  // The restaurant's clock code for this shift (issue 34): kept when a chef confirmed before.
  if (!job.clock_code) await updateJob(tx, job.id, { clock_code: newClockCode() });
  await appendEvent(ctx.database, tx, 'jobs.application.confirmed.v1', {
    ...applicationFacts(app, job),
    seat_no: seat.seat_no,
    booked_by: bookedBy,
  });
  if (status === 'open') return seat.seat_no;
  for (const other of await applicationsOfJob(ctx.database, tx, job.id)) {
    if (other.id === app.id) continue;
    const closed = nextApplication('close', other);
    if (!closed) continue;
    await setApplicationState(tx, other.id, closed);
    // Issue 37: turned down by the fill, not by the restaurant: the chef may still take a standby seat.
    await setClosedAtFill(tx, other.id, true);
    await appendEvent(ctx.database, tx, 'jobs.application.rejected.v1', applicationFacts(other, job));
  }
  // Offers that already ended expire (with their event); only the live ones were beaten to the seat.
  await closeJobOffers(ctx, tx, job, 'taken');
  return seat.seat_no;
}
