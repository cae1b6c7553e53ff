import { z } from 'zod';
import { NumberLike, type RouteDoc } from '../common';
import { PAYMENT_STATUSES } from '../lifecycles';
import { MoneyOutcome } from './money-outcome';

export { MoneyOutcome };

// ---------- entities (responses) ----------
/** The payment lifecycle's states (contracts/src/lifecycles/payment.ts), `settled` included. */
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const ClientSecretResponse = z
  .object({
    client_secret: z.string(),
    payment_intent_id: z.string(),
    /** What the card is charged, computed by the server from the job (subtotal + 7% fee). */
    amount_cents: z.number().int(),
    subtotal_cents: z.number().int(),
    fee_cents: z.number().int(),
    currency: z.literal('usd'),
    /**
     * Added: with `use_saved_card` the server paid the job with the restaurant's saved card: `held_in_escrow`
     * (nothing is left for the browser to confirm). Absent otherwise.
     */
    payment_status: PaymentStatus.optional(),
    /**
     * Added (issue 34): the card paying the escrow is kept for off-session charges of extra hours worked past
     * the scheduled end (the pay page says "your card is kept for extra hours"). Always true.
     */
    card_kept_for_extra_hours: z.boolean().optional(),
  })
  .meta({ id: 'ClientSecretResponse' });

// ---------- saved card (restaurants): a Stripe Customer with one card saved through a SetupIntent ----------

/** The restaurant's saved card as the provider describes it (never the number). */
export const SavedCard = z
  .object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCard>;

export const SavedCardResponse = z.object({ card: SavedCard.nullable() }).meta({ id: 'SavedCardResponse' });

/** A SetupIntent for the restaurant's Customer: the card form confirms it with the card (Stripe.js or sandbox). */
export const SavedCardSetupResponse = z
  .object({ client_secret: z.string(), setup_intent_id: z.string() })
  .meta({ id: 'SavedCardSetupResponse' });

export const ConfirmPaymentResponse = z
  .object({ paymentStatus: z.union([PaymentStatus, z.string()]) })
  .meta({ id: 'ConfirmPaymentResponse' });

export const AccountStatus = z
  .object({
    account_id: z.string().nullable(),
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    details_submitted: z.boolean(),
    requirements: z.object({ currently_due: z.array(z.string()) }),
  })
  .meta({ id: 'PaymentAccountStatus' });

export const CreateAccountResponse = z
  .object({ account_id: z.string() })
  .meta({ id: 'CreateAccountResponse' });
export const OnboardingLinkResponse = z
  .object({ url: z.string().url() })
  .meta({ id: 'OnboardingLinkResponse' });

/** One movement of the job's money, as the ledger recorded it (a split shows its transfer, fee and refund). */
export const LedgerEntry = z
  .object({
    kind: z.enum(['charge', 'fee', 'transfer', 'refund']),
    amount_cents: z.number().int(),
    at: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerTotals = z.object({
  charged_cents: z.number().int(),
  fee_cents: z.number().int(),
  transferred_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** Every movement so far, oldest first (a split half done shows the part already moved). */
  entries: z.array(LedgerEntry),
});

/**
 * The money movement that closes a job (the chef's payout or the restaurant's refund) while it is on its way:
 * `in_progress` until it is done; `delayed` after a failed attempt (retried automatically with backoff), with
 * why: `provider_unavailable` (the payment provider timed out or answered an error), `payout_account_missing`
 * (the chef has not finished payout setup) or `other`. Null when nothing is to move.
 */
export const Settlement = z
  .object({
    kind: z.enum(['payout', 'refund']),
    state: z.enum(['in_progress', 'delayed', 'done']),
    reason: z.enum(['provider_unavailable', 'payout_account_missing', 'other']).nullable(),
    attempts: z.number().int(),
    last_attempt_at: z.string().nullable(),
    next_retry_at: z.string().nullable(),
  })
  .meta({ id: 'Settlement' });
export type Settlement = z.infer<typeof Settlement>;

export const JobPayment = z
  .object({
    job_id: z.string().uuid(),
    title: z.string(),
    payment_status: PaymentStatus,
    amount_cents: z.number().int(),
    subtotal_cents: z.number().int(),
    fee_cents: z.number().int(),
    total_cents: z.number().int(),
    currency: z.literal('usd'),
    payment_intent_id: z.string().nullable(),
    /** Set only while the restaurant can still pay. */
    client_secret: z.string().nullable(),
    cancelled: z.boolean(),
    last_error: z
      .object({ code: z.string().nullable(), decline_code: z.string().nullable(), message: z.string() })
      .nullable(),
    ledger: LedgerTotals,
    /**
     * Added: the payout or refund in progress (optional for older clients). A split moves two amounts: this
     * is the caller's own (the chef's payout, the restaurant's refund); `settlements` lists both.
     */
    settlement: Settlement.nullable().optional(),
    /** Every movement the job's money decision asked for (a split: the chef's payout and the refund). */
    settlements: z.array(Settlement),
  })
  .meta({ id: 'JobPayment' });

export const PaymentsConfigResponse = z
  .object({
    /** true: the built-in Stripe sandbox answers (no keys); the browser confirms at /sandbox/stripe/v1. */
    sandbox: z.boolean(),
    publishable_key: z.string().nullable(),
  })
  .meta({ id: 'PaymentsConfig' });

export const WebhookAck = z.object({ received: z.literal(true) });

// ---------- earnings (chefs) and receipts (restaurants): read from the ledger, no bookkeeping of their own ----------

/**
 * Where a shift's pay stands for its chef: `paid_out` (the transfer is in the ledger), `on_its_way` (held in
 * escrow for a shift the chef is booked on or checked out of, or decided and not yet transferred),
 * `cancellation_pay` (a late cancellation paid part of the shift: `paid_out_at` says whether it moved yet),
 * `refunded` (the restaurant got the money back: no pay).
 */
export const EarningStatus = z.enum(['paid_out', 'on_its_way', 'cancellation_pay', 'refunded']);
export type EarningStatus = z.infer<typeof EarningStatus>;

/**
 * Added (issue 34): a shift paid by its timesheet: the hours worked and what they did to the money. Null for a
 * shift paid as scheduled (no clock events).
 */
export const ShiftTimesheet = z
  .object({
    /** settled by: approved (or adjusted and accepted), an operator's decision, sent home, a final no-show */
    source: z.enum(['approved', 'resolved', 'sent_home', 'no_show']),
    worked_minutes: z.number().int(),
    /** worked_minutes / 60, 2 decimals */
    worked_hours: z.number(),
    /** the chef's pay the hours come to */
    chef_pay_cents: z.number().int(),
    /** charged off-session for hours past the end (with its fee); 0 when none */
    extra_charge_cents: z.number().int(),
    /** none, pending (being charged), collected, failed (a balance the restaurant owes: the chef's extra waits) */
    extra_charge_status: z.enum(['none', 'pending', 'collected', 'failed']),
    /** the chef's part of the extra (transferred once collected) */
    extra_chef_pay_cents: z.number().int(),
    /** refunded to the restaurant's card for a short shift (a partial refund), or the whole charge (a no-show) */
    partial_refund_cents: z.number().int(),
    /** a difference under the card minimum that was not moved ("under the minimum charge") */
    under_minimum: z.object({ kind: z.enum(['extra', 'refund']), cents: z.number().int() }).nullable(),
  })
  .meta({ id: 'ShiftTimesheet' });
export type ShiftTimesheet = z.infer<typeof ShiftTimesheet>;

export const EarningRow = z
  .object({
    job_id: z.string().uuid(),
    /** The shift's start (ISO); null for shifts posted before payments kept shift times. */
    date: z.string().nullable(),
    restaurant_id: z.string().uuid(),
    /** The restaurant's name as payments last heard it (null until its profile is known). */
    restaurant_name: z.string().nullable(),
    /** The position worked (the job's title). */
    position: z.string(),
    /** The shift's length in hours (2 decimals); null without shift times. */
    hours: z.number().nullable(),
    /** What the chef is paid for the shift, in cents (0 for a refunded shift). */
    gross_pay_cents: z.number().int(),
    status: EarningStatus,
    /** When the transfer was recorded in the ledger (ISO); null while on its way or without pay. */
    paid_out_at: z.string().nullable(),
    /** What the shift's money did: the outcome of its decision and ledger, with the figures. */
    money: MoneyOutcome,
    /** Added (issue 34): the hours worked, extra charge and partial refund of a shift paid by its timesheet. */
    timesheet: ShiftTimesheet.nullable().optional(),
    /** Added (issue 35): the chef's seat of the posting, and how many seats it has ("Seat 2 of 3"). */
    seat_no: z.number().int().min(1).optional(),
    headcount: z.number().int().min(1).optional(),
  })
  .meta({ id: 'EarningRow' });
export type EarningRow = z.infer<typeof EarningRow>;

export const EarningsResponse = z
  .object({
    /** Sum of the transfers to the chef in the ledger, in cents. */
    paid_out_cents: z.number().int(),
    /** Pay held in escrow or decided for the chef and not transferred yet, in cents. */
    on_its_way_cents: z.number().int(),
    /** Newest shift first. */
    shifts: z.array(EarningRow),
  })
  .meta({ id: 'EarningsResponse' });
export type EarningsResponse = z.infer<typeof EarningsResponse>;

/** The card a shift was charged to: brand and last 4 digits when payments' records know them, else its charge id. */
export const ReceiptCard = z.object({
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** The provider's id of the charge (ch_...), as the ledger recorded it. */
  charge_id: z.string().nullable(),
});

export const ReceiptRow = z
  .object({
    job_id: z.string().uuid(),
    /** The shift's start (ISO); null for shifts posted before payments kept shift times. */
    date: z.string().nullable(),
    position: z.string(),
    chef_id: z.string().uuid().nullable(),
    chef_name: z.string().nullable(),
    /** The job's payment status (held_in_escrow, disputed, completed, refunded, settled). */
    payment_status: PaymentStatus,
    /** What the card was charged (shift pay + fee), in cents. */
    charged_cents: z.number().int(),
    /** The chef's pay: transferred, else decided, else the shift pay held. */
    shift_pay_cents: z.number().int(),
    /** The platform's booking fee: kept, else decided, else the fee held. */
    platform_fee_cents: z.number().int(),
    /** Back to the card: refunded, else decided (on its way). */
    refund_cents: z.number().int(),
    /** charged − refund. */
    net_charged_cents: z.number().int(),
    /** true while money of this shift is still to move (held, or a decided transfer or refund not yet done). */
    pending: z.boolean(),
    card: ReceiptCard,
    /** What the shift's money did: the outcome of its decision and ledger, with the figures. */
    money: MoneyOutcome,
    /** Added (issue 34): the hours worked, extra charge and partial refund of a shift paid by its timesheet. */
    timesheet: ShiftTimesheet.nullable().optional(),
    /**
     * Added (issue 35): the seat this row is (a posting of several is a row per seat, each its share of the one
     * charge), and the posting's headcount.
     */
    seat_no: z.number().int().min(1).optional(),
    headcount: z.number().int().min(1).optional(),
  })
  .meta({ id: 'ReceiptRow' });
export type ReceiptRow = z.infer<typeof ReceiptRow>;

export const ReceiptsResponse = z
  .object({
    totals: z.object({
      charged_cents: z.number().int(),
      shift_pay_cents: z.number().int(),
      platform_fee_cents: z.number().int(),
      refund_cents: z.number().int(),
      net_charged_cents: z.number().int(),
    }),
    /** Every charged shift of the restaurant, newest first. */
    receipts: z.array(ReceiptRow),
  })
  .meta({ id: 'ReceiptsResponse' });
export type ReceiptsResponse = z.infer<typeof ReceiptsResponse>;

/** `?format=csv`: the same rows as a CSV file (money in dollars with 2 places, ISO dates, a header row). */
export const MoneyReportQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});

// ---------- balances (issue 34): extra hours whose off-session charge failed, paid in the app ----------

/** A balance the restaurant owes: a timesheet's extra hours its card did not pay off-session. */
export const Balance = z
  .object({
    application_id: z.string().uuid(),
    job_id: z.string().uuid(),
    job_title: z.string(),
    restaurant_id: z.string().uuid(),
    chef_id: z.string().uuid(),
    /** what is owed: the extra hours' pay with its 7% fee, in cents */
    amount_cents: z.number().int(),
    /** the chef's part (transferred once collected) and the fee's */
    chef_pay_cents: z.number().int(),
    fee_cents: z.number().int(),
    worked_minutes: z.number().int(),
    /** why the card did not pay: declined, needs the restaurant to authenticate, or no card kept */
    why: z.enum(['declined', 'authentication_required', 'no_card']),
    code: z.string().nullable(),
    decline_code: z.string().nullable(),
    failed_at: z.string().nullable(),
    /** when an unpaid balance becomes owed money in the operator console (BALANCE_DUE_AFTER after failing) */
    due_at: z.string().nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: 'Balance' });

export const BalancesResponse = z
  .object({ total_cents: z.number().int(), balances: z.array(Balance) })
  .meta({ id: 'BalancesResponse' });

/** Pay a balance: without a PaymentMethod the client secret for the card form; with one, confirmed now. */
export const PayBalanceBody = z.object({
  paymentMethodId: z
    .string()
    .trim()
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'paymentMethodId must be a Stripe PaymentMethod id (pm_...)')
    .optional(),
});

export const PayBalanceResponse = z
  .object({
    application_id: z.string().uuid(),
    /** null once collected */
    client_secret: z.string().nullable(),
    payment_intent_id: z.string().nullable(),
    amount_cents: z.number().int(),
    currency: z.literal('usd'),
    /** `collected`, or the PaymentIntent's status (requires_payment_method, requires_action, processing) */
    payment_status: z.string(),
  })
  .meta({ id: 'PayBalanceResponse' });

// ---------- requests ----------
const JobId = z.string({ error: 'job_id is required' }).uuid('Job not found or not authorized');

export const CreateEscrowPaymentBody = z.object({
  job_id: JobId,
  /** Optional: the amount the client shows, in cents; refused when it differs from the job total. */
  amount: NumberLike.pipe(z.number().int('amount must be whole cents').nonnegative()).optional(),
  /** Pay now with the restaurant's saved card (server-side, off-session) instead of returning a client secret. */
  use_saved_card: z.boolean({ error: 'use_saved_card must be true or false' }).optional(),
});

/** After the card form confirmed the SetupIntent: payments asks the provider and records the card. */
export const SavedCardConfirmBody = z.object({
  setup_intent_id: z
    .string({ error: 'setup_intent_id is required' })
    .trim()
    .regex(/^seti_[A-Za-z0-9]+$/, 'setup_intent_id must be a Stripe SetupIntent id (seti_...)')
    .max(255, 'setup_intent_id must be a Stripe SetupIntent id (seti_...)'),
});

export const CreatePaymentIntentBody = z.object({
  job_id: JobId,
  /** Optional: the amount the client shows, in dollars; refused when it differs from the job total. */
  amount: NumberLike.pipe(z.number().nonnegative()).optional(),
});

export const ConfirmPaymentBody = z.object({
  paymentMethodId: z
    .string({ error: 'paymentMethodId is required' })
    .trim()
    .min(1, 'paymentMethodId is required')
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'paymentMethodId must be a Stripe PaymentMethod id (pm_...)'),
});

export const OnboardingLinkBody = z.object({
  account_id: z
    .string({ error: 'account_id is required' })
    .trim()
    .regex(/^acct_[A-Za-z0-9]+$/, 'account_id must be a Stripe account id')
    .max(255, 'account_id must be a Stripe account id'),
});

export const paymentsRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/payments/create-escrow-payment',
    summary:
      "Client secret of the job's PaymentIntent (amount in cents, checked against the server's total); with use_saved_card the job is paid now with the saved card (402 when the card is declined or needs the restaurant to authenticate)",
    auth: 'restaurant',
    body: CreateEscrowPaymentBody,
    response: ClientSecretResponse,
  },
  {
    method: 'get',
    path: '/payments/saved-card',
    summary: "The restaurant's saved card (brand, last 4, expiry), null when none",
    auth: 'restaurant',
    response: SavedCardResponse,
  },
  {
    method: 'post',
    path: '/payments/saved-card/setup',
    summary: "A SetupIntent for the restaurant's Stripe Customer (created once) to save a card for later",
    auth: 'restaurant',
    response: SavedCardSetupResponse,
  },
  {
    method: 'post',
    path: '/payments/saved-card/confirm',
    summary:
      "Record the card of the restaurant's own confirmed SetupIntent, as the provider reports it (404 for anyone else's)",
    auth: 'restaurant',
    body: SavedCardConfirmBody,
    response: SavedCardResponse,
  },
  {
    method: 'delete',
    path: '/payments/saved-card',
    summary: "Remove the saved card (detached from the restaurant's Customer at the provider)",
    auth: 'restaurant',
    response: SavedCardResponse,
  },
  {
    method: 'post',
    path: '/payments/create-payment-intent',
    summary:
      "Client secret of the job's PaymentIntent (amount in dollars, checked against the server's total)",
    auth: 'restaurant',
    body: CreatePaymentIntentBody,
    response: ClientSecretResponse,
  },
  {
    method: 'post',
    path: '/applications/{applicationId}/confirm-payment',
    summary:
      "Pay the application's job with a PaymentMethod; held_in_escrow on success, 402 with the card text on a decline",
    auth: 'restaurant',
    body: ConfirmPaymentBody,
    response: ConfirmPaymentResponse,
  },
  {
    method: 'get',
    path: '/payments/job/{jobId}',
    summary: "The job's escrow status, amounts and ledger (owning restaurant, or the chef who worked it)",
    auth: 'user',
    response: JobPayment,
  },
  {
    method: 'get',
    path: '/payments/balances',
    summary:
      "The restaurant's balances: extra hours whose off-session charge was declined or needs authentication",
    auth: 'restaurant',
    response: BalancesResponse,
  },
  {
    method: 'post',
    path: '/payments/balances/{applicationId}/pay',
    summary:
      'Pay a balance in the app: the client secret to confirm (or, with paymentMethodId, confirmed now); the chef’s extra moves once collected',
    auth: 'restaurant',
    body: PayBalanceBody,
    response: PayBalanceResponse,
  },
  {
    method: 'get',
    path: '/payments/earnings',
    summary:
      "The chef's earnings from the ledger: paid out, on its way, and per shift (`?format=csv`: a CSV file)",
    auth: 'chef',
    query: MoneyReportQuery,
    response: EarningsResponse,
    fileTypes: ['text/csv'],
  },
  {
    method: 'get',
    path: '/payments/receipts',
    summary:
      "The restaurant's receipts from the ledger: per shift pay, fee, refunds, card, net (`?format=csv`: a CSV file)",
    auth: 'restaurant',
    query: MoneyReportQuery,
    response: ReceiptsResponse,
    fileTypes: ['text/csv'],
  },
  {
    method: 'get',
    path: '/payments/connect/account-status',
    summary: "The caller's Stripe Connect account status (all false and account_id null without an account)",
    auth: 'user',
    response: AccountStatus,
  },
  {
    method: 'post',
    path: '/payments/connect/create-account',
    summary: 'Create (or return) the caller’s Stripe Express account',
    auth: 'user',
    response: CreateAccountResponse,
  },
  {
    method: 'post',
    path: '/payments/connect/onboarding-link',
    summary: 'Hosted onboarding url for the caller’s account (returns to the onboarding-complete route)',
    auth: 'user',
    body: OnboardingLinkBody,
    response: OnboardingLinkResponse,
  },
  {
    method: 'get',
    path: '/payments/config',
    summary: 'Whether the Stripe sandbox is active, and the publishable key for Stripe.js',
    auth: 'public',
    response: PaymentsConfigResponse,
  },
  {
    method: 'post',
    path: '/payments/webhooks/stripe',
    summary: 'Stripe webhook endpoint (Stripe-Signature verified on the raw body; each event handled once)',
    auth: 'public',
    bodyType: 'raw',
    response: WebhookAck,
  },
];
