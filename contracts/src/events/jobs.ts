import { z } from 'zod';

const Id = z.string().uuid();
const Money = z.number().int().nonnegative();

/** What every application event carries, so consumers need no call back to the jobs service. */
const ApplicationFacts = z.object({
  application_id: Id,
  job_id: Id,
  job_title: z.string(),
  chef_id: Id,
  chef_profile_id: Id.nullable(),
  restaurant_id: Id,
  start_time: z.string(),
  end_time: z.string(),
});

const JobFacts = z.object({
  job_id: Id,
  restaurant_id: Id,
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate_cents: Money,
  emergency_level: z.enum(['normal', 'urgent']),
});

export const jobsEvents = {
  /** A job was created in pending_payment; payments takes the amounts from here, never from the client. */
  'jobs.job.posted.v1': JobFacts.extend({
    subtotal_cents: Money,
    fee_cents: Money,
    total_cents: Money,
    /** chef profile ids the restaurant asked to notify first */
    notify_favorites: z.array(Id),
  }),
  /** Escrow held: the job is visible to chefs. Notifications texts urgent shifts and favorites from here. */
  'jobs.job.opened.v1': JobFacts.extend({
    /** user ids of the favorite chefs to text first */
    notify_chef_ids: z.array(Id),
    reopened: z.boolean(),
  }),
  'jobs.job.payment_failed.v1': z.object({ job_id: Id, restaurant_id: Id, title: z.string() }),
  'jobs.job.cancelled.v1': JobFacts.extend({
    previous_status: z.string(),
    /** true when escrow had been paid and no chef worked the shift: payments refunds it */
    refund_due: z.boolean(),
    affected_chef_ids: z.array(Id),
  }),
  'jobs.application.submitted.v1': ApplicationFacts,
  'jobs.application.accepted.v1': ApplicationFacts,
  'jobs.application.rejected.v1': ApplicationFacts,
  'jobs.application.confirmed.v1': ApplicationFacts,
  'jobs.application.declined.v1': ApplicationFacts,
  'jobs.application.cancelled.v1': ApplicationFacts.extend({ was_accepted: z.boolean() }),
  /** One side checked out and rated the other. */
  'jobs.checkout.recorded.v1': ApplicationFacts.extend({
    side: z.enum(['chef', 'restaurant']),
    rating: z.number().int().min(1).max(5),
    work_completed: z.boolean(),
    feedback: z.string().nullable(),
    /** whom the rating is about */
    ratee_id: Id,
    ratee_type: z.enum(['chef', 'restaurant']),
  }),
  /** Both sides checked out: payments releases (both completed), refunds (both not) or holds (disputed). */
  'jobs.checkout.completed.v1': ApplicationFacts.extend({
    outcome: z.enum(['release', 'refund', 'disputed']),
    restaurant_work_completed: z.boolean(),
    chef_work_completed: z.boolean(),
    chef_rating: z.number().int().min(1).max(5),
    restaurant_rating: z.number().int().min(1).max(5),
    subtotal_cents: Money,
    fee_cents: Money,
    total_cents: Money,
  }),
} as const;
