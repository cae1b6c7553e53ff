import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { endOffer, lockOffer, pendingOffersOfChef } from '../db/offers.repository';
import { jobFacts } from '../domain/facts';
import { offerStatusNow } from '../domain/offers';
import { expireEndedOffers } from './expire-offer';

/**
 * An operator suspended a chef (issue 35): every offer still waiting for their answer is withdrawn, in the
 * suspension's transaction, each under its job's row lock (the job first, then the offer), and
 * `jobs.offer.withdrawn.v1` (reason `chef_suspended`) has notifications tell each restaurant that the offer ended
 * because the chef cannot take shifts right now. An offer that had already ended is left to what it reads: past
 * its end it expires (with its event, `expireEndedOffers`); on a job no longer open it is closed quietly, as the
 * job's own events told. The same suspension twice finds nothing pending: nothing more is written.
 */
export async function withdrawChefOffers(ctx: JobsContext, tx: Tx, chefId: string): Promise<void> {
  const now = ctx.now();
  const restaurants = new Set<string>();
  for (const { id, job_id } of await pendingOffersOfChef(ctx.database, tx, chefId)) {
    const job = await lockJob(ctx.database, tx, job_id);
    const offer = await lockOffer(ctx.database, tx, id);
    if (!job || !offer || offer.chef_id !== chefId || offer.status !== 'pending') continue;
    const reads = offerStatusNow(offer, job.status, now);
    if (reads === 'expired') await expireEndedOffers(ctx, tx, job, now);
    else if (reads === 'taken' || reads === 'withdrawn') await endOffer(ctx.database, tx, offer.id, reads);
    else if (await endOffer(ctx.database, tx, offer.id, 'withdrawn'))
      await appendEvent(ctx.database, tx, 'jobs.offer.withdrawn.v1', {
        ...jobFacts(job),
        offer_id: offer.id,
        chef_id: chefId,
        reason: 'chef_suspended',
        withdrawn_at: now.toISOString(),
      });
    restaurants.add(job.restaurant_id);
  }
  if (restaurants.size > 0)
    await touchScopes(ctx, tx, [`c:${chefId}`, ...[...restaurants].map((r) => `r:${r}`)]);
}
