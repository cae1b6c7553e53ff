import { z } from 'zod';
import type { RouteDoc } from '../common';
import { INSTANT_PAYOUT_FREE_REASONS } from '../pay';

// Issue 38: tips, instant payout, tax-year and weekly statements, card disputes (chargebacks). The names here are
// the contracts: paths, fields, codes.

const Cents = z.number().int();
const MoneyCents = z.number().int().nonnegative();

// ---------- tips ----------

const TIP_AMOUNT_TEXT = 'amount_cents must be a whole number of cents, at least 1';
/** `POST /applications/{applicationId}/tip` `{ amount_cents }`: 1 cent up to 100% of the chef's pay. */
export const TipBody = z
  .object({
    amount_cents: z
      .number({ error: TIP_AMOUNT_TEXT })
      .int(TIP_AMOUNT_TEXT)
      .min(1, TIP_AMOUNT_TEXT)
      .max(100_000_000, TIP_AMOUNT_TEXT),
  })
  .meta({ id: 'TipBody' });

/**
 * A tip: charged off-session to the restaurant's card on file with no fee (`charging` until the provider
 * answers), then transferred whole to the chef (`paid`). `failed`: the card did not pay; nothing reaches the chef.
 */
export const Tip = z
  .object({
    id: z.string().uuid(),
    application_id: z.string().uuid(),
    job_id: z.string().uuid(),
    seat_no: z.number().int().min(1),
    restaurant_id: z.string().uuid(),
    chef_id: z.string().uuid(),
    amount_cents: MoneyCents,
    /** always 0: Brigade keeps nothing of a tip */
    fee_cents: MoneyCents,
    status: z.enum(['charging', 'charged', 'paid', 'failed']),
    /** why the card did not pay (the card's text), null unless failed */
    failure: z
      .object({ code: z.string().nullable(), decline_code: z.string().nullable(), message: z.string() })
      .nullable(),
    created_at: z.string(),
    /** when the transfer to the chef was booked */
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'Tip' });
export type Tip = z.infer<typeof Tip>;

export const TipResponse = z.object({ tip: Tip }).meta({ id: 'TipResponse' });

/**
 * `GET /applications/{applicationId}/tip`: what a tip would cost before the restaurant gives one, from the figures
 * the server moves: the most it may be, until when, the card it goes on, and the tip already given.
 */
export const TipState = z
  .object({
    application_id: z.string().uuid(),
    job_id: z.string().uuid(),
    chef_id: z.string().uuid(),
    chef_name: z.string().nullable(),
    /** the chef's pay for the shift: a tip is at most this (100%) */
    chef_pay_cents: MoneyCents,
    max_cents: MoneyCents,
    /** 0: no fee on tips */
    fee_cents: MoneyCents,
    /** the shift's end + TIP_WINDOW */
    window_ends_at: z.string().nullable(),
    /** null: a tip may be given now; else the code of why not (PAYMENTS.TIP_NOT_WORKED, ...) */
    refusal: z.string().nullable(),
    /** the card the tip would be charged to; null when none is on file */
    card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
    tip: Tip.nullable(),
  })
  .meta({ id: 'TipState' });
export type TipState = z.infer<typeof TipState>;

// ---------- instant payout ----------

/**
 * `GET /payments/payouts/instant/quote`: the chef's available balance at the provider and what cashing it all
 * out now costs. `free_because` is present when the fee is waived (the record qualifies); otherwise
 * `fee_missing` says what the free rule still needs. `reason_text` says which applies, in the caller's language.
 */
export const InstantPayoutQuote = z
  .object({
    available_cents: MoneyCents,
    fee_cents: MoneyCents,
    net_cents: Cents,
    free_because: z.enum(INSTANT_PAYOUT_FREE_REASONS).optional(),
    fee_missing: z.array(z.enum(['min_shifts', 'no_show'])),
    fee_bps: z.number().int(),
    min_fee_cents: MoneyCents,
    record: z.object({ completed_shifts: z.number().int(), no_shows_90_days: z.number().int() }),
    /** the debit card on the connected account; null: none (instant payout not possible) */
    debit_card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
    /** an instant payout still on its way (a second one is refused until it lands or fails) */
    pending: z.lazy(() => InstantPayout).nullable(),
    /** null: the chef may cash out now; else the code of why not */
    refusal: z.string().nullable(),
    reason_text: z.string(),
  })
  .meta({ id: 'InstantPayoutQuote' });

const PAYOUT_AMOUNT_TEXT = 'amount_cents must be a whole number of cents, at least 1';
/** `POST /payments/payouts/instant` `{ amount_cents }`: at most the available balance. */
export const InstantPayoutBody = z
  .object({
    amount_cents: z
      .number({ error: PAYOUT_AMOUNT_TEXT })
      .int(PAYOUT_AMOUNT_TEXT)
      .min(1, PAYOUT_AMOUNT_TEXT)
      .max(100_000_000, PAYOUT_AMOUNT_TEXT),
  })
  .meta({ id: 'InstantPayoutBody' });

/** One instant payout: `amount_cents` taken from the balance, `net_cents` to the debit card, `fee_cents` kept. */
export const InstantPayout = z
  .object({
    id: z.string().uuid(),
    amount_cents: MoneyCents,
    fee_cents: MoneyCents,
    net_cents: MoneyCents,
    free_because: z.enum(INSTANT_PAYOUT_FREE_REASONS).nullable(),
    status: z.enum(['pending', 'paid', 'failed']),
    failure_message: z.string().nullable(),
    destination: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
    created_at: z.string(),
    arrived_at: z.string().nullable(),
  })
  .meta({ id: 'InstantPayout' });
export type InstantPayout = z.infer<typeof InstantPayout>;

export const InstantPayoutResponse = z
  .object({ payout: InstantPayout })
  .meta({ id: 'InstantPayoutResponse' });
export const InstantPayoutsResponse = z
  .object({ payouts: z.array(InstantPayout) })
  .meta({ id: 'InstantPayoutsResponse' });

// ---------- statements ----------

const FORMAT = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional();

/** `?year=2026` (and `format=csv`). */
export const TaxYearQuery = z.object({
  year: z
    .string({ error: 'year is required, like 2026' })
    .max(4, 'year must be a year like 2026')
    .regex(/^\d{4}$/, 'year must be a year like 2026')
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, 'year must be a year like 2026'),
  format: FORMAT,
});

/** One restaurant of a chef's year. */
export const TaxYearRestaurant = z.object({
  restaurant_id: z.string().uuid(),
  restaurant_name: z.string().nullable(),
  shifts: z.number().int(),
  gross_pay_cents: MoneyCents,
  tips_cents: MoneyCents,
});

/**
 * A chef's tax year from the ledger: gross pay (transfers of shift pay, cancellation pay and extras), tips,
 * instant-payout fees paid, the shifts and the restaurants, and whether the year's payments reached the form's
 * reporting threshold. `note` says the form comes from Stripe Connect's tax reporting; nothing more.
 */
export const TaxYearResponse = z
  .object({
    year: z.number().int(),
    gross_pay_cents: MoneyCents,
    tips_cents: MoneyCents,
    instant_payout_fees_cents: MoneyCents,
    /** shifts paid in the year */
    shifts: z.number().int(),
    /** the year by restaurant, most paid first */
    restaurants: z.array(TaxYearRestaurant),
    reached_threshold: z.boolean(),
    threshold_cents: MoneyCents,
    note: z.string(),
    /** Added (statements): the zone the year's bounds are in (the chef's city's; America/Chicago when unknown) */
    time_zone: z.string().optional(),
  })
  .meta({ id: 'TaxYearResponse' });
export type TaxYearResponse = z.infer<typeof TaxYearResponse>;

/** `?week=2026-W48` (and `format=csv`). Absent: last week. */
export const StatementQuery = z.object({
  week: z.string().max(16).optional(),
  format: FORMAT,
});

/** One movement of a restaurant's week: a charge, an extra charge, an edit's charge, a tip, a refund, a fee. */
export const StatementLine = z.object({
  at: z.string(),
  job_id: z.string().uuid(),
  position: z.string(),
  /** Added (statements): the shift's start, to group and date the lines by shift; null when unknown */
  shift_start: z.string().nullable().optional(),
  seat_no: z.number().int().min(0),
  chef_id: z.string().uuid().nullable(),
  chef_name: z.string().nullable(),
  /** `dispute_settlement`: a lost card dispute the restaurant paid back (issue 38) */
  kind: z.enum(['charge', 'extra_charge', 'edit_charge', 'tip', 'dispute_settlement', 'refund', 'fee']),
  amount_cents: MoneyCents,
  /** the provider's id of the movement (pi_..., re_..., tr_...) */
  provider_id: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/** A restaurant's ISO week in its own time zone: every movement, with the totals. */
export const StatementResponse = z
  .object({
    week: z.string(),
    time_zone: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    lines: z.array(StatementLine),
    totals: z.object({
      /** every card charge of the week (escrow, extra, edit, tip) */
      charged_cents: MoneyCents,
      refunded_cents: MoneyCents,
      /** booking fees Brigade kept in the week */
      fees_cents: MoneyCents,
      tips_cents: MoneyCents,
      /** charged - refunded */
      net_cents: Cents,
    }),
  })
  .meta({ id: 'StatementResponse' });
export type StatementResponse = z.infer<typeof StatementResponse>;

// ---------- card disputes (chargebacks) ----------

/** The provider's statuses of a dispute, as Stripe names them. */
export const CardDisputeStatus = z.enum([
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
]);

/** `GET /payments/job/{jobId}` adds it: the job's card dispute, null when none. */
export const JobCardDispute = z
  .object({ id: z.string(), status: CardDisputeStatus, amount_cents: MoneyCents })
  .meta({ id: 'JobCardDispute' });

/** A card dispute in the operator console's queue. */
export const CardDispute = z
  .object({
    /** the provider's id (dp_...) */
    id: z.string(),
    job_id: z.string().uuid(),
    job_title: z.string(),
    restaurant_id: z.string().uuid(),
    restaurant_name: z.string().nullable(),
    charge_id: z.string(),
    payment_intent_id: z.string().nullable(),
    amount_cents: MoneyCents,
    reason: z.string(),
    status: CardDisputeStatus,
    evidence_due_by: z.string().nullable(),
    /** when the operator submitted evidence or accepted, and who */
    submitted_at: z.string().nullable(),
    accepted_at: z.string().nullable(),
    /** a lost dispute flags the restaurant until it pays it back (`settled_at`) */
    restaurant_flagged: z.boolean(),
    settled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CardDispute' });
export type CardDispute = z.infer<typeof CardDispute>;

export const CardDisputesResponse = z
  .object({ card_disputes: z.array(CardDispute) })
  .meta({ id: 'CardDisputesResponse' });
export const CardDisputeResponse = z
  .object({ card_dispute: CardDispute })
  .meta({ id: 'CardDisputeResponse' });

/** The evidence sections Brigade sends, by Stripe's field names (each a text, at most 20,000 characters). */
export const EVIDENCE_SECTIONS = [
  'product_description',
  'service_date',
  'service_documentation',
  'access_activity_log',
  'customer_communication',
  'receipt',
  'refund_policy',
  'uncategorized_text',
] as const;
export type EvidenceSection = (typeof EVIDENCE_SECTIONS)[number];

/**
 * One piece of a job's evidence as a service has it in its own records (`GET /ops/jobs/{jobId}/evidence`: every
 * service answers its part, the gateway merges them): jobs the job, the checkout answers and the timesheet;
 * messaging the conversation; identity the restaurant's ToS acceptance; payments the receipt.
 */
export const EvidenceEntry = z.object({
  section: z.enum(EVIDENCE_SECTIONS),
  service: z.string(),
  title: z.string(),
  text: z.string(),
  at: z.string(),
});
export type EvidenceEntry = z.infer<typeof EvidenceEntry>;

/**
 * `?restaurant_id=`: the restaurant the dispute names (the console passes the card dispute's). Identity keeps no
 * job of its own, so its part (the restaurant's ToS acceptance) reads this restaurant's; jobs refuses the whole
 * answer (404) when the job is not this restaurant's, so the merged evidence never mixes two restaurants.
 */
export const EvidenceQuery = z.object({
  restaurant_id: z.string().uuid('restaurant_id must be a UUID').optional(),
});

export const EvidenceResponse = z
  .object({
    job_id: z.string().uuid(),
    entries: z.array(EvidenceEntry),
    /** services whose part could not be read (their entries are missing) */
    unavailable: z.array(z.string()).optional(),
  })
  .meta({ id: 'EvidenceResponse' });

const EvidenceText = z.string().max(20_000, 'Each evidence section is at most 20,000 characters');

/**
 * `POST /ops/card-disputes/{id}/submit`: the evidence the operator read in the console (assembled from Brigade's
 * records, sections as Stripe names them) and a note of their own; sent with `submit: true`.
 */
export const SubmitCardDisputeBody = z
  .object({
    evidence: z.partialRecord(z.enum(EVIDENCE_SECTIONS), EvidenceText),
    note: z.string().trim().max(2_000).optional(),
  })
  .meta({ id: 'SubmitCardDisputeBody' });

/** `POST /ops/card-disputes/{id}/accept`: the operator accepts the dispute (closes it as lost), with a note. */
export const AcceptCardDisputeBody = z
  .object({ note: z.string().trim().min(1, 'A note is required').max(2_000) })
  .meta({ id: 'AcceptCardDisputeBody' });

/** `GET /payments/card-disputes`: the restaurant's own lost disputes to settle (pay back) before posting again. */
export const OwnCardDispute = z
  .object({
    id: z.string(),
    job_id: z.string().uuid(),
    job_title: z.string(),
    amount_cents: MoneyCents,
    status: CardDisputeStatus,
    settled_at: z.string().nullable(),
  })
  .meta({ id: 'OwnCardDispute' });
export const OwnCardDisputesResponse = z
  .object({ total_owed_cents: MoneyCents, card_disputes: z.array(OwnCardDispute) })
  .meta({ id: 'OwnCardDisputesResponse' });

/** Settle a lost dispute: without a PaymentMethod the client secret for the card form; with one, charged now. */
export const SettleCardDisputeBody = z.object({
  paymentMethodId: z
    .string()
    .trim()
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'paymentMethodId must be a Stripe PaymentMethod id (pm_...)')
    .optional(),
});
export const SettleCardDisputeResponse = z
  .object({
    id: z.string(),
    client_secret: z.string().nullable(),
    payment_intent_id: z.string().nullable(),
    amount_cents: MoneyCents,
    currency: z.literal('usd'),
    /** `settled`, or the PaymentIntent's status */
    payment_status: z.string(),
  })
  .meta({ id: 'SettleCardDisputeResponse' });

// ---------- the routes ----------

const APP = '{applicationId}';
const DISPUTE = '{disputeId}';

export const payRoutes: Array<RouteDoc & { service: string }> = [
  {
    method: 'get',
    path: `/applications/${APP}/tip`,
    summary:
      "What a tip on the application's shift would be: the most (100% of the chef's pay), until when, the card, no fee, and the tip given",
    auth: 'restaurant',
    response: TipState,
    service: 'payments',
  },
  {
    method: 'post',
    path: `/applications/${APP}/tip`,
    summary:
      'Tip the chef of a worked shift (up to TIP_WINDOW after it): charged off-session to the card on file with no fee, transferred whole; 402 when the card does not pay',
    auth: 'restaurant',
    body: TipBody,
    response: TipResponse,
    status: 201,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/payments/payouts/instant/quote',
    summary:
      "The chef's available balance and what an instant payout costs now (INSTANT_PAYOUT_FEE_BPS, at least 50 cents; free for a qualifying record, and why)",
    auth: 'chef',
    response: InstantPayoutQuote,
    service: 'payments',
  },
  {
    method: 'post',
    path: '/payments/payouts/instant',
    summary:
      "Cash out now to the debit card on the connected account (a Stripe payout with method 'instant'); one at a time",
    auth: 'chef',
    body: InstantPayoutBody,
    response: InstantPayoutResponse,
    status: 201,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/payments/payouts/instant',
    summary: "The chef's instant payouts, newest first",
    auth: 'chef',
    response: InstantPayoutsResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/payments/earnings/tax-year',
    summary:
      "The chef's tax year from the ledger: gross pay, tips, instant-payout fees, shifts, restaurants, the reporting threshold (`?format=csv`: a CSV file)",
    auth: 'chef',
    query: TaxYearQuery,
    response: TaxYearResponse,
    fileTypes: ['text/csv'],
    service: 'payments',
  },
  {
    method: 'get',
    path: '/payments/statements',
    summary:
      "The restaurant's ISO week (its own time zone): every charge, extra charge, tip, refund and fee by shift and chef, with totals (`?format=csv`: a CSV file)",
    auth: 'restaurant',
    query: StatementQuery,
    response: StatementResponse,
    fileTypes: ['text/csv'],
    service: 'payments',
  },
  {
    method: 'get',
    path: '/payments/card-disputes',
    summary: "The restaurant's lost card disputes and what it owes before it may post again",
    auth: 'restaurant',
    response: OwnCardDisputesResponse,
    service: 'payments',
  },
  {
    method: 'post',
    path: `/payments/card-disputes/${DISPUTE}/settle`,
    summary:
      'Pay back a lost card dispute: the client secret to confirm (or, with paymentMethodId, charged now); the flag lifts once collected',
    auth: 'restaurant',
    body: SettleCardDisputeBody,
    response: SettleCardDisputeResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/ops/card-disputes',
    summary: 'The card disputes queue: open ones first (evidence due soonest), then closed',
    auth: 'operator',
    response: CardDisputesResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: `/ops/card-disputes/${DISPUTE}`,
    summary: 'One card dispute',
    auth: 'operator',
    response: CardDisputeResponse,
    service: 'payments',
  },
  {
    method: 'post',
    path: `/ops/card-disputes/${DISPUTE}/submit`,
    summary: "Submit the dispute's evidence to the provider (`disputes.update`, `submit: true`); audited",
    auth: 'operator',
    body: SubmitCardDisputeBody,
    response: CardDisputeResponse,
    service: 'payments',
  },
  {
    method: 'post',
    path: `/ops/card-disputes/${DISPUTE}/accept`,
    summary: 'Accept the dispute (`disputes.close`): booked as lost; audited',
    auth: 'operator',
    body: AcceptCardDisputeBody,
    response: CardDisputeResponse,
    service: 'payments',
  },
  {
    method: 'get',
    path: '/ops/jobs/{jobId}/evidence',
    summary:
      "A job's evidence for a card dispute, each service's part from its own records (job, checkout and timesheet, messages, receipt, ToS acceptance)",
    auth: 'operator',
    query: EvidenceQuery,
    response: EvidenceResponse,
    service: 'all',
  },
];
