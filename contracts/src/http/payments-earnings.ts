import { z } from 'zod';
import { MoneyOutcome } from './money-outcome';
import { PaymentStatus } from './payments-entities';

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
    /** Added (issue 38): the restaurant's tip for the shift, transferred whole (0 when none). */
    tip_cents: z.number().int().optional(),
  })
  .meta({ id: 'EarningRow' });
export type EarningRow = z.infer<typeof EarningRow>;

export const EarningsResponse = z
  .object({
    /** Sum of the transfers to the chef in the ledger, in cents. */
    paid_out_cents: z.number().int(),
    /** Added (issue 38): the tips among them. */
    tips_cents: z.number().int().optional(),
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
    /** Added (issue 38): the tip given for the seat (charged on its own, no fee; 0 when none). */
    tip_cents: z.number().int().optional(),
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
