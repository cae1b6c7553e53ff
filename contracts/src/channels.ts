// Issue 40: what a notification is about (its type) and the channels it can go out by. The inbox is not a
// channel one can switch off: every notification is an inbox entry.

/** The kinds of notification a person chooses channels for, as the settings table's rows. */
export const NOTIFICATION_TYPES = [
  'shift_alerts',
  'booking_changes',
  'reminders',
  'money',
  'messages',
  'disputes',
  'account',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The channels a person can switch per type (the inbox column is always on). */
export const DELIVERY_CHANNELS = ['sms', 'push', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export type ChannelSwitches = Record<DeliveryChannel, boolean>;

/** The channels that deliver in this version (the settings table shows these columns, beside the inbox). */
export const LIVE_CHANNELS: readonly DeliveryChannel[] = ['sms', 'push', 'email'];

/**
 * Defaults by urgency: what needs acting on within minutes (alerts, booking changes, reminders, messages) goes
 * by push and SMS; money and decisions by email and push; account notices by email. A type whose chosen channels
 * cannot reach the person (no push subscription, no verified email) is texted instead, so nobody who has only a
 * phone misses it (`reachableChannels`).
 */
export const DEFAULT_CHANNELS: Record<NotificationType, ChannelSwitches> = {
  shift_alerts: { sms: true, push: true, email: false },
  booking_changes: { sms: true, push: true, email: false },
  reminders: { sms: true, push: true, email: false },
  money: { sms: false, push: true, email: true },
  messages: { sms: true, push: true, email: false },
  disputes: { sms: false, push: true, email: true },
  account: { sms: false, push: false, email: true },
};

/** Where a person can be reached right now, besides the inbox. */
export interface Reach {
  /** A verified phone with SMS on (the master switch, not STOPped). */
  sms: boolean;
  /** At least one live push subscription. */
  push: boolean;
  /** A verified email address. */
  email: boolean;
}

/**
 * The channels one notification of a type goes out by: the person's switches for the type, kept to the channels
 * that reach them. While the switches are the defaults (`chosen` false), a type whose default channels reach
 * nobody is texted (if SMS reaches them), so a person with only a phone keeps getting what they got before issue
 * 40; switches the person set are kept as set. When SMS keeps failing (`smsFallback`), push and email carry what
 * SMS would have, where they reach.
 */
export function reachableChannels(
  switches: ChannelSwitches,
  reach: Reach,
  { chosen: setByPerson = false, smsFallback = false }: { chosen?: boolean; smsFallback?: boolean } = {},
): DeliveryChannel[] {
  const sms = reach.sms && !smsFallback;
  const can: Record<DeliveryChannel, boolean> = { sms, push: reach.push, email: reach.email };
  let chosen = DELIVERY_CHANNELS.filter((c) => switches[c] && can[c]);
  if (switches.sms && smsFallback) {
    for (const c of ['push', 'email'] as const) if (can[c] && !chosen.includes(c)) chosen.push(c);
  }
  if (!setByPerson && chosen.length === 0 && sms) chosen = ['sms'];
  return chosen;
}
