import type { NotificationType } from '@brigade/contracts';
import type { TemplateName } from './rules';

// Issue 40: the type of each notification (the settings table's row it obeys), by its template. The record is
// total, so a new template does not compile until it has a type.
const TYPE_OF: Record<TemplateName, NotificationType> = {
  // shift offers and alerts
  shift_favorite: 'shift_alerts',
  shift_invite: 'shift_alerts',
  shift_offer: 'shift_alerts',
  shift_urgent: 'shift_alerts',
  shift_new: 'shift_alerts',
  shift_boosted: 'shift_alerts',
  standby_offer: 'shift_alerts',
  shift_reopened: 'shift_alerts',
  // booking changes
  application_submitted: 'booking_changes',
  application_accepted: 'booking_changes',
  application_rejected: 'booking_changes',
  application_confirmed: 'booking_changes',
  application_declined: 'booking_changes',
  application_cancelled: 'booking_changes',
  application_lapsed: 'booking_changes',
  chef_checked_out: 'booking_changes',
  offer_declined: 'booking_changes',
  offer_expired: 'booking_changes',
  offer_withdrawn: 'booking_changes',
  job_cancelled: 'booking_changes',
  job_cancelled_late: 'booking_changes',
  job_expired: 'booking_changes',
  seats_expired: 'booking_changes',
  job_edited_chef: 'booking_changes',
  edit_declined_restaurant: 'booking_changes',
  edit_dropped_restaurant: 'booking_changes',
  reconfirm_released_chef: 'booking_changes',
  running_late_restaurant: 'booking_changes',
  no_show_marked_chef: 'booking_changes',
  sent_home_chef: 'booking_changes',
  // reminders
  job_reminder_chef: 'reminders',
  job_reminder_restaurant: 'reminders',
  rating_reminder_chef: 'reminders',
  rating_reminder_restaurant: 'reminders',
  checkout_deadline_chef: 'reminders',
  checkout_deadline_restaurant: 'reminders',
  reconfirm_requested_chef: 'reminders',
  // money
  payout_released: 'money',
  payout_released_restaurant: 'money',
  payment_refunded: 'money',
  payment_refunded_restaurant: 'money',
  payment_refunded_expired: 'money',
  checkout_outcome_chef: 'money',
  checkout_outcome_restaurant: 'money',
  settlement_chef: 'money',
  settlement_restaurant: 'money',
  timesheet_adjusted_chef: 'money',
  extra_charge_failed_restaurant: 'money',
  edit_charge_failed_restaurant: 'money',
  occurrence_payment_needed_restaurant: 'money',
  tip_paid_chef: 'money',
  tip_failed_restaurant: 'money',
  instant_payout_paid_chef: 'money',
  instant_payout_failed_chef: 'money',
  statement_ready_restaurant: 'money',
  card_dispute_lost_restaurant: 'money',
  // messages
  new_message: 'messages',
  // disputes and decisions
  dispute_resolved_chef: 'disputes',
  dispute_resolved_restaurant: 'disputes',
  payment_refunded_review: 'disputes',
  hours_decided_chef: 'disputes',
  hours_decided_restaurant: 'disputes',
  appeal_removed: 'disputes',
  appeal_kept: 'disputes',
  review_hidden_author: 'disputes',
  review_hidden_subject: 'disputes',
  // account
  credential_verified_chef: 'account',
  credential_rejected_chef: 'account',
  credential_revoked_chef: 'account',
  credential_expiring_chef: 'account',
  sms_fallback_started: 'account',
};

/** The notification type a template's notification is. */
export const notificationTypeOf = (template: TemplateName): NotificationType => TYPE_OF[template];

const ENDS_LINK = '.,;';
const ENDS_SENTENCE = '.!?)';
/** What `\s` matches in a text (space, tab, line breaks, no-break and the other Unicode spaces). */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/**
 * A rendered text as an inbox entry shows it: the words, and the page of the web app its link opens (the last
 * link to `publicUrl` in the text, as a path), without the link itself and the "Brigade:" that texts start with.
 */
export function inboxTextOf(body: string, publicUrl: string): { text: string; link: string | null } {
  const base = publicUrl.endsWith('/') ? publicUrl.slice(0, -1) : publicUrl;
  let link: string | null = null;
  let text = body;
  const at = body.lastIndexOf(`${base}/`);
  if (at >= 0) {
    // The link runs to the next space; a period, comma or semicolon that ends it ends the sentence instead.
    // (Read by hand, not by a pattern: an inbox page shows 20 texts on every poll that changed.)
    let end = at;
    while (end < body.length && !isSpace(body.charCodeAt(end))) end++;
    if (end - at > 1 && ENDS_LINK.includes(body[end - 1])) end--;
    link = body.slice(at + base.length, end) || null;
    let before = at;
    while (before > 0 && (isSpace(body.charCodeAt(before - 1)) || body[before - 1] === ':')) before--;
    text = `${body.slice(0, before)}${body.slice(end)}`;
    if (text === '' || !ENDS_SENTENCE.includes(text[text.length - 1])) text += '.';
  }
  const words = text.startsWith('Brigade:') ? text.slice(8).trimStart() : text;
  return { text: words.charAt(0).toUpperCase() + words.slice(1), link };
}
