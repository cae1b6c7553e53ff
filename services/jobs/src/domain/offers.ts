import type { offersHttp, Policy } from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import type { JobRow } from './records';
import { JobsErrors } from './errors';

type OfferStatus = offersHttp.OfferStatus;

/** An offer as stored (jobs.offers). */
export interface OfferRow {
  id: string;
  job_id: string;
  restaurant_id: string;
  chef_id: string;
  chef_profile_id: string;
  status: OfferStatus;
  created_at: Date;
  expires_at: Date;
  answered_at: Date | null;
  application_id: string | null;
  /** Issue 37: `standby`, a reopened seat offered to the next chef on the shift's standby list; else direct. */
  kind?: 'direct' | 'standby';
}

/** When an offer made now ends: OFFER_EXPIRES_AFTER from now, or the shift's start if that comes first. */
export function offerExpiry(policy: Pick<Policy, 'offerExpiresAfterMs'>, now: Date, startTime: Date): Date {
  return new Date(Math.min(now.getTime() + policy.offerExpiresAfterMs, startTime.getTime()));
}

/**
 * What an offer reads now. A stored answer stands; a pending one past its end reads expired, on a filled job
 * taken, on a job no longer open (cancelled, expired) withdrawn. Every reader goes through here, so an ended
 * offer never reads pending in the moment before the rules loop moves it (expire-offer.ts: `expired`, with its
 * event) or the job's own change closes it (close-job-offers.ts: taken, withdrawn).
 */
export function offerStatusNow(
  offer: Pick<OfferRow, 'status' | 'expires_at'>,
  jobStatus: JobRow['status'],
  now: Date,
): OfferStatus {
  if (offer.status !== 'pending') return offer.status;
  if (offer.expires_at.getTime() <= now.getTime()) return 'expired';
  if (jobStatus === 'filled') return 'taken';
  if (jobStatus !== 'open') return 'withdrawn';
  return 'pending';
}

/** The refusal of an answer to an offer that no longer waits for one (409 with its code). */
export function notLive(status: Exclude<OfferStatus, 'pending'>): AppError {
  if (status === 'taken') return JobsErrors.offerTaken();
  if (status === 'expired') return JobsErrors.offerExpired();
  if (status === 'withdrawn') return JobsErrors.offerWithdrawn();
  return JobsErrors.offerAnswered();
}
