import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@brigade/contracts';

// The payments tables as the migrations (`migrations/0001..0014`) make them, for drizzle's query builder
// (ADR 12: plain single-table reads and writes by key). Joins, locking, conditional upserts and JSON stay raw
// `sql` in the repositories. The Stripe sandbox's tables left with it (`sandboxes/stripe`, schema
// `stripe_sandbox`); kit's `outbox`/`processed_events`/`audit_log` belong to kit.

export const payments = pgSchema('payments');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Read model of identity's users (identity.user.registered.v1). */
export const users = payments.table('users', {
  userId: uuid('user_id').primaryKey(),
  email: text('email').notNull(),
  userType: text('user_type').$type<'chef' | 'restaurant'>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One row per job: amounts from jobs.job.posted.v1, the job's payment status, its provider ids and dates. */
export const jobPayments = payments.table('job_payments', {
  jobId: uuid('job_id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  title: text('title').notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  paymentIntentId: text('payment_intent_id').unique(),
  clientSecret: text('client_secret'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lastErrorCode: text('last_error_code'),
  lastDeclineCode: text('last_decline_code'),
  lastErrorMessage: text('last_error_message'),
  chefId: uuid('chef_id'),
  cancelledAt: ts('cancelled_at'),
  heldAt: ts('held_at'),
  closedAt: ts('closed_at'),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  expiredAt: ts('expired_at'),
  disputedAt: ts('disputed_at'),
  /** The charged card as the provider described it (receipts); null until known. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** The chefs the posting asks for (issue 35): each seat's share is `seatShare` of the amounts above. */
  headcount: integer('headcount').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One seat of a job (issue 35, ADR 0030): its booked chef and application and its own payment status. Step 1:
 * every job has seat 1, whose status is the job's.
 */
export const seatPayments = payments.table(
  'seat_payments',
  {
    jobId: uuid('job_id').notNull(),
    seatNo: integer('seat_no').notNull(),
    applicationId: uuid('application_id'),
    chefId: uuid('chef_id'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    disputedAt: ts('disputed_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seatNo] })],
);

/** Read model of the names in identity's profile events (earnings and receipts name restaurants and chefs). */
export const profileNames = payments.table('profile_names', {
  userId: uuid('user_id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Issue 38 (statements, 0017): the profile's city; its zone dates weeks and tax years (null: America/Chicago). */
  city: text('city'),
});

/** Read model of jobs' applications: application -> job, and which chef the restaurant accepted. */
export const applications = payments.table('applications', {
  applicationId: uuid('application_id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  acceptedAt: ts('accepted_at'),
});

/** A declined card attempt, once per failed charge. */
export const paymentFailures = payments.table('payment_failures', {
  failureKey: text('failure_key').primaryKey(),
  jobId: uuid('job_id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  code: text('code'),
  declineCode: text('decline_code'),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Stripe Connect Express accounts, one per user. */
export const connectedAccounts = payments.table('connected_accounts', {
  userId: uuid('user_id').primaryKey(),
  accountId: text('account_id').notNull().unique(),
  userType: text('user_type').notNull(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The ledger: unique (job_id, seat_no, kind, part), unique (kind, provider_id). Seat 0 is the posting's own (its
 * escrow charge); seats 1.. are the chefs'.
 */
export const ledgerEntries = payments.table('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** null only for an instant payout's entries (issue 38): the chef's, in `userId` */
  jobId: uuid('job_id'),
  userId: uuid('user_id'),
  seatNo: integer('seat_no').notNull().default(1),
  kind: text('kind')
    .$type<
      | 'charge'
      | 'fee'
      | 'transfer'
      | 'refund'
      | 'dispute'
      | 'dispute_won'
      | 'dispute_lost'
      | 'payout'
      | 'payout_fee'
      | 'payout_fee_returned'
    >()
    .notNull(),
  part: text('part').notNull().default('escrow'),
  amountCents: integer('amount_cents').notNull(),
  providerId: text('provider_id'),
  idempotencyKey: text('idempotency_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Movements to make at the provider (transfer, refund, an extra's charge), one per job, seat, kind and part. */
export const moneyTasks = payments.table('money_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: uuid('job_id').notNull(),
  seatNo: integer('seat_no').notNull().default(1),
  kind: text('kind').$type<'transfer' | 'refund'>().notNull(),
  reason: text('reason').notNull(),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull().default(0),
  destinationUserId: uuid('destination_user_id'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').$type<'pending' | 'done' | 'blocked'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  lastErrorKind: text('last_error_kind').$type<'provider' | 'payout_account' | 'other'>(),
  lastAttemptAt: ts('last_attempt_at'),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  doneAt: ts('done_at'),
});

/** The one decision that moves a seat's share of the escrow: primary key (job_id, seat_no). */
export const decisions = payments.table(
  'decisions',
  {
    jobId: uuid('job_id').notNull(),
    seatNo: integer('seat_no').notNull().default(1),
    kind: text('kind').$type<'release' | 'refund' | 'split'>().notNull(),
    reason: text('reason').notNull(),
    chefId: uuid('chef_id'),
    chefPayCents: integer('chef_pay_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    refundCents: integer('refund_cents').notNull(),
    decidedAt: ts('decided_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seatNo] })],
);

/** Stripe webhook events already handled (each event id once). */
export const webhookEvents = payments.table('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** Money facts payments refused (they match neither its records nor the provider). */
export const anomalies = payments.table('anomalies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: text('source').notNull(),
  eventId: text('event_id'),
  eventType: text('event_type'),
  objectId: text('object_id'),
  jobId: uuid('job_id'),
  reason: text('reason').notNull(),
  details: jsonb('details').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Issue 38: one tip per seat, charged off-session with no fee, then transferred whole to the chef. */
export const tips = payments.table('tips', {
  id: uuid('id').primaryKey(),
  applicationId: uuid('application_id').notNull().unique(),
  jobId: uuid('job_id').notNull(),
  seatNo: integer('seat_no').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'charging' | 'charged' | 'paid' | 'failed'>().notNull().default('charging'),
  paymentIntentId: text('payment_intent_id').unique(),
  transferId: text('transfer_id').unique(),
  failureCode: text('failure_code'),
  failureDeclineCode: text('failure_decline_code'),
  failureMessage: text('failure_message'),
  createdAt: ts('created_at').notNull().defaultNow(),
  chargedAt: ts('charged_at'),
  paidAt: ts('paid_at'),
  failedAt: ts('failed_at'),
  /** migration 0015: a failed tip may be given again, each attempt its own charge and key */
  attempt: integer('attempt').notNull().default(1),
  attemptedAt: ts('attempted_at').notNull().defaultNow(),
});

/** Issue 38: a chef's instant payouts to the debit card of the connected account, one pending at a time. */
export const instantPayouts = payments.table('instant_payouts', {
  id: uuid('id').primaryKey(),
  chefId: uuid('chef_id').notNull(),
  accountId: text('account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  netCents: integer('net_cents').notNull(),
  freeBecause: text('free_because'),
  status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
  providerPayoutId: text('provider_payout_id').unique(),
  feeDebitId: text('fee_debit_id').unique(),
  feeReturnedId: text('fee_returned_id').unique(),
  destinationBrand: text('destination_brand'),
  destinationLast4: text('destination_last4'),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  createdAt: ts('created_at').notNull().defaultNow(),
  arrivedAt: ts('arrived_at'),
  failedAt: ts('failed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Issue 38: card disputes (chargebacks) as the provider reports them, one per dispute id. */
export const cardDisputes = payments.table('card_disputes', {
  id: text('id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  chargeId: text('charge_id').notNull(),
  paymentIntentId: text('payment_intent_id'),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull(),
  evidenceDueBy: ts('evidence_due_by'),
  submittedAt: ts('submitted_at'),
  submittedBy: uuid('submitted_by'),
  acceptedAt: ts('accepted_at'),
  acceptedBy: uuid('accepted_by'),
  closedAt: ts('closed_at'),
  outcome: text('outcome').$type<'won' | 'lost'>(),
  restaurantFlagged: boolean('restaurant_flagged').notNull().default(false),
  settlePaymentIntentId: text('settle_payment_intent_id').unique(),
  settledAt: ts('settled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Issue 38 (statements, 0017): the weekly statement texted to a restaurant, once per restaurant and ISO week. */
export const statementSends = payments.table(
  'statement_sends',
  {
    restaurantId: uuid('restaurant_id').notNull(),
    week: text('week').notNull(),
    chargedCents: bigint('charged_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.week] })],
);
