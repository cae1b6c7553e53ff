import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { jobIdOfApplication, lockApplication } from '../db/applications.repository';
import { lockChefBookings } from '../db/bookings.repository';
import { lockJob } from '../db/jobs.repository';
import { jobIdOfOffer, lockOffer } from '../db/offers.repository';
import type { ApplicationRow, JobRow } from '../domain/records';
import type { OfferRow } from '../domain/offers';
import { JobsErrors } from '../domain/errors';

/**
 * Lock an application's job row, then the application, and re-read both: every write to an application
 * goes through here, so writers on one job queue behind each other and each sees the last one's result.
 *
 * The fixed lock order of a write: the job row, then the application row, then (when the chef takes a seat:
 * accepted, confirmed) the chef's bookings (`lockChefBookings`). After a chef's bookings nothing locks another
 * job or its applications (confirming closes the job's own other applications, behind the job's row lock
 * already held), so two writers never wait on each other in opposite orders.
 */
export async function lockApplicationAndJob(
  ctx: JobsContext,
  tx: Tx,
  applicationId: string,
): Promise<{ job: JobRow; app: ApplicationRow }> {
  const jobId = await jobIdOfApplication(ctx.database, applicationId, tx);
  const { job, row } = await lockJobThen(ctx, tx, jobId, JobsErrors.applicationNotFound, () =>
    lockApplication(ctx.database, tx, applicationId),
  );
  return { job, app: row };
}

/**
 * `lockApplicationAndJob` for one side of the application: its chef, or its job's restaurant. Anyone else's reads
 * as not found, as an unknown one does.
 */
export async function lockOwnApplication(
  ctx: JobsContext,
  tx: Tx,
  applicationId: string,
  side: 'chef' | 'restaurant',
  userId: string,
): Promise<{ job: JobRow; app: ApplicationRow }> {
  const locked = await lockApplicationAndJob(ctx, tx, applicationId);
  const owner = side === 'chef' ? locked.app.chef_id : locked.job.restaurant_id;
  if (owner !== userId) throw JobsErrors.applicationNotFound();
  return locked;
}

/**
 * The last lock of a write that gives a chef a seat (after `lockApplicationAndJob`): the chef's bookings, so
 * two such writes for one chef (two restaurants accepting them, the chef confirming two shifts) run one after
 * the other and the second sees the first's seat (issue 32: no double-booking).
 */
export async function lockChefTime(ctx: JobsContext, tx: Tx, chefId: string): Promise<void> {
  await lockChefBookings(ctx.database, tx, chefId);
}

/**
 * Lock a direct offer's job row, then the offer (issue 35), and re-read both: the job's lock comes first, as for
 * an application, so an offer's answer and any write to the job's applications queue behind each other (then
 * the chef's application and bookings, in the order above).
 */
export async function lockOfferAndJob(
  ctx: JobsContext,
  tx: Tx,
  offerId: string,
): Promise<{ job: JobRow; offer: OfferRow }> {
  const jobId = await jobIdOfOffer(ctx.database, tx, offerId);
  const { job, row } = await lockJobThen(ctx, tx, jobId, JobsErrors.offerNotFound, () =>
    lockOffer(ctx.database, tx, offerId),
  );
  return { job, offer: row };
}

/** The fixed order: the job's row first, then the row of it being written; either missing is `notFound`. */
async function lockJobThen<T>(
  ctx: JobsContext,
  tx: Tx,
  jobId: string | null,
  notFound: () => Error,
  lockRow: () => Promise<T | null>,
): Promise<{ job: JobRow; row: T }> {
  if (!jobId) throw notFound();
  const job = await lockJob(ctx.database, tx, jobId);
  const row = await lockRow();
  if (!job || !row) throw notFound();
  return { job, row };
}
