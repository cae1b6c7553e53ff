import { jobsHttp } from '@brigade/contracts';

export const JOB_STATUSES = jobsHttp.JOB_STATUSES;
export const PAYMENT_STATUSES = jobsHttp.PAYMENT_STATUSES;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The job lifecycle as data. Every write to a job's status names one of these actions; a status not in
 * `from` refuses the action. Accepting a chef does not change the job: it stays open until the chef confirms.
 */
export const JOB_TRANSITIONS = {
  /** payments.escrow.held.v1 (also after a failed card was retried) */
  escrowHeld: { from: ['pending_payment', 'payment_failed'], to: 'open' },
  /** payments.escrow.failed.v1 */
  escrowFailed: { from: ['pending_payment', 'payment_failed'], to: 'payment_failed' },
  /** the accepted chef confirmed */
  fill: { from: ['open'], to: 'filled' },
  /** the owner cancelled (a filled job only before the shift starts) */
  cancel: { from: ['pending_payment', 'payment_failed', 'open', 'filled'], to: 'cancelled' },
  /** both sides checked out and agree (work done: release; not done: refund) */
  complete: { from: ['filled'], to: 'completed' },
  /** both sides checked out and disagree: kept for review, money still held */
  dispute: { from: ['filled'], to: 'disputed' },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus }>;
export type JobAction = keyof typeof JOB_TRANSITIONS;

/** What the money is doing, driven by the payments service's events and by mutual checkout. */
export const PAYMENT_TRANSITIONS = {
  held: { from: ['pending', 'failed'], to: 'held_in_escrow' },
  failed: { from: ['pending', 'failed'], to: 'failed' },
  dispute: { from: ['held_in_escrow'], to: 'disputed' },
  released: { from: ['held_in_escrow', 'disputed'], to: 'completed' },
  refunded: { from: ['held_in_escrow', 'disputed'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly PaymentStatus[]; to: PaymentStatus }>;
export type PaymentAction = keyof typeof PAYMENT_TRANSITIONS;

export function canJob(action: JobAction, from: JobStatus): boolean {
  return (JOB_TRANSITIONS[action].from as readonly JobStatus[]).includes(from);
}
export function nextJobStatus(action: JobAction, from: JobStatus): JobStatus | null {
  return canJob(action, from) ? JOB_TRANSITIONS[action].to : null;
}
export function nextPaymentStatus(action: PaymentAction, from: PaymentStatus): PaymentStatus | null {
  return (PAYMENT_TRANSITIONS[action].from as readonly PaymentStatus[]).includes(from)
    ? PAYMENT_TRANSITIONS[action].to
    : null;
}

/** Jobs only their owner may see: not paid yet. */
export function isOwnerOnly(status: JobStatus): boolean {
  return status === 'pending_payment' || status === 'payment_failed';
}
