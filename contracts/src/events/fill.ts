import { z } from 'zod';
import { EventAlert, Id, JobFacts, Money, SeatApplicationFacts } from './jobs-facts';

/** The fill engine's events (issue 37): each new transition of a shift's filling, published by jobs. */
export const fillEvents = {
  /**
   * A roster-first window ended (the rules loop, once per job): the shift is now open to every chef in range,
   * and `alerts` are the chefs to text now (the favorites were texted when it opened).
   */
  'jobs.job.roster_window_ended.v1': JobFacts.extend({
    roster_first_until: z.string(),
    alerts: z.array(EventAlert),
  }),
  /**
   * The restaurant boosted an unfilled shift and payments collected the difference: the new rate shows (with
   * "boosted"), every chef booked on it is paid the new rate, and `alerts` are the chefs to text, once.
   */
  'jobs.job.boosted.v1': JobFacts.extend({
    edit_id: Id,
    boosted_from_rate_cents: Money,
    previous_rate_cents: Money,
    /** one seat's pay at the new rate */
    chef_pay_cents: Money,
    alerts: z.array(EventAlert),
  }),
  /** A confirmed chef is asked to reconfirm (RECONFIRM_OPENS before the start), by `reconfirm_by`. */
  'jobs.reconfirmation.requested.v1': SeatApplicationFacts.extend({
    reconfirm_by: z.string(),
  }),
  /** The chef reconfirmed: the restaurant may count on them. */
  'jobs.reconfirmation.received.v1': SeatApplicationFacts.extend({
    reconfirmed_at: z.string(),
  }),
  /** A chef joined a shift's standby list (position 1 is offered a reopened seat first). */
  'jobs.standby.joined.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    position: z.number().int().positive(),
    joined_at: z.string(),
  }),
  /** A chef left a standby list (themselves, or because they were booked, blocked or the shift closed). */
  'jobs.standby.left.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    reason: z.enum(['left', 'booked', 'blocked', 'closed']),
  }),
  /**
   * One side blocked the other: `restaurant` blocked a chef, or `chef` hid a restaurant. Nobody is told; the
   * chef's pending applications to the restaurant's shifts are withdrawn (jobs.application.cancelled.v1,
   * reason `blocked`).
   */
  'jobs.block.added.v1': z.object({
    by: z.enum(['restaurant', 'chef']),
    restaurant_id: Id,
    chef_id: Id,
    created_at: z.string(),
  }),
  'jobs.block.removed.v1': z.object({
    by: z.enum(['restaurant', 'chef']),
    restaurant_id: Id,
    chef_id: Id,
  }),
} as const;
