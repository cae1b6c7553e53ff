import { z } from 'zod';
import { AccountType, Language, SigninRequest } from './identity';
import { ChefReliability, RestaurantReliability } from './reliability';
import { Cents, Id, Unavailable } from './ops-fields';

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
    /** issue 40: whether the email's link was confirmed (only then is anything mailed to it) */
    email_verified: z.boolean(),
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
