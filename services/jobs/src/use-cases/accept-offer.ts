import { nextApplication, type offersHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { setApplicationState, setClosedAtFill } from '../db/applications.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { heldSeats, offerViews } from '../db/offers.repository';
import { payoutsEnabled } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';
import { freeSeats } from '../domain/seats';
import { standbyMayTake } from '../domain/standby';
import { lockLiveOffer, recordOfferAnswer } from './answer-offer';
import { bookSeat } from './book-seat';
import { ensureApplication } from './ensure-application';

/**
 * The chef accepts a direct offer (or, issue 37, a standby offer: the same, booked_by `standby`): in one transaction the offer is accepted, the chef's application (created
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
    let app = await ensureApplication(ctx, tx, job.id, { id: chef.id, profileId: offer.chef_profile_id });
    // Issue 37: a standby seat taken by a chef turned down when the shift filled takes their application up again.
    if (offer.kind === 'standby' && app.status === 'rejected' && standbyMayTake(app)) {
      await setApplicationState(tx, app.id, { status: 'pending', worker_confirmed: null });
      await setClosedAtFill(tx, app.id, false);
      app = { ...app, status: 'pending', worker_confirmed: null, closed_at_fill: false };
    }
    const confirmed = nextApplication('take_offer', app);
    if (!confirmed) throw JobsErrors.applicationClosed();
    const bookedBy = offer.kind === 'standby' ? 'standby' : 'offer';
    const seatNo = await bookSeat(ctx, tx, job, app, confirmed, chef.language, bookedBy);
    await recordOfferAnswer(ctx, tx, locked, 'accepted', app.id, now, seatNo);
    await touchScopes(ctx, tx, [...scopes, `c:${chef.id}`]);
  });
  const [answered] = await offerViews(ctx.database, { offerId }, now);
  return answered;
}
