import { randomUUID } from 'node:crypto';
import { applicationState, canApplication, type Language, type offersHttp } from '@brigade/contracts';
import { appendEvent, inTransaction, isUniqueViolation, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findApplicationOf } from '../db/applications.repository';
import { isBlocked } from '../db/blocks.repository';
import { restaurantNameOf } from '../db/invitations.repository';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { hasPendingOffer, heldSeats, insertOffer, isSuspended, offerViews } from '../db/offers.repository';
import { findChef, payoutsEnabled } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';
import { offerExpiry } from '../domain/offers';
import { standbyMayTake } from '../domain/standby';
import { asOneSeat, freeSeats } from '../domain/seats';
import { expireEndedOffers } from './expire-offer';
import { ensureChefHoldsCredentials } from './ensure-chef-credentials';

/**
 * A restaurant offers one of its open shifts to a chef (profile id or user id, as `/favorites/chef/{id}` takes
 * it): its favorites or anyone found in Find Chefs. Refused, nothing written: another restaurant's shift or an
 * unknown one (404), a shift not paid and open (409 JOBS.JOB_NOT_OPEN) or started (409 JOBS.SHIFT_STARTED), no
 * free seat (409 JOBS.NO_FREE_SEAT), a chef kept apart by a block either way (404 JOBS.CHEF_NOT_FOUND, as an
 * unknown one, issue 37), a suspended chef (409 JOBS.CHEF_SUSPENDED), a chef who cannot be paid
 * (400 JOBS.CHEF_NEEDS_STRIPE), a second live offer to the chef for the shift (409 JOBS.OFFER_EXISTS), a chef
 * whose application to it is over (409 JOBS.APPLICATION_CLOSED), a chef without a verified, unexpired credential the
 * shift requires (403 JOBS.CREDENTIAL_REQUIRED, issue 39). The offer ends after OFFER_EXPIRES_AFTER or at
 * the start; `jobs.offer.made.v1` has notifications text the chef. Offers do not hold the seat: several chefs
 * may be offered the last one, and the first to accept it books it.
 */
export async function makeOffer(
  ctx: JobsContext,
  restaurantId: string,
  jobId: string,
  chefIdOrProfileId: string,
  language: Language = 'en',
): Promise<offersHttp.Offer> {
  const now = ctx.now();
  try {
    const offerId = await inTransaction(ctx, (tx) =>
      offerInTransaction(ctx, tx, restaurantId, jobId, chefIdOrProfileId, now, 'direct', language),
    );
    const [offer] = await offerViews(ctx.database, { offerId }, now);
    return offer;
  } catch (err) {
    // The partial unique index (one pending offer per chef and shift) is the last word in a race.
    if (isUniqueViolation(err)) throw JobsErrors.offerExists();
    throw err;
  }
}

/**
 * makeOffer's checks and writes in the caller's transaction (issue 35: a series' occurrence is offered first to
 * the chefs of its previous one inside the escrow's event). Throws the same refusals, before any write.
 * `kind: 'standby'` (issue 37): a reopened seat offered to the next chef on the shift's standby list
 * (offer-to-standby.ts), ending after STANDBY_OFFER_MINUTES (or at the start) instead of OFFER_EXPIRES_AFTER.
 */
export async function offerInTransaction(
  ctx: JobsContext,
  tx: Tx,
  restaurantId: string,
  jobId: string,
  chefIdOrProfileId: string,
  now: Date,
  kind: 'direct' | 'standby' = 'direct',
  /** the restaurant's language: a refusal in its words */
  language: Language = 'en',
): Promise<string> {
  const job = await lockJob(ctx.database, tx, jobId);
  if (!job || job.restaurant_id !== restaurantId) throw JobsErrors.jobNotFound();
  if (job.start_time.getTime() <= now.getTime()) throw JobsErrors.shiftStarted();
  if (job.status !== 'open' && job.status !== 'filled') throw JobsErrors.jobNotOpen();
  if (freeSeats(job, await heldSeats(ctx.database, tx, job.id)) === 0) throw JobsErrors.noFreeSeat();
  const chef = await findChef(ctx.database, chefIdOrProfileId, tx);
  // Issue 37: a chef kept apart by a block either way reads as unknown (nobody learns of the block).
  if (!chef || (await isBlocked(ctx.database, tx, restaurantId, chef.user_id)))
    throw JobsErrors.chefNotFound();
  if (await isSuspended(ctx.database, tx, chef.user_id)) throw JobsErrors.chefSuspended();
  if (!(await payoutsEnabled(ctx.database, tx, chef.user_id))) throw JobsErrors.chefNeedsStripe();
  // Issue 39: a chef without the shift's credentials could not take it: not offered (the standby and series
  // offers pass over them too).
  await ensureChefHoldsCredentials(ctx, tx, job, chef.user_id, { side: 'restaurant', language });
  await expireEndedOffers(ctx, tx, job, now);
  if (await hasPendingOffer(ctx.database, tx, job.id, chef.user_id)) throw JobsErrors.offerExists();
  const app = await findApplicationOf(ctx.database, tx, job.id, chef.user_id);
  // A standby offer may also go to a chef turned down only because the shift filled (domain/standby.ts).
  const mayTake =
    kind === 'standby'
      ? standbyMayTake(app)
      : !app || canApplication('take_offer', applicationState(app.status, app.worker_confirmed));
  if (!mayTake) throw JobsErrors.applicationClosed();
  const offer = {
    id: randomUUID(),
    job_id: job.id,
    restaurant_id: restaurantId,
    chef_id: chef.user_id,
    chef_profile_id: chef.profile_id,
    status: 'pending' as const,
    created_at: now,
    expires_at:
      kind === 'standby'
        ? offerExpiry({ offerExpiresAfterMs: ctx.policy.standbyOfferMs }, now, job.start_time)
        : offerExpiry(ctx.policy, now, job.start_time),
    answered_at: null,
    application_id: null,
    kind,
  };
  await insertOffer(ctx.database, tx, offer);
  await appendEvent(ctx.database, tx, 'jobs.offer.made.v1', {
    ...jobFacts(job),
    offer_id: offer.id,
    chef_id: chef.user_id,
    chef_profile_id: chef.profile_id,
    restaurant_name: (await restaurantNameOf(ctx.database, tx, restaurantId)) ?? '',
    // one seat's pay (issue 35: the job's subtotal is the whole posting's)
    chef_pay_cents: asOneSeat(job).subtotal_cents,
    expires_at: offer.expires_at.toISOString(),
    kind,
  });
  await touchScopes(ctx, tx, [`r:${restaurantId}`, `c:${chef.user_id}`]);
  return offer.id;
}
