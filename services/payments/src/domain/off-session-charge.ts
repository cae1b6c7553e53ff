import type { Anomaly } from './anomaly';

/** An off-session PaymentIntent as the provider returned it (an extra's or an edit's charge). */
export interface OffSessionIntentFacts {
  id: string;
  amount: number;
  amount_received?: number;
  currency?: string;
  status?: string;
  metadata?: Record<string, string> | null;
}

/** What payments asked the provider to charge off-session, from its own records; null when it asked nothing. */
export interface AskedCharge {
  job_id: string;
  amount_cents: number;
  /** the PaymentIntent payments recorded for it, once known */
  payment_intent_id: string | null;
  /** false: nothing was ever asked for (no charge due) */
  asked: boolean;
  collected: boolean;
}

/** What was asked, from a record's figures and its charge status (`none` | `pending` | `failed` | `collected`). */
export const askedCharge = (
  job_id: string,
  amount_cents: number,
  payment_intent_id: string | null,
  status: string,
): AskedCharge => ({
  job_id,
  amount_cents,
  payment_intent_id,
  asked: status !== 'none',
  collected: status === 'collected',
});

/**
 * Whether a PaymentIntent that says it is this charge may be booked (issue 34's extra, issue 35's edit): one
 * payments asked for and has not booked, the very PaymentIntent it recorded, succeeded, in usd, for exactly the
 * amount, on the job it names. `duplicate`: already booked. Anything else is the anomaly to report; nothing moves.
 */
export function judgeOffSessionCharge(
  pi: OffSessionIntentFacts,
  asked: AskedCharge | null,
): 'book' | 'duplicate' | Omit<Anomaly, 'objectId'> {
  if (!asked || !asked.asked || (asked.payment_intent_id && asked.payment_intent_id !== pi.id))
    return { reason: 'unknown_payment_intent', jobId: asked?.job_id ?? null };
  if (asked.collected) return 'duplicate';
  if (pi.status !== 'succeeded') return { reason: 'payment_not_succeeded', jobId: asked.job_id };
  if (
    pi.amount !== asked.amount_cents ||
    (pi.amount_received ?? pi.amount) !== asked.amount_cents ||
    pi.currency !== 'usd' ||
    pi.metadata?.job_id !== asked.job_id
  )
    return {
      reason: 'amount_mismatch',
      jobId: asked.job_id,
      details: { amount: pi.amount, currency: pi.currency ?? null, expected_cents: asked.amount_cents },
    };
  return 'book';
}

/** Why an off-session charge did not go through, as its failure events and texts say it. */
export interface ChargeFailure {
  payment_intent_id: string | null;
  code: string | null;
  decline_code: string | null;
  /** the bank wants the restaurant present (3-D Secure): they pay it in the app */
  requires_authentication: boolean;
}

/** No card to charge: neither a saved card nor the one the escrow payment kept. */
export const NO_SAVED_CARD: ChargeFailure = {
  payment_intent_id: null,
  code: 'no_saved_card',
  decline_code: null,
  requires_authentication: false,
};

/** A PaymentIntent the provider answered without success (it needs the restaurant to authenticate). */
export const failureOfIntent = (pi: { id: string; status?: string }): ChargeFailure => ({
  payment_intent_id: pi.id,
  code: pi.status === 'requires_action' ? 'authentication_required' : null,
  decline_code: null,
  requires_authentication: pi.status === 'requires_action',
});

/** A card error the provider threw for the charge (declined, or authentication required). */
export const failureOfCardError = (err: {
  code?: string;
  decline_code?: string;
  payment_intent?: { id?: string };
}): ChargeFailure => ({
  payment_intent_id: err.payment_intent?.id ?? null,
  code: err.code ?? null,
  decline_code: err.decline_code ?? null,
  requires_authentication: err.code === 'authentication_required',
});
