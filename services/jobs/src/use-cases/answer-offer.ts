import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { answerOffer } from '../db/offers.repository';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';
import { notLive, offerStatusNow, type OfferRow } from '../domain/offers';
import type { JobRow } from '../domain/records';
import { lockOfferAndJob } from './load-for-update';

/**
 * The two ends of a chef's answer to a direct offer (accept-offer.ts, decline-offer.ts). First the chef's own
 * offer, still waiting for an answer, locked with its job (`lockOfferAndJob`): another chef's is 404, an ended
 * one 409 with what it reads now.
 */
export async function lockLiveOffer(
  ctx: JobsContext,
  tx: Tx,
  offerId: string,
  chefId: string,
  now: Date,
): Promise<{ job: JobRow; offer: OfferRow }> {
  const locked = await lockOfferAndJob(ctx, tx, offerId);
  if (locked.offer.chef_id !== chefId) throw JobsErrors.offerNotFound();
  const status = offerStatusNow(locked.offer, locked.job.status, now);
  if (status !== 'pending') throw notLive(status);
  return locked;
}

/**
 * Then the answer stored on the offer and published (`jobs.offer.answered.v1`, with the seat an acceptance
 * booked), in the same transaction.
 */
export async function recordOfferAnswer(
  ctx: JobsContext,
  tx: Tx,
  { job, offer }: { job: JobRow; offer: OfferRow },
  answer: 'accepted' | 'declined',
  applicationId: string | null,
  now: Date,
  seatNo: number | null = null,
): Promise<void> {
  await answerOffer(ctx.database, tx, offer.id, { status: answer, at: now, applicationId });
  await appendEvent(ctx.database, tx, 'jobs.offer.answered.v1', {
    ...jobFacts(job),
    offer_id: offer.id,
    chef_id: offer.chef_id,
    answer,
    application_id: applicationId,
    answered_at: now.toISOString(),
    seat_no: seatNo,
  });
}
