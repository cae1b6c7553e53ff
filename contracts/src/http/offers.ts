import { z } from 'zod';
import { IsoDateTime, type RouteDoc } from '../common';

// Direct offers (issue 35): a restaurant offers one of its open shifts to a chef it knows (its favorites, or
// anyone found in Find Chefs); the chef accepts (the seat is theirs at once, confirmed) or declines. Offers are
// limited to the job's free seats; an offer ends after OFFER_EXPIRES_AFTER (policy, default 2h) or at the
// shift's start, whichever comes first. Answered by jobs.

/**
 * What an offer reads now: `pending` until answered or ended; `accepted` (the chef holds the seat); `declined`;
 * `expired` (OFFER_EXPIRES_AFTER or the start passed); `taken` (the last free seat went to another chef first);
 * `withdrawn` (the shift was cancelled or is no longer open, or Brigade withdrew it: the chef was suspended).
 */
export const OfferStatus = z.enum(['pending', 'accepted', 'declined', 'expired', 'taken', 'withdrawn']);
export type OfferStatus = z.infer<typeof OfferStatus>;

/** `chef_id` is the chef's id as in `/favorites/chef/{id}`: their profile id or their user id. */
export const MakeOfferRequest = z
  .object({ chef_id: z.string({ error: 'chef_id is required' }).uuid('chef_id must be a chef id') })
  .meta({ id: 'MakeOfferRequest' });
export type MakeOfferRequest = z.infer<typeof MakeOfferRequest>;

/** The offered shift's facts and what the chef earns (the server's own figures: the escrow's shift pay). */
export const OfferShift = z.object({
  title: z.string(),
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  /** Dollars an hour. */
  hourly_rate: z.number(),
  break_minutes: z.number().int().min(0),
  /** Paid hours: the scheduled time less the unpaid break. */
  hours: z.number(),
  /** What the chef is paid for the shift (the escrow holds it, plus the restaurant's booking fee). */
  chef_pay_cents: z.number().int().nonnegative(),
  restaurant_name: z.string().nullable(),
  city: z.string().nullable(),
});

export const Offer = z
  .object({
    id: z.string().uuid(),
    job_id: z.string().uuid(),
    restaurant_id: z.string().uuid(),
    chef_id: z.string().uuid(),
    chef_profile_id: z.string().uuid(),
    chef_name: z.string().nullable(),
    status: OfferStatus,
    created_at: IsoDateTime,
    /** When a pending offer ends: OFFER_EXPIRES_AFTER after it was made, or the shift's start if sooner. */
    expires_at: IsoDateTime,
    answered_at: IsoDateTime.nullable(),
    /** The chef's application once accepted (confirmed): messages, the time clock and checkout go by it. */
    application_id: z.string().uuid().nullable(),
    shift: OfferShift,
    /**
     * Issue 37: `direct` (the restaurant offered it) or `standby` (a reopened seat offered to the chef next on
     * the shift's standby list, for STANDBY_OFFER_MINUTES). Both are accepted with `POST /offers/{id}/accept`.
     */
    kind: z.enum(['direct', 'standby']).optional(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof Offer>;

export const OfferResponse = z.object({ offer: Offer });
export type OfferResponse = z.infer<typeof OfferResponse>;
export const OffersResponse = z.object({ offers: z.array(Offer) });
export type OffersResponse = z.infer<typeof OffersResponse>;

/** The direct offer routes (paths under /api), for the OpenAPI document. */
export const offerRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/jobs/{id}/offers',
    summary:
      'Offer an open shift to a chef (profile id or user id): the chef is texted; limited to the free seats, one live offer per chef',
    auth: 'restaurant',
    body: MakeOfferRequest,
    response: OfferResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/jobs/{id}/offers',
    summary: "The shift's offers and what each reads now (the owner only)",
    auth: 'restaurant',
    response: OffersResponse,
  },
  {
    method: 'get',
    path: '/offers',
    summary: "The chef's offers for shifts not yet over, newest first; an ended offer never reads pending",
    auth: 'chef',
    response: OffersResponse,
  },
  {
    method: 'post',
    path: '/offers/{id}/accept',
    summary: 'Accept an offer: the seat is the chef’s at once (an application accepted and confirmed)',
    auth: 'chef',
    response: OfferResponse,
  },
  {
    method: 'post',
    path: '/offers/{id}/decline',
    summary: 'Decline an offer',
    auth: 'chef',
    response: OfferResponse,
  },
];
