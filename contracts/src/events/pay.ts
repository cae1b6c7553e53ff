import { z } from 'zod';

// Issue 38's integration events (payments publishes them): tips, instant payouts, weekly statements, card disputes.

const Id = z.string().uuid();
const Money = z.number().int().nonnegative();

export const payEvents = {
  /** A tip was charged to the restaurant's card (no fee); its transfer to the chef follows. */
  'payments.tip.charged.v1': z.object({
    tip_id: Id,
    application_id: Id,
    job_id: Id,
    seat_no: z.number().int().min(1),
    restaurant_id: Id,
    chef_id: Id,
    amount_cents: Money,
    payment_intent_id: z.string(),
  }),
  /** The tip's charge failed: the restaurant is told; nothing reaches the chef. */
  'payments.tip.failed.v1': z.object({
    tip_id: Id,
    application_id: Id,
    job_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    amount_cents: Money,
    code: z.string().nullable(),
    decline_code: z.string().nullable(),
    message: z.string(),
    /** Added (tips): which attempt failed (a tip may be given again after a decline, each its own charge) */
    attempt: z.number().int().min(1).optional(),
  }),
  /** The tip reached the chef whole (the transfer is in the ledger): the chef is texted. */
  'payments.tip.paid.v1': z.object({
    tip_id: Id,
    application_id: Id,
    job_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    amount_cents: Money,
    transfer_id: z.string(),
  }),
  /** An instant payout landed on the chef's debit card (verified by retrieve). */
  'payments.instant_payout.paid.v1': z.object({
    payout_id: Id,
    chef_id: Id,
    amount_cents: Money,
    fee_cents: Money,
    net_cents: Money,
    provider_payout_id: z.string(),
  }),
  /** An instant payout failed: the money is back in the chef's balance, the fee returned; the chef is texted. */
  'payments.instant_payout.failed.v1': z.object({
    payout_id: Id,
    chef_id: Id,
    amount_cents: Money,
    fee_cents: Money,
    net_cents: Money,
    provider_payout_id: z.string().nullable(),
    failure_code: z.string().nullable(),
    failure_message: z.string(),
  }),
  /** A restaurant's week is closed (STATEMENT_DAY): notifications texts it the statement's link. */
  'payments.statement.ready.v1': z.object({
    restaurant_id: Id,
    week: z.string(),
    charged_cents: Money,
    net_cents: z.number().int(),
    /** the web app's path of the statement, e.g. /statements?week=2026-W48 */
    path: z.string(),
  }),
  /** The card's holder disputed a charge at the bank (verified by retrieve): the amount is withdrawn. */
  'payments.card_dispute.opened.v1': z.object({
    dispute_id: z.string(),
    job_id: Id,
    restaurant_id: Id,
    amount_cents: Money,
    reason: z.string(),
    evidence_due_by: z.string().nullable(),
  }),
  /**
   * The dispute closed: `won` (the amount is back), `lost` (booked as a loss; the restaurant is flagged and cannot
   * post until it settles; the chef keeps what was paid).
   */
  'payments.card_dispute.closed.v1': z.object({
    dispute_id: z.string(),
    job_id: Id,
    restaurant_id: Id,
    amount_cents: Money,
    outcome: z.enum(['won', 'lost']),
  }),
  /** The restaurant paid back a lost dispute: the flag lifts (jobs lets it post again). */
  'payments.card_dispute.settled.v1': z.object({
    dispute_id: z.string(),
    job_id: Id,
    restaurant_id: Id,
    amount_cents: Money,
  }),
} as const;
