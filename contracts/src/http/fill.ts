import { z } from 'zod';
import { LIMITS } from '../constants';
import { NumberLike, type RouteDoc } from '../common';
import { Application, Job } from './jobs-entities';
import { ApplicationResponse } from './jobs-responses';

// The fill engine's routes (issue 37): book now, boosts, standby, reconfirmation, blocks, the roster-first addition.

const RATE_TEXT = `Hourly rate must be between $${LIMITS.hourlyRateMin} and $${LIMITS.hourlyRateMax}`;
const BoostRate = NumberLike.pipe(
  z
    .number({ error: 'hourly_rate is required' })
    .min(LIMITS.hourlyRateMin, RATE_TEXT)
    .max(LIMITS.hourlyRateMax, RATE_TEXT)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'Hourly rate must be in whole cents',
    }),
);

/** `GET /jobs/{id}/boost-quote?hourly_rate=`: the new rate, dollars an hour. */
export const BoostQuoteQuery = z.object({ hourly_rate: BoostRate }).meta({ id: 'BoostQuoteQuery' });
/** `POST /jobs/{id}/boost` `{ hourly_rate }`. */
export const BoostRequest = z.object({ hourly_rate: BoostRate }).meta({ id: 'BoostRequest' });

/**
 * What a boost costs the restaurant: the difference of the whole posting's total (`charge_cents`, its booking
 * fee in `fee_cents`), charged to the card on file before the new rate shows; `new_total_cents` the posting's
 * total after it; `reason_text` says so in the caller's language.
 */
export const BoostQuote = z
  .object({
    charge_cents: z.number().int(),
    fee_cents: z.number().int(),
    new_total_cents: z.number().int(),
    reason_text: z.string(),
  })
  .meta({ id: 'BoostQuote' });
export type BoostQuote = z.infer<typeof BoostQuote>;
/** 202: the difference is being charged; the job shows the new rate once payments collected it. */
export const BoostResponse = z.object({ job: Job, quote: BoostQuote }).meta({ id: 'BoostResponse' });

/** `POST /jobs/{id}/book`: the chef's application, accepted and confirmed, with its seat. */
export const BookResponse = z.object({ application: Application }).meta({ id: 'BookResponse' });

/** `POST /jobs/{id}/standby` (and GET of the job): the chef's place on the list and how many wait. */
export const StandbyResponse = z
  .object({
    job_id: z.string().uuid(),
    /** 1 = offered first when a seat reopens; null after leaving */
    position: z.number().int().nullable(),
    standby_count: z.number().int(),
  })
  .meta({ id: 'StandbyResponse' });

/** One block: a chef a restaurant blocked, or a restaurant a chef hid. Only ever shown to the one who made it. */
export const Block = z
  .object({
    kind: z.enum(['chef', 'restaurant']),
    /** the blocked side's profile id (as `/blocks/chef/{id}` and `/blocks/restaurant/{id}` take it) */
    profile_id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof Block>;
export const BlocksResponse = z.object({ blocks: z.array(Block) }).meta({ id: 'BlocksResponse' });
export const BlockResponse = z.object({ block: Block }).meta({ id: 'BlockResponse' });

/**
 * `GET /jobs/offered-first`: the roster-first shifts offered to the signed-in chef (a favorite of their
 * restaurant) while their window lasts: the per-chef addition to the shared open list, which never carries them.
 */
export const OfferedFirstResponse = z.object({ jobs: z.array(Job) }).meta({ id: 'OfferedFirstResponse' });

export const fillRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/jobs/offered-first',
    summary:
      'The roster-first shifts offered to the signed-in chef while their window lasts (the shared open list never shows them)',
    auth: 'chef',
    response: OfferedFirstResponse,
    conditional: true,
  },
  {
    method: 'post',
    path: '/jobs/{id}/book',
    summary:
      'Book now: a chef who meets the bar takes a seat of an instant-book shift at once (403 JOBS.BOOK_NOW_NOT_ALLOWED names what is missing)',
    auth: 'chef',
    response: BookResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/jobs/{id}/boost-quote',
    summary:
      'What raising the hourly rate of an unfilled shift would charge the card on file, before boosting',
    auth: 'restaurant',
    query: BoostQuoteQuery,
    response: BoostQuote,
  },
  {
    method: 'post',
    path: '/jobs/{id}/boost',
    summary:
      'Boost an unfilled shift: the difference is charged to the card on file, then the new rate shows',
    auth: 'restaurant',
    body: BoostRequest,
    response: BoostResponse,
    status: 202,
  },
  {
    method: 'post',
    path: '/jobs/{id}/standby',
    summary: "Join the shift's standby list: offered a reopened seat in the order chefs joined",
    auth: 'chef',
    response: StandbyResponse,
    status: 201,
  },
  {
    method: 'delete',
    path: '/jobs/{id}/standby',
    summary: "Leave the shift's standby list",
    auth: 'chef',
    response: StandbyResponse,
  },
  {
    method: 'post',
    path: '/applications/{id}/reconfirm',
    summary:
      'The confirmed chef says they are still coming (due between RECONFIRM_OPENS and RECONFIRM_BY before the start)',
    auth: 'chef',
    response: ApplicationResponse,
  },
  {
    method: 'get',
    path: '/blocks',
    summary: "One's own blocks: the chefs a restaurant blocked, or the restaurants a chef hid",
    auth: 'user',
    response: BlocksResponse,
  },
  {
    method: 'post',
    path: '/blocks/chef/{id}',
    summary: "Block a chef (profile or user id): they no longer see the restaurant's shifts or reach it",
    auth: 'restaurant',
    response: BlockResponse,
    status: 201,
  },
  {
    method: 'delete',
    path: '/blocks/chef/{id}',
    summary: 'Unblock a chef',
    auth: 'restaurant',
  },
  {
    method: 'post',
    path: '/blocks/restaurant/{id}',
    summary: 'Hide a restaurant (profile or user id): its shifts no longer show and it cannot reach the chef',
    auth: 'chef',
    response: BlockResponse,
    status: 201,
  },
  {
    method: 'delete',
    path: '/blocks/restaurant/{id}',
    summary: 'Show a hidden restaurant again',
    auth: 'chef',
  },
];
