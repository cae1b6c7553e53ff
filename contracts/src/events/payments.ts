import { z } from 'zod';
import { payEvents } from './pay';
import { EventSeatNo } from './seats';

const Id = z.string().uuid();
const Money = z.number().int().nonnegative();

export const paymentsEvents = {
  'payments.escrow.held.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    payment_intent_id: z.string(),
    amount_cents: Money,
  }),
  'payments.escrow.failed.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    payment_intent_id: z.string().nullable(),
    code: z.string().nullable(),
    decline_code: z.string().nullable(),
    message: z.string(),
  }),
  'payments.payout.released.v1': z.object({
    job_id: Id,
    chef_id: Id,
    restaurant_id: Id,
    transfer_id: z.string(),
    amount_cents: Money,
    /**
     * release: both sides agreed (or the deadline's rule); dispute_decision: an operator paid the chef in full;
     * timesheet (issue 34): the approved hours used the whole escrow (an extra, if any, is charged on its own)
     */
    reason: z.enum(['release', 'dispute_decision', 'timesheet']).default('release'),
    /** Added (issue 32): the booking fee Brigade kept beside the payout; absent on older events. */
    fee_cents: Money.optional(),
    /** Issue 35: the seat paid and its application (null on events from before seats) */
    seat_no: EventSeatNo,
    application_id: Id.nullable().default(null),
  }),
  'payments.escrow.refunded.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    refund_id: z.string(),
    amount_cents: Money,
    /** issue 34: `no_show` (a no-show stood or was decided), `timesheet` (approved hours came to nothing) */
    reason: z.enum([
      'job_cancelled',
      'work_not_completed',
      'job_expired',
      'dispute_decision',
      'no_show',
      'timesheet',
    ]),
    /**
     * Issue 35: the seat refunded (a seat's share), its application and chef when it had one; null seat: the
     * whole posting's escrow
     */
    seat_no: EventSeatNo,
    application_id: Id.nullable().default(null),
    chef_id: Id.nullable().default(null),
  }),
  /**
   * A split closed the job's escrow: the chef was paid part (a late cancellation; later an operator's
   * decision), the platform kept 7% of it, the rest went back to the restaurant. Published once both moves
   * are in the ledger (charged = transferred + fee + refunded).
   */
  'payments.escrow.settled.v1': z.object({
    job_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    transfer_id: z.string().nullable(),
    chef_pay_cents: Money,
    fee_cents: Money,
    refund_id: z.string().nullable(),
    refund_cents: Money,
    /** issue 34: `timesheet` (fewer hours than scheduled: the rest refunded), `sent_home` (paid the sent-home pay) */
    reason: z.enum(['late_cancellation', 'dispute_decision', 'timesheet', 'sent_home']),
    /** Added (issue 32): the job's whole shift pay (a split's chef pay is part of it); absent on older events. */
    subtotal_cents: Money.optional(),
    /** Issue 35: the seat settled and its application (null on events from before seats) */
    seat_no: EventSeatNo,
    application_id: Id.nullable().default(null),
  }),
  'payments.payout_account.updated.v1': z.object({
    user_id: Id,
    account_id: z.string(),
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    currently_due: z.array(z.string()),
  }),
  /**
   * Issue 34: the extra of an approved timesheet (hours past the scheduled pay, with its fee) was charged
   * off-session to the restaurant's saved card; the chef's extra pay is transferred from here.
   */
  'payments.extra_charge.collected.v1': z.object({
    job_id: Id,
    application_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    payment_intent_id: z.string(),
    amount_cents: Money,
    /** the chef's part and the fee's part of the amount */
    chef_pay_cents: Money,
    fee_cents: Money,
    /** paid by the restaurant in the app after a failed off-session charge */
    paid_in_app: z.boolean(),
    seat_no: EventSeatNo,
  }),
  /**
   * The off-session charge was declined or needs authentication: the restaurant is texted a link to pay the
   * balance in the app; the chef has the scheduled part, the extra waits. Owed money after BALANCE_DUE_AFTER.
   */
  'payments.extra_charge.failed.v1': z.object({
    job_id: Id,
    application_id: Id,
    restaurant_id: Id,
    chef_id: Id,
    payment_intent_id: z.string().nullable(),
    amount_cents: Money,
    code: z.string().nullable(),
    decline_code: z.string().nullable(),
    requires_authentication: z.boolean(),
    /** when the balance becomes owed money in the operator console */
    due_at: z.string(),
    seat_no: EventSeatNo,
  }),
  /**
   * Issue 35: an edit's rise was charged off-session (key `job:{id}:edit:{editId}:charge`) and booked in the
   * ledger at seat 0; jobs applies the edit now.
   */
  'payments.edit_charge.collected.v1': z.object({
    job_id: Id,
    edit_id: Id,
    restaurant_id: Id,
    payment_intent_id: z.string(),
    amount_cents: Money,
  }),
  /** Issue 35: the edit's charge was declined or needs the restaurant present: jobs drops the edit. */
  'payments.edit_charge.failed.v1': z.object({
    job_id: Id,
    edit_id: Id,
    restaurant_id: Id,
    payment_intent_id: z.string().nullable(),
    amount_cents: Money,
    code: z.string().nullable(),
    decline_code: z.string().nullable(),
    requires_authentication: z.boolean(),
  }),
  ...payEvents,
} as const;
