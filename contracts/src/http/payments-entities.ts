import { z } from 'zod';
import { JobCardDispute } from './pay';
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
    kind: z.enum(['charge', 'fee', 'transfer', 'refund', 'dispute', 'dispute_won', 'dispute_lost']),
    amount_cents: z.number().int(),
    at: z.string(),
    /**
     * Added (issue 38): what the movement belongs to: the escrow, a timesheet's extra, an edit, a tip (its charge
     * and its transfer), or a card dispute (withdrawn, then won back or lost, and the restaurant's settlement)
     */
    part: z.enum(['escrow', 'extra', 'edit', 'tip', 'dispute']).optional(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerTotals = z.object({
  charged_cents: z.number().int(),
  fee_cents: z.number().int(),
  transferred_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** Added (issue 38): a card dispute lost (the amount the card's holder got back from the platform). */
  disputed_lost_cents: z.number().int().optional(),
  /** Added (issue 38): tips charged and transferred (also in charged and transferred). */
  tip_cents: z.number().int().optional(),
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
    /** Added (issue 38): the job's card dispute (a chargeback), null when none. */
    card_dispute: JobCardDispute.nullable().optional(),
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
