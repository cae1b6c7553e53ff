import { z } from 'zod';
import type { RouteDoc } from '../common';
import { AccountType, Language, SigninRequest } from './identity';
import { DisputeResolution, DisputeStatement, Job } from './jobs';
import { BalancesResponse } from './payments';
import { ChefReliability, RestaurantReliability } from './reliability';
import { ResolveHoursDisputeRequest, Timesheet } from './timesheets';

/**
 * The operator console's API (issue 17): every path under /api/ops is for operators only (403 for chefs and
 * restaurants). Each service answers for its own records; the gateway merges the answers of the routes every
 * service holds a part of (timeline, audit, dead letters), so no service reads another's tables (ADR 11).
 */

const Id = z.string().uuid();
const Cents = z.number().int();
/** A seat of a posting (issue 35): 1 to its headcount. */
const SeatNo = z.coerce
  .number({ error: 'seat_no is a seat number from 1 to 20' })
  .int('seat_no is a seat number from 1 to 20')
  .min(1, 'seat_no is a seat number from 1 to 20')
  .max(20, 'seat_no is a seat number from 1 to 20');
/** A seat named in a JSON body. */
const SeatNoBody = z
  .number({ error: 'seat_no is a seat number from 1 to 20' })
  .int('seat_no is a seat number from 1 to 20')
  .min(1, 'seat_no is a seat number from 1 to 20')
  .max(20, 'seat_no is a seat number from 1 to 20');

/**
 * On the routes the gateway merges from every service (timeline, audit, dead letters): the services that did
 * not answer, whose part is missing (absent when all answered).
 */
const Unavailable = z.array(z.string()).optional();

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

// ---------- the job's thread and money (messaging, payments) ----------

export const OpsMessage = z
  .object({
    id: Id,
    sender_id: Id,
    sender_type: z.enum(['chef', 'restaurant']),
    text: z.string(),
    language: Language.nullable(),
    translated_text: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OpsMessage' });
export const OpsMessagesResponse = z.object({ messages: z.array(OpsMessage) });

export const LedgerLine = z
  .object({
    kind: z.string(),
    amount_cents: Cents,
    provider_id: z.string().nullable(),
    at: z.string(),
    /** Issue 35: the seat it moved for (0: the posting's own charge) */
    seat_no: z.number().int().min(0).optional(),
  })
  .meta({ id: 'LedgerLine' });
const LedgerDecision = z.object({
  kind: z.string(),
  reason: z.string(),
  chef_pay_cents: Cents,
  fee_cents: Cents,
  refund_cents: Cents,
  decided_at: z.string(),
});

/** Issue 35: one seat of the job's money: its payment status, chef, decision and its own movements. */
export const LedgerSeat = z
  .object({
    seat_no: z.number().int().min(1),
    payment_status: z.string().nullable(),
    chef_id: Id.nullable(),
    decision: LedgerDecision.nullable(),
    /** the movements booked at this seat (the posting's own charge is at seat 0, in `entries` only) */
    entries: z.array(LedgerLine),
  })
  .meta({ id: 'LedgerSeat' });

export const OpsLedgerResponse = z.object({
  job_id: Id,
  payment_status: z.string().nullable(),
  entries: z.array(LedgerLine),
  totals: z.object({
    charged_cents: Cents,
    transferred_cents: Cents,
    fee_cents: Cents,
    refunded_cents: Cents,
  }),
  /** the decision that moves (or moved) seat 1's escrow (a job of one seat: the job's), with its figures */
  decision: LedgerDecision.nullable(),
  /** Issue 35: every seat of the job, by number, each with its status, chef, decision and movements */
  seats: z.array(LedgerSeat).optional(),
});

// ---------- timeline and audit (every service, merged by the gateway) ----------

export const TimelineActor = z.object({
  type: z.enum(['chef', 'restaurant', 'system', 'operator']),
  id: Id.nullable(),
});

export const TimelineEntry = z
  .object({
    at: z.string(),
    service: z.enum(['identity', 'jobs', 'payments', 'messaging', 'notifications']),
    /** state: the job or an application changed; money: escrow moved; sms: a text; operator: an audited action */
    kind: z.enum(['state', 'money', 'sms', 'message', 'operator']),
    /** the event type (jobs.job.opened.v1) or the action (dispute.resolve) */
    type: z.string(),
    actor: TimelineActor,
    summary: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof TimelineEntry>;
export const TimelineResponse = z.object({
  job_id: Id,
  entries: z.array(TimelineEntry),
  unavailable: Unavailable,
});

export const AuditEntry = z
  .object({
    id: Id,
    at: z.string(),
    service: z.string(),
    operator_id: Id,
    operator_email: z.string(),
    /** dispute.resolve, user.suspend, user.reinstate, dead_letters.redrive */
    action: z.string(),
    subject_type: z.enum(['job', 'user', 'queue']),
    subject_id: z.string(),
    job_id: Id.nullable(),
    reason: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditQuery = z.object({
  job_id: Id.optional(),
  subject_id: z
    .string()
    .max(200)
    .regex(/^[\w.@:+-]+$/, 'subject_id is an id, an email or a queue name')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const AuditResponse = z.object({ entries: z.array(AuditEntry), unavailable: Unavailable });

// ---------- users (identity) ----------

export const Suspension = z.object({
  reason: z.string(),
  suspended_at: z.string(),
  operator_id: Id,
});
export const OpsUser = z
  .object({
    id: Id,
    email: z.string(),
    phone: z.string(),
    phone_verified: z.boolean(),
    user_type: AccountType,
    language_preference: Language,
    name: z.string().nullable(),
    created_at: z.string(),
    suspension: Suspension.nullable(),
  })
  .meta({ id: 'OpsUser' });
export type OpsUser = z.infer<typeof OpsUser>;
export const UsersQuery = z.object({
  q: z.string().trim().min(1, 'Search by email or phone').max(200),
});
export const UsersResponse = z.object({ users: z.array(OpsUser) });
export const UserDetailResponse = z.object({
  user: OpsUser,
  /** the chef's or restaurant's profile as the marketplace shows it (null: not set up yet) */
  profile: z.record(z.string(), z.unknown()).nullable(),
  reliability: z.union([ChefReliability, RestaurantReliability]).nullable(),
});
export const SuspendRequest = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(1000, 'Reasons can be at most 1000 characters'),
});
export const ReinstateRequest = z.object({
  reason: z.string().trim().max(1000, 'Reasons can be at most 1000 characters').optional(),
});
export const OpsUserResponse = z.object({ user: OpsUser });

// ---------- operators (identity, issue 33): admins only ----------

export const OpsOperator = z
  .object({
    id: Id,
    email: z.string(),
    /** manages the other operators */
    admin: z.boolean(),
    created_at: z.string(),
    suspension: Suspension.nullable(),
    /** still on a one-time password: signs in nowhere until it is changed */
    password_change_required: z.boolean(),
    /** two-step sign-in confirmed */
    totp_enrolled: z.boolean(),
  })
  .meta({ id: 'OpsOperator' });
export type OpsOperator = z.infer<typeof OpsOperator>;
export const OperatorsResponse = z.object({ operators: z.array(OpsOperator) });
export const AddOperatorRequest = z.object({
  email: SigninRequest.shape.email,
  admin: z.boolean({ error: 'admin is true or false' }).optional(),
});
export type AddOperatorRequest = z.infer<typeof AddOperatorRequest>;
/** The new operator and their one-time password: shown once, to be changed at their first sign-in. */
export const AddOperatorResponse = z.object({ operator: OpsOperator, one_time_password: z.string() });
export const OpsOperatorResponse = z.object({ operator: OpsOperator });

// ---------- dead letters (every service: each lists and redrives its own queues) ----------

export const DeadLetterMessage = z.object({
  event_id: z.string().nullable(),
  type: z.string().nullable(),
  /** the job or user the event is about */
  subject: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
});
export const DeadLetterQueue = z
  .object({
    service: z.string(),
    queue: z.string(),
    count: z.number().int().nonnegative(),
    latest: z.array(DeadLetterMessage),
  })
  .meta({ id: 'DeadLetterQueue' });
export const DeadLettersResponse = z.object({ queues: z.array(DeadLetterQueue), unavailable: Unavailable });
export const RedriveRequest = z.object({
  queue: z
    .string({ error: 'Say which queue to redrive' })
    .regex(/^[a-z]+\.[a-z0-9-]+$/, 'Say which queue to redrive, like jobs.escrow-held')
    .max(200, 'Say which queue to redrive, like jobs.escrow-held'),
});
export const RedriveResponse = z.object({ queue: z.string(), redriven: z.number().int().nonnegative() });

// ---------- anomalies (payments) ----------

export const OpsAnomaly = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.string(),
    job_id: Id.nullable(),
    summary: z.string(),
    detail: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpsAnomaly' });
export const StuckMoney = z
  .object({
    job_id: Id,
    payment_status: z.string(),
    held_cents: Cents,
    rule: z.string(),
    deadline: z.string().nullable(),
    overdue_by_ms: z.number().int(),
  })
  .meta({ id: 'StuckMoney' });
export const AnomaliesResponse = z.object({ anomalies: z.array(OpsAnomaly), stuck: z.array(StuckMoney) });

const JobIdParam = '{jobId}';

/** The ops routes, with the service that answers each (`all`: every service answers its part, merged). */
export const opsRoutes: Array<RouteDoc & { service: string }> = [
  {
    method: 'get',
    path: '/ops/disputes',
    summary:
      "Open disputes, oldest first, one row per disputed seat, with both sides' facts and each side's statement count and latest",
    auth: 'operator',
    response: DisputesResponse,
    service: 'jobs',
  },
  {
    method: 'get',
    path: `/ops/disputes/${JobIdParam}`,
    summary:
      "One dispute (open or decided), its statements a page at a time; `?seat_no=` names a posting's disputed seat",
    auth: 'operator',
    query: DisputeQuery,
    response: DisputeResponse,
    service: 'jobs',
  },
  {
    method: 'post',
    path: `/ops/disputes/${JobIdParam}/resolve`,
    summary:
      "Decide a seat's dispute: the chef is paid chef_pay_cents (0 to the seat's pay), 7% of it kept, the rest refunded; an hours dispute takes worked_minutes (issue 34); seat_no names the seat (409 JOBS.SEAT_REQUIRED when two or more are undecided and none is named)",
    auth: 'operator',
    body: z.union([ResolveDisputeRequest, ResolveHoursDisputeRequest]),
    response: DisputeResponse,
    service: 'jobs',
  },
  {
    method: 'get',
    path: `/ops/jobs/${JobIdParam}/timeline`,
    summary: "The job's timeline: state changes, money, texts and operator actions from every service",
    auth: 'operator',
    response: TimelineResponse,
    service: 'all',
  },
  {
    method: 'get',
    path: `/ops/jobs/${JobIdParam}/messages`,
    summary: "The job's message threads, originals and translations",
    auth: 'operator',
    response: OpsMessagesResponse,
    service: 'messaging',
  },
  {
    method: 'get',
    path: `/ops/jobs/${JobIdParam}/ledger`,
    summary: "The job's ledger and money decision",
    auth: 'operator',
    response: OpsLedgerResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/ops/users',
    summary: 'Search users by email or phone',
    auth: 'operator',
    query: UsersQuery,
    response: UsersResponse,
    service: 'identity',
  },
  {
    method: 'get',
    path: '/ops/users/{userId}',
    summary: 'A user with profile and reliability record',
    auth: 'operator',
    response: UserDetailResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/users/{userId}/suspend',
    summary:
      'Suspend a user: sessions end within 3 s, pending applications withdrawn, unfilled shifts cancelled (an operator: admins only, not oneself, not the last admin)',
    auth: 'operator',
    body: SuspendRequest,
    response: OpsUserResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/users/{userId}/reinstate',
    summary: 'Reinstate a suspended user',
    auth: 'operator',
    body: ReinstateRequest,
    response: OpsUserResponse,
    service: 'identity',
  },
  {
    method: 'get',
    path: '/ops/operators',
    summary: 'The operators (admins only: 403 IDENTITY.ADMIN_ONLY for other operators)',
    auth: 'operator',
    response: OperatorsResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/operators',
    summary: 'Add an operator (admins only); answers a one-time password, to be changed at the first sign-in',
    auth: 'operator',
    body: AddOperatorRequest,
    response: AddOperatorResponse,
    status: 201,
    service: 'identity',
  },
  {
    method: 'delete',
    path: '/ops/operators/{operatorId}',
    summary:
      'Remove an operator (admins only; not oneself, not the last admin): every session of theirs ends within 3 s',
    auth: 'operator',
    response: OpsOperatorResponse,
    service: 'identity',
  },
  {
    method: 'get',
    path: '/ops/dead-letters',
    summary: 'Dead-lettered events per queue: count and latest messages',
    auth: 'operator',
    response: DeadLettersResponse,
    service: 'all',
  },
  {
    method: 'post',
    path: '/ops/dead-letters/redrive',
    summary: "Move a queue's dead letters back onto it (what npm run redrive does)",
    auth: 'operator',
    body: RedriveRequest,
    response: RedriveResponse,
    service: 'all',
  },
  {
    method: 'get',
    path: '/ops/anomalies',
    summary: 'Webhook events refused as not matching the records, and money past its deadline',
    auth: 'operator',
    response: AnomaliesResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/ops/balances',
    summary: 'Owed money: extra-hours balances unpaid past BALANCE_DUE_AFTER (issue 34)',
    auth: 'operator',
    response: BalancesResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/ops/audit',
    summary: 'The append-only log of operator actions',
    auth: 'operator',
    query: AuditQuery,
    response: AuditResponse,
    service: 'all',
  },
];
