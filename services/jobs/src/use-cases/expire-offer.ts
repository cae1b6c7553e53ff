import { appendEvent, inTransaction, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { claimOfferToExpire, endOffer, lockEndedOffers, lockOffer } from '../db/offers.repository';
import { jobFacts } from '../domain/facts';
import type { OfferRow } from '../domain/offers';
import type { JobRow } from '../domain/records';

/**
 * A direct offer nobody answered ended (issue 35): OFFER_EXPIRES_AFTER after it was made, or the shift's start if
 * sooner. The rules loop moves it: claimed past any other instance's (FOR UPDATE SKIP LOCKED of its job and of
 * itself), marked `expired` and `jobs.offer.expired.v1` written in one transaction, guarded by its status, so
 * the event goes out once whatever the number of instances or passes (notifications then texts the restaurant
 * that the chef did not answer in time). Readers never wait for it: `offerStatusNow` already reads an offer past
 * its end expired. One offer per transaction: returns false when none is due.
 * Issue 37: a standby offer that ended unanswered passes on in the same transaction (`passStandby`, the
 * rules loop's offer-to-standby.ts `passStandbyOffer`: the next chef in line, or everyone as urgent), so it
 * passes once whatever the number of instances.
 */
export async function expireNextOffer(
  ctx: JobsContext,
  passStandby?: (ctx: JobsContext, tx: Tx, job: JobRow) => Promise<void>,
): Promise<boolean> {
  const now = ctx.now();
  return inTransaction(ctx, async (tx) => {
    const claimed = await claimOfferToExpire(ctx.database, tx, now);
    if (!claimed) return false;
    const job = await lockJob(ctx.database, tx, claimed.job_id);
    const offer = await lockOffer(ctx.database, tx, claimed.id);
    if (!job || !offer) return false;
    if (!(await expireOffer(ctx, tx, job, offer))) return true;
    if (offer.kind === 'standby' && passStandby) await passStandby(ctx, tx, job);
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${offer.chef_id}`]);
    return true;
  });
}

/**
 * The job's pending offers past their end expire now, each with its event, under the job's row lock the caller
 * holds: before a write that reads or ends the job's live offers (a new offer, the last seat booked, the job
 * cancelled or expired), so an offer that had ended tells that it expired, never that it was taken or withdrawn.
 */
export async function expireEndedOffers(ctx: JobsContext, tx: Tx, job: JobRow, now: Date): Promise<void> {
  for (const offer of await lockEndedOffers(ctx.database, tx, job.id, now))
    await expireOffer(ctx, tx, job, offer);
}

/** One pending offer expires, with its event; false (nothing written) when it no longer waits for an answer. */
async function expireOffer(ctx: JobsContext, tx: Tx, job: JobRow, offer: OfferRow): Promise<boolean> {
  if (!(await endOffer(ctx.database, tx, offer.id, 'expired'))) return false;
  await appendEvent(ctx.database, tx, 'jobs.offer.expired.v1', {
    ...jobFacts(job),
    offer_id: offer.id,
    chef_id: offer.chef_id,
    expired_at: offer.expires_at.toISOString(),
  });
  return true;
}
