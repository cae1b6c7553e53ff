import { randomUUID } from 'node:crypto';
import { nextApplication, type offersHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findApplicationOf, insertApplication, lockApplication } from '../db/applications.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { heldSeats, offerViews } from '../db/offers.repository';
import { payoutsEnabled } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';
import { freeSeats } from '../domain/seats';
import { lockLiveOffer, recordOfferAnswer } from './answer-offer';
import { bookSeat } from './book-seat';

/**
 * The chef accepts a direct offer: in one transaction the offer is accepted, the chef's application (created
 * for it, or the pending one they had) is accepted and confirmed, and the seat is booked exactly as when a chef
 * confirms (`bookSeat`: the job filled, the others turned down, the same events), so messages, the time clock,
 * checkout and payout follow as for any confirmed chef. Refused: an offer that is not the chef's (404), one no
 * longer live (409: JOBS.OFFER_TAKEN when another chef booked the last seat first, JOBS.OFFER_EXPIRED,
 * JOBS.OFFER_WITHDRAWN, JOBS.OFFER_ANSWERED), no free seat (409 JOBS.NO_FREE_SEAT: an acceptance awaits another
 * chef's answer), the chef booked elsewhere then (409 JOBS.OVERLAPPING_SHIFT), or unable to be paid (400).
 */
export async function acceptOffer(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  offerId: string,
): Promise<offersHttp.Offer> {
  const now = ctx.now();
  await inTransaction(ctx, async (tx) => {
    const locked = await lockLiveOffer(ctx, tx, offerId, chef.id, now);
    const { job, offer } = locked;
    if (freeSeats(job, await heldSeats(ctx.database, tx, job.id, chef.id)) === 0)
      throw JobsErrors.noFreeSeat();
    if (!(await payoutsEnabled(ctx.database, tx, chef.id))) throw JobsErrors.chefNeedsStripe();
    const scopes = await scopesOfJob(ctx.database, tx, job);
    const had = await findApplicationOf(ctx.database, tx, job.id, chef.id);
    const appId = had?.id ?? randomUUID();
    if (!had)
      await insertApplication(tx, {
        id: appId,
        job_id: job.id,
        chef_id: chef.id,
        chef_profile_id: offer.chef_profile_id,
      });
    const app = await lockApplication(ctx.database, tx, appId);
    if (!app) throw JobsErrors.applicationNotFound();
    const confirmed = nextApplication('take_offer', app);
    if (!confirmed) throw JobsErrors.applicationClosed();
    const seatNo = await bookSeat(ctx, tx, job, app, confirmed, chef.language);
    await recordOfferAnswer(ctx, tx, locked, 'accepted', app.id, now, seatNo);
    await touchScopes(ctx, tx, [...scopes, `c:${chef.id}`]);
  });
  const [answered] = await offerViews(ctx.database, { offerId }, now);
  return answered;
}
