import { z } from 'zod';
import { EventSeatNo } from './seats';

// The facts the jobs service's events share, so consumers need no call back to the jobs service.
export const Id = z.string().uuid();
export const Money = z.number().int().nonnegative();

/** What every application event carries, so consumers need no call back to the jobs service. */
export const ApplicationFacts = z.object({
  application_id: Id,
  job_id: Id,
  job_title: z.string(),
  chef_id: Id,
  chef_profile_id: Id.nullable(),
  restaurant_id: Id,
  start_time: z.string(),
  end_time: z.string(),
});

/** Issue 35: an application event about one seat names it (absent: seat 1, as every job had one seat before). */
export const SeatApplicationFacts = ApplicationFacts.extend({ seat_no: EventSeatNo });

/**
 * A timesheet's hours and the money they come to (contracts/src/timesheet-pay.ts): what jobs computed; payments
 * recomputes every figure from its own records before anything moves.
 */
export const TimesheetFigures = z.object({
  clock_in_at: z.string().nullable(),
  clock_out_at: z.string().nullable(),
  break_minutes: z.number().int().min(0).max(120),
  worked_minutes: z.number().int().nonnegative(),
  hourly_rate_cents: Money,
  chef_pay_cents: Money,
  fee_cents: Money,
  total_cents: Money,
  extra_charge_cents: Money,
  refund_cents: Money,
});

export const JobFacts = z.object({
  job_id: Id,
  restaurant_id: Id,
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate_cents: Money,
  emergency_level: z.enum(['normal', 'urgent']),
});

/**
 * Issue 37: one chef to text about a shift and why ("favorite", "standby", or "within 6 mi and available
 * Fridays": `nearby` with the miles and the weekday). Jobs chooses; notifications texts, as preferences allow.
 */
export const EventAlert = z.object({
  chef_id: Id,
  reason: z.enum(['favorite', 'standby', 'nearby']),
  miles: z.number().nonnegative().nullable(),
  weekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']).nullable(),
});
export type EventAlert = z.infer<typeof EventAlert>;
