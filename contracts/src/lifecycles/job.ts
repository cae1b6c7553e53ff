/**
 * The job lifecycle as data: every write to a job's status names one of these actions, and a status not in
 * `from` refuses it. `by` says who may trigger it: the owning restaurant, the chef of the shift, or the system
 * (an event, a rule's deadline). The jobs service enforces it; the web app derives its buttons from it.
 */
export const JOB_STATUSES = [
  'pending_payment',
  'payment_failed',
  'open',
  'filled',
  'completed',
  'cancelled',
  'expired',
  'disputed',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** `operator`: a person of the platform team deciding a dispute (issue 17). */
export type Actor = 'restaurant' | 'chef' | 'system' | 'operator';

export const JOB_TRANSITIONS = {
  /** payments.escrow.held.v1 (also after a failed card was retried) */
  escrowHeld: { from: ['pending_payment', 'payment_failed'], to: 'open', by: ['system'] },
  /** payments.escrow.failed.v1 */
  escrowFailed: { from: ['pending_payment', 'payment_failed'], to: 'payment_failed', by: ['system'] },
  /** the accepted chef confirmed */
  fill: { from: ['open'], to: 'filled', by: ['chef'] },
  /** the confirmed chef cancelled before the start: the shift is open again (and announced as urgent) */
  reopen: { from: ['filled'], to: 'open', by: ['chef'] },
  /**
   * the owner cancelled before the start (the cancellation rules say what each side gets); `system` on the
   * owner's behalf when an operator suspended the restaurant
   */
  cancel: {
    from: ['pending_payment', 'payment_failed', 'open', 'filled'],
    to: 'cancelled',
    by: ['restaurant', 'system'],
  },
  /** nobody confirmed by the start: pending and accepted applications lapse, a paid shift is refunded */
  expire: { from: ['pending_payment', 'payment_failed', 'open'], to: 'expired', by: ['system'] },
  /** both sides agree (release or refund), or the checkout deadline passed with an answer that stands */
  complete: { from: ['filled'], to: 'completed', by: ['restaurant', 'chef', 'system'] },
  /** the two checkout answers disagree: the money stays held for a decision */
  dispute: { from: ['filled'], to: 'disputed', by: ['restaurant', 'chef', 'system'] },
  /** an operator decided the dispute: the chef is paid what they said (0 to the shift pay), the rest refunded */
  resolve: { from: ['disputed'], to: 'completed', by: ['operator'] },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus; by: readonly Actor[] }>;
export type JobAction = keyof typeof JOB_TRANSITIONS;

/** Whether a transition of a lifecycle table starts from this state (and, when named, this actor may trigger it). */
export function transitionAllows<S extends string>(
  t: { from: readonly S[]; by: readonly Actor[] },
  from: S,
  actor?: Actor,
): boolean {
  return t.from.includes(from) && (!actor || t.by.includes(actor));
}

export function canJob(action: JobAction, from: JobStatus, actor?: Actor): boolean {
  return transitionAllows<JobStatus>(JOB_TRANSITIONS[action], from, actor);
}

export function nextJobStatus(action: JobAction, from: JobStatus): JobStatus | null {
  return canJob(action, from) ? JOB_TRANSITIONS[action].to : null;
}

/** Jobs only their owner may see: not paid yet. */
export function isOwnerOnly(status: JobStatus): boolean {
  return status === 'pending_payment' || status === 'payment_failed';
}

/** A job that will not change again (apart from its money settling). */
export const FINAL_JOB_STATUSES = [
  'completed',
  'cancelled',
  'expired',
] as const satisfies readonly JobStatus[];
