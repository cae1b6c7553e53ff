import type { offersHttp } from '@brigade/contracts';
import { appendEvent, inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import { answerOffer, offerViews } from '../db/offers.repository';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';
import { notLive, offerStatusNow } from '../domain/offers';
import { lockOfferAndJob } from './load-for-update';

/**
 * The chef declines a direct offer: the restaurant reads it declined on its job page and may offer the shift to
 * someone else. An offer that is not the chef's is 404; one no longer live, 409 with what it reads now.
 */
export async function declineOffer(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id'>,
  offerId: string,
): Promise<offersHttp.Offer> {
  const now = ctx.now();
  await inTransaction(ctx, async (tx) => {
    const { job, offer } = await lockOfferAndJob(ctx, tx, offerId);
    if (offer.chef_id !== chef.id) throw JobsErrors.offerNotFound();
    const status = offerStatusNow(offer, job.status, now);
    if (status !== 'pending') throw notLive(status);
    await answerOffer(ctx.database, tx, offer.id, { status: 'declined', at: now, applicationId: null });
    await appendEvent(ctx.database, tx, 'jobs.offer.answered.v1', {
      ...jobFacts(job),
      offer_id: offer.id,
      chef_id: chef.id,
      answer: 'declined',
      application_id: null,
      answered_at: now.toISOString(),
    });
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${chef.id}`]);
  });
  const [answered] = await offerViews(ctx.database, { offerId }, now);
  return answered;
}
