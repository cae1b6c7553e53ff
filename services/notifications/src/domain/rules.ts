// Issue 5's notification rules as data: who is texted for what, when reminders fall due, which toggle governs.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Job reminder: 1 hour before the shift starts (spec section 9). */
export const JOB_REMINDER_LEAD_MS = HOUR;
/** Rating reminder: this long after the shift's end, to a side that has not checked out yet. */
export const RATING_REMINDER_DELAY_MS = HOUR;
/** New message: texted when the reader has not opened the thread this long after it arrived. */
export const MESSAGE_NUDGE_DELAY_MS = 10 * MINUTE;
/** At most one new-message text per thread and reader in this window. */
export const MESSAGE_TEXT_INTERVAL_MS = HOUR;

export type Preference = 'sms_notifications' | 'job_reminders' | 'rating_reminders';

/** Issue 16's texts: how each paid shift leaves escrow (cancellation, expiry, checkout deadline, settlements). */
export const RULE_TEMPLATES = [
  'job_cancelled_late',
  'shift_reopened',
  'job_expired',
  'application_lapsed',
  'checkout_deadline_chef',
  'checkout_deadline_restaurant',
  'checkout_outcome_chef',
  'checkout_outcome_restaurant',
  'settlement_chef',
  'settlement_restaurant',
  'payment_refunded_expired',
  // issue 35: the unbooked seats of a posting expired at the start while its booked seats go on
  'seats_expired',
] as const;
export type RuleTemplateName = (typeof RULE_TEMPLATES)[number];

/** Issue 17's texts: an operator decided a disputed shift (both sides), a refund after that review. */
export const DISPUTE_TEMPLATES = [
  'dispute_resolved_chef',
  'dispute_resolved_restaurant',
  'payment_refunded_review',
] as const;
export type DisputeTemplateName = (typeof DISPUTE_TEMPLATES)[number];

/** Issue 34's texts: the working day (running late, hours adjusted, no-show, sent home, a failed extra, decided hours). */
export const TIMESHEET_TEMPLATES = [
  'running_late_restaurant',
  'timesheet_adjusted_chef',
  'no_show_marked_chef',
  'sent_home_chef',
  'extra_charge_failed_restaurant',
  'hours_decided_chef',
  'hours_decided_restaurant',
] as const;
export type TimesheetTemplateName = (typeof TIMESHEET_TEMPLATES)[number];

/** Issue 38's text: a card dispute (chargeback) was lost; the restaurant pays it back to post again. */
export const CARD_DISPUTE_TEMPLATES = ['card_dispute_lost_restaurant'] as const;
export type CardDisputeTemplateName = (typeof CARD_DISPUTE_TEMPLATES)[number];

/**
 * Issue 35's texts of a posted shift's edit and of a series: a booked chef reads the change old → new and answers
 * it; the restaurant hears that a change was not saved (card declined), not made (the shift closed), that a chef
 * left after it, or that an occurrence of its series needs paying in the app.
 */
export const EDIT_TEMPLATES = [
  'job_edited_chef',
  'edit_charge_failed_restaurant',
  'edit_declined_restaurant',
  'edit_dropped_restaurant',
  'occurrence_payment_needed_restaurant',
] as const;
export type EditTemplateName = (typeof EDIT_TEMPLATES)[number];

/**
 * Issue 37's texts of the fill engine: a shift for the chefs in range that jobs chose (new, or open to everyone
 * once its roster-first window ended), and a boost of its rate. Each says why its reader was told.
 */
export const ALERT_TEMPLATES = ['shift_new', 'shift_boosted'] as const;
export type AlertTemplateName = (typeof ALERT_TEMPLATES)[number];
/** Issue 37's texts: a reconfirmation asked, a seat released for a missed one, a reopened seat offered to standby. */
export const FILL_TEMPLATES = [
  'reconfirm_requested_chef',
  'reconfirm_released_chef',
  'standby_offer',
] as const;
export type FillTemplateName = (typeof FILL_TEMPLATES)[number];

/** Issue 38's texts of a tip: the chef hears it reached them, the restaurant that its card did not pay it. */
export const TIP_TEMPLATES = ['tip_paid_chef', 'tip_failed_restaurant'] as const;
export type TipTemplateName = (typeof TIP_TEMPLATES)[number];
/** Issue 38's texts: a chef's instant payout landed on the debit card, or failed (money back, fee returned). */
export const PAYOUT_TEMPLATES = ['instant_payout_paid_chef', 'instant_payout_failed_chef'] as const;
export type PayoutTemplateName = (typeof PAYOUT_TEMPLATES)[number];
/** Issue 38's statements: a restaurant's weekly statement is ready (STATEMENT_DAY), with its link. */
export const STATEMENT_TEMPLATES = ['statement_ready_restaurant'] as const;
export type StatementTemplateName = (typeof STATEMENT_TEMPLATES)[number];

/** Issue 39's texts: an operator decided an appeal of a mark on the reader's record (removed, or kept). */
export const APPEAL_TEMPLATES = ['appeal_removed', 'appeal_kept'] as const;
export type AppealTemplateName = (typeof APPEAL_TEMPLATES)[number];
/** Issue 39's texts: an operator hid a review; its author and the side reviewed are told. */
export const REVIEW_TEMPLATES = ['review_hidden_author', 'review_hidden_subject'] as const;
export type ReviewTemplateName = (typeof REVIEW_TEMPLATES)[number];
/** Issue 39's texts to a chef about a credential: verified, rejected or revoked (with why), expiring soon. */
export const CREDENTIAL_TEMPLATES = [
  'credential_verified_chef',
  'credential_rejected_chef',
  'credential_revoked_chef',
  'credential_expiring_chef',
] as const;
export type CredentialTemplateName = (typeof CREDENTIAL_TEMPLATES)[number];

/** Issue 40's notice: the person's texts keep failing, so push and email carry their notifications. */
export const CHANNEL_TEMPLATES = ['sms_fallback_started'] as const;
export type ChannelTemplateName = (typeof CHANNEL_TEMPLATES)[number];

export const TEMPLATES = [
  'application_submitted',
  'application_accepted',
  'application_rejected',
  'application_confirmed',
  'application_declined',
  'application_cancelled',
  'chef_checked_out',
  'shift_favorite',
  'shift_invite',
  'shift_offer',
  // issue 35: how a direct offer ended without a booking, told to the restaurant that made it
  'offer_declined',
  'offer_expired',
  'offer_withdrawn',
  'shift_urgent',
  'payout_released',
  'payout_released_restaurant',
  'job_cancelled',
  'payment_refunded',
  'payment_refunded_restaurant',
  'new_message',
  'job_reminder_chef',
  'job_reminder_restaurant',
  'rating_reminder_chef',
  'rating_reminder_restaurant',
  ...RULE_TEMPLATES,
  ...DISPUTE_TEMPLATES,
  ...TIMESHEET_TEMPLATES,
  ...EDIT_TEMPLATES,
  ...ALERT_TEMPLATES,
  ...FILL_TEMPLATES,
  ...TIP_TEMPLATES,
  ...PAYOUT_TEMPLATES,
  ...STATEMENT_TEMPLATES,
  ...CARD_DISPUTE_TEMPLATES,
  ...APPEAL_TEMPLATES,
  ...REVIEW_TEMPLATES,
  ...CREDENTIAL_TEMPLATES,
  ...CHANNEL_TEMPLATES,
] as const;
export type TemplateName = (typeof TEMPLATES)[number];

/**
 * Which toggles must be on for a template to be sent. SMS Notifications is the master switch; the two
 * reminder toggles add to it. A checkout-deadline reminder asks for the checkout and rating: Rating Reminders.
 */
export function preferencesFor(template: TemplateName): Preference[] {
  if (template.startsWith('job_reminder_')) return ['sms_notifications', 'job_reminders'];
  if (template.startsWith('rating_reminder_') || template.startsWith('checkout_deadline_'))
    return ['sms_notifications', 'rating_reminders'];
  return ['sms_notifications'];
}

/** Send order: favorites named by the restaurant go out before the city-wide urgent broadcast. */
export const PRIORITY = { direct: 10, favorite: 20, broadcast: 50 } as const;

export const DEFAULT_PREFERENCES = {
  sms_notifications: true,
  job_reminders: true,
  rating_reminders: true,
} as const;

/** Backoff before attempt n+1 (n = attempts made); null when the text has used all its attempts. */
export function retryDelay(attemptsMade: number, delaysMs: number[]): number | null {
  return attemptsMade <= delaysMs.length ? delaysMs[attemptsMade - 1] : null;
}
