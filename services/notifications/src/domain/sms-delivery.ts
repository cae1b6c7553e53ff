/**
 * What became of a text after Twilio took it, as its status callbacks tell: `sent` (handed to the carrier), then
 * one of the ends `delivered`, `undelivered` or `failed`. A status never goes backwards: callbacks can arrive out
 * of order (a late `sent` after `delivered`), and an end is final.
 */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'undelivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Twilio's status -> ours (its early steps all read as `sent`); null for statuses about nothing we track. */
export function deliveryStatusOf(twilioStatus: string): DeliveryStatus | null {
  switch (twilioStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

const RANK: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/** The statuses `incoming` may follow (a text with none yet may take any). */
export const statusesBehind = (incoming: DeliveryStatus): DeliveryStatus[] =>
  DELIVERY_STATUSES.filter((s) => RANK[s] < RANK[incoming]);

/** The status a text moves to, or null when the callback would take it backwards or change an end. */
export function nextDeliveryStatus(
  current: DeliveryStatus | null,
  incoming: DeliveryStatus,
): DeliveryStatus | null {
  return current === null || statusesBehind(incoming).includes(current) ? incoming : null;
}

/** A text that did not reach the phone: it counts towards the run that makes a person fall back. */
export const isFailure = (s: DeliveryStatus): s is 'failed' | 'undelivered' =>
  s === 'failed' || s === 'undelivered';
