import { z } from 'zod';

// Issue 35 (ADR 0031): what the edit events carry. Payments recomputes every figure with `editMoney`
// (contracts/src/job-edits.ts) from its own record of the posting and refuses an event whose `before` is not
// that record; the figures here are what jobs computed, for the texts and the console.

const Id = z.string().uuid();

/** A posting's shape: what decides its price (times, rate, break) and its seats. */
export const EventPostingShape = z.object({
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate_cents: z.number().int().nonnegative(),
  break_minutes: z.number().int().min(0).max(120),
  headcount: z.number().int().min(1).max(20),
});
export type EventPostingShape = z.infer<typeof EventPostingShape>;

/** A booked chef asked to accept the new times or pay (or leave with no record) by `answers_due_by`. */
export const EventChefToAnswer = z.object({
  application_id: Id,
  chef_id: Id,
  seat_no: z.number().int().min(1).max(20),
});

/** Facts every edit event carries. */
export const EditFacts = z.object({
  job_id: Id,
  edit_id: Id,
  restaurant_id: Id,
  title: z.string(),
  before: EventPostingShape,
  after: EventPostingShape,
});
