import { bookNowMissing, isOwnerOnly, nextApplication } from '@brigade/contracts';
import { inTransaction, isUniqueViolation, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { heldSeats, isSuspended } from '../db/offers.repository';
import { findChef, payoutsEnabled } from '../db/read-models.repository';
import { bookNowRecordOf } from '../db/reliability.repository';
import { JobsErrors } from '../domain/errors';
import { FillErrors } from '../domain/fill';
import { freeSeats } from '../domain/seats';
import { bookSeat } from './book-seat';
import { ensureChefMaySee } from './ensure-chef-may-see';
import { ensureApplication } from './ensure-application';

/**
 * "Book now" (issue 37): a chef who meets the bar (contracts' `bookNowMissing` of their record: completed
 * shifts, no no-show and at most one late cancellation in the last 90 days, a good average rating) takes a seat
 * of an instant-book shift at once. In one transaction under the job's lock, as a chef accepting a direct offer
 * (accept-offer.ts): their application (created, or the pending one they had) is accepted and confirmed and the
 * seat booked through `bookSeat` (`jobs.application.confirmed.v1` with `booked_by: 'instant_book'`), so two
 * chefs booking the last seat at once leave one booked and the other told 409 (JOBS.JOB_NOT_OPEN once it
 * filled, JOBS.NO_FREE_SEAT while an acceptance holds it). Refused, nothing changed: a shift that is not the
 * chef's to see (404), started (409 JOBS.SHIFT_STARTED), not open (409 JOBS.JOB_NOT_OPEN), not instant-book (409
 * JOBS.INSTANT_BOOK_OFF), a chef without a profile (403) or suspended (409), below the bar (403
 * JOBS.BOOK_NOW_NOT_ALLOWED with `missing`), unable to be paid (400 JOBS.CHEF_NEEDS_STRIPE), already answered
 * (409 JOBS.ALREADY_APPLIED), booked elsewhere then (409 JOBS.OVERLAPPING_SHIFT). Returns the application's id.
 */
export async function bookNow(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
): Promise<string> {
  const now = ctx.now();
  try {
    return await inTransaction(ctx, async (tx) => {
      const job = await lockJob(ctx.database, tx, jobId);
      if (!job || isOwnerOnly(job.status)) throw JobsErrors.jobNotFound();
      // A block either way, or a roster-first window the chef is not in: an unknown shift to them.
      await ensureChefMaySee(ctx, tx, job, chef.id);
      if (job.start_time.getTime() <= now.getTime()) throw JobsErrors.shiftStarted();
      if (job.status !== 'open') throw JobsErrors.jobNotOpen();
      if (!job.instant_book) throw FillErrors.instantBookOff();
      const profile = await findChef(ctx.database, chef.id, tx);
      if (profile?.user_id !== chef.id) throw JobsErrors.profileRequired();
      if (await isSuspended(ctx.database, tx, chef.id)) throw JobsErrors.chefSuspended();
      const record = await bookNowRecordOf(ctx.database, chef.id, now, ctx.policy.reliabilityWindowDays, tx);
      const missing = bookNowMissing(ctx.policy, record);
      if (missing.length > 0) throw FillErrors.bookNowNotAllowed(ctx.policy, missing, chef.language);
      if (!(await payoutsEnabled(ctx.database, tx, chef.id))) throw JobsErrors.chefNeedsStripe();
      if (freeSeats(job, await heldSeats(ctx.database, tx, job.id, chef.id)) === 0)
        throw JobsErrors.noFreeSeat();
      const scopes = await scopesOfJob(ctx.database, tx, job);
      const app = await ensureApplication(ctx, tx, job.id, { id: chef.id, profileId: profile.profile_id });
      // The same step as taking a direct offer: pending (or accepted, awaiting the chef) to confirmed.
      const confirmed = nextApplication('take_offer', app);
      if (!confirmed) throw JobsErrors.alreadyApplied();
      await bookSeat(ctx, tx, job, app, confirmed, chef.language, 'instant_book');
      await touchScopes(ctx, tx, [...scopes, `c:${chef.id}`]);
      return app.id;
    });
  } catch (err) {
    // The unique (job_id, chef_id) index is the last word when two requests of one chef race.
    if (isUniqueViolation(err)) throw JobsErrors.alreadyApplied();
    throw err;
  }
}
