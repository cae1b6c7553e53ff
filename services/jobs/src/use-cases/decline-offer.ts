import type { offersHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import { offerViews } from '../db/offers.repository';
import { lockLiveOffer, recordOfferAnswer } from './answer-offer';
import { passStandbyOffer } from './offer-to-standby';

/**
 * The chef declines a direct offer: the restaurant reads it declined on its job page and may offer the shift to
 * someone else. An offer that is not the chef's is 404; one no longer live, 409 with what it reads now.
 * A declined standby offer (issue 37) passes at once to the next chef on the shift's standby list.
 */
export async function declineOffer(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id'>,
  offerId: string,
): Promise<offersHttp.Offer> {
  const now = ctx.now();
  await inTransaction(ctx, async (tx) => {
    const locked = await lockLiveOffer(ctx, tx, offerId, chef.id, now);
    await recordOfferAnswer(ctx, tx, locked, 'declined', null, now);
    if (locked.offer.kind === 'standby') await passStandbyOffer(ctx, tx, locked.job);
    await touchScopes(ctx, tx, [`r:${locked.job.restaurant_id}`, `c:${chef.id}`]);
  });
  const [answered] = await offerViews(ctx.database, { offerId }, now);
  return answered;
}
