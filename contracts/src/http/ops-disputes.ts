import { z } from 'zod';
import { DisputeResolution, DisputeStatement, Job } from './jobs';
import { ChefReliability, RestaurantReliability } from './reliability';
import { Timesheet } from './timesheets';
import { Cents, Id, SeatNo, SeatNoBody } from './ops-fields';

// ---------- disputes (jobs) ----------

/** One side's checkout answer, as the operator weighs it. */
export const CheckoutAnswer = z
  .object({
    work_completed: z.boolean(),
    /** the rating this side gave the other (1-5); null when it said the shift was not worked */
    rating: z.number().int().nullable(),
    feedback: z.string().nullable(),
    answered_at: z.string(),
  })
  .meta({ id: 'CheckoutAnswer' });

/**
 * One side of a dispute: who, and how much it wrote (issue 33): the count of its statements and the latest one,
 * so the queue never carries every statement.
 */
const Party = z.object({
  user_id: Id,
  name: z.string().nullable(),
  statements_count: z.number().int().nonnegative(),
  latest_statement: DisputeStatement.nullable(),
});

/** One side's version of a timesheet's hours (issue 34): the chef's as submitted, the restaurant's adjustment. */
const TimesheetSide = z.object({
  clock_in_at: z.string().nullable(),
  clock_out_at: z.string().nullable(),
  break_minutes: z.number().int().nonnegative(),
  worked_minutes: z.number().int().nonnegative(),
  chef_pay_cents: Cents,
});

/**
 * The operator's case file of a dispute (GET /ops/disputes/{jobId}). Its statements come a page at a time,
 * oldest first (`?after=<statements_next>&limit=`); `job` carries no `dispute` (its facts are here).
 */
export const OpsDispute = z
  .object({
    job: Job,
    opened_at: z.string(),
    /** open longer than DISPUTE_REMINDER_AFTER (72h): operators were reminded */
    overdue: z.boolean(),
    chef: Party.extend({ reliability: ChefReliability }),
    restaurant: Party.extend({ reliability: RestaurantReliability }),
    checkouts: z.object({ chef: CheckoutAnswer.nullable(), restaurant: CheckoutAnswer.nullable() }),
    /** one page of the statements, both sides, oldest first */
    statements: z.array(DisputeStatement),
    /** the `after` of the next page; null on the last one */
    statements_next: Id.nullable(),
    /** how many messages the two sides exchanged about the job */
    thread_size: z.number().int().nonnegative(),
    resolution: DisputeResolution.extend({ operator_id: Id }).nullable(),
    /** Issue 34: `work` (the checkout answers disagree) or `hours` (a timesheet's adjustment or no-show) */
    kind: z.enum(['work', 'hours']).optional(),
    /**
     * Issue 35: the disputed seat (a dispute is a seat's; a posting of several may have one per seat). `chef`,
     * `checkouts`, the statements and `job.money` are this seat's.
     */
    seat_no: z.number().int().min(1).optional(),
    /**
     * Issue 34, an hours dispute only: what is disputed, the chef's timesheet as submitted and the
     * restaurant's adjustment (null for a no-show), the timesheet with its clock events (locations and
     * distances from the pin), and the operator's bounds (worked minutes 0 to max, or the chef's pay).
     */
    hours: z
      .object({
        about: z.enum(['adjustment', 'no_show']),
        chef: TimesheetSide.nullable(),
        restaurant: TimesheetSide.nullable(),
        timesheet: Timesheet,
        max_worked_minutes: z.number().int().nonnegative(),
        max_chef_pay_cents: z.number().int().nonnegative(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'OpsDispute' });
export type OpsDispute = z.infer<typeof OpsDispute>;

/** A dispute in the queue: the case file without its statements (each side's count and latest are kept). */
export const OpsDisputeSummary = OpsDispute.omit({ statements: true, statements_next: true }).meta({
  id: 'OpsDisputeSummary',
});
export type OpsDisputeSummary = z.infer<typeof OpsDisputeSummary>;

/** The default size of a page of statements on the case file. */
export const STATEMENTS_PAGE = 10;

/** GET /ops/disputes/{jobId}: which page of the statements (after the one `statements_next` named). */
export const DisputeQuery = z.object({
  after: z.string().uuid('after is the statements_next of the previous page').optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  /** Issue 35: the disputed seat (absent: the dispute that stands for the job, its oldest undecided) */
  seat_no: SeatNo.optional(),
});
export type DisputeQuery = z.infer<typeof DisputeQuery>;

/** One row per disputed seat (issue 35): a job with two disputed seats is two rows, each with its seat_no. */
export const DisputesResponse = z.object({ disputes: z.array(OpsDisputeSummary) });
export const DisputeResponse = z.object({ dispute: OpsDispute });

export const ResolveDisputeRequest = z.object({
  chef_pay_cents: z
    .number({ error: 'chef_pay_cents must be a whole number of cents' })
    .int('chef_pay_cents must be a whole number of cents')
    .min(0, 'chef_pay_cents cannot be negative'),
  note: z
    .string({ error: 'Please explain the decision in a note' })
    .trim()
    .min(1, 'Please explain the decision in a note')
    .max(2000, 'Notes can be at most 2000 characters'),
  /**
   * Issue 35: the seat decided. Absent: the job's only undecided dispute; with two or more undecided, 409
   * JOBS.SEAT_REQUIRED naming them (`disputed_seats`).
   */
  seat_no: SeatNoBody.optional(),
});
export type ResolveDisputeRequest = z.infer<typeof ResolveDisputeRequest>;
