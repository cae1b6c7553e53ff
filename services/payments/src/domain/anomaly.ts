/**
 * Where a money fact came from. Payments acts only on facts that match its own records and what the provider
 * says when asked: a webhook is a hint to ask, never a source of amounts or identities. A fact that does not
 * match is kept as an anomaly (and logged at warn), and nothing else changes.
 */
export type MoneySource =
  | { via: 'webhook'; event_id: string; event_type: string }
  /** The provider's own answer to a call payments made (confirm, retrieve, transfer, refund). */
  | { via: 'provider_call' }
  /** An event of another service (a money decision payments refused). */
  | { via: 'event'; event_id: string; event_type: string };

export const PROVIDER_CALL: MoneySource = { via: 'provider_call' };

export const ANOMALY_REASONS = [
  /** The object the event names does not exist at the provider. */
  'not_at_provider',
  /** A PaymentIntent payments did not create for any job. */
  'unknown_payment_intent',
  /** The provider says the PaymentIntent has not succeeded. */
  'payment_not_succeeded',
  /** The provider reports no failed attempt on the PaymentIntent. */
  'no_failure_at_provider',
  /** Amount or currency differ from the job's total (charge) or from the money task (transfer, refund). */
  'amount_mismatch',
  /** A transfer or refund that no money task of payments asked for. */
  'no_matching_task',
  /** The transfer's destination or group is not the task's. */
  'destination_mismatch',
  /** More would leave the job's escrow than was charged. */
  'exceeds_charge',
  /** A connected account payments did not create for a known user. */
  'unknown_account',
  /** A money decision (a cancellation's figures) that contradicts payments' records: nothing moved. */
  'decision_mismatch',
  /** A SetupIntent payments did not create for a restaurant's Customer (a saved card it never asked for). */
  'unknown_setup_intent',
  /** Issue 38: a payout payments did not make on that connected account (a forged or unknown payout event). */
  'unknown_payout',
  /** Issue 38: the event says the payout landed or failed; the provider says it is still on its way. */
  'payout_not_final',
  // issue 38: card disputes
  /** A card dispute on a charge payments did not make for any job. */
  'unknown_dispute',
  /** A `charge.dispute.closed` for a dispute the provider says is still open (forged or out of order). */
  'dispute_not_closed',
] as const;
export type AnomalyReason = (typeof ANOMALY_REASONS)[number];

export interface Anomaly {
  reason: AnomalyReason;
  objectId: string | null;
  jobId?: string | null;
  details?: Record<string, unknown>;
}
