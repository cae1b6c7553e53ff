import type { Policy } from './policy';
import type { ReliabilityKind } from './policy-rules';

// Issue 39's appeals as data: which facts of a reliability record are marks (what can be appealed), their names in
// the API, why a mark is on a record, and when an appeal is refused. Jobs decides by these; the web app shows the
// same deadline and refusal from the API's answers.

/** The marks: the facts of a record that count against it, by the name jobs keeps them under. */
export const MARK_KINDS = {
  late_cancellations: 'late_cancellation',
  no_shows: 'no_show',
  disputes_lost: 'dispute_lost',
} as const satisfies Partial<Record<ReliabilityKind, string>>;
export type MarkFactKind = keyof typeof MARK_KINDS;
/** A mark's kind as the API names it (`GET /reliability/me`). */
export type MarkKind = (typeof MARK_KINDS)[MarkFactKind];
export const MARK_KIND_NAMES = [
  'late_cancellation',
  'no_show',
  'dispute_lost',
] as const satisfies readonly MarkKind[];

/** The API's name of a fact that is a mark; null for a fact that is not one (a completed shift). */
export function markKindOf(kind: string): MarkKind | null {
  return Object.prototype.hasOwnProperty.call(MARK_KINDS, kind) ? MARK_KINDS[kind as MarkFactKind] : null;
}

/** The fact a mark kind is kept as. */
export function markFactKind(kind: MarkKind): MarkFactKind {
  return (Object.keys(MARK_KINDS) as MarkFactKind[]).find((k) => MARK_KINDS[k] === kind)!;
}

/**
 * Why a mark is on a record, read from the shift it is about:
 * - `cancelled_late`: the side cancelled a booked shift inside LATE_CANCEL_WINDOW (or was withdrawn from it);
 * - `missed_reconfirmation`: the chef did not reconfirm in time and the seat was released (issue 37);
 * - `sent_home`: the restaurant sent its chef home (issue 34: counts as its late cancellation);
 * - `no_show_marked`: the restaurant marked the chef a no-show and it was not contested in time (issue 34);
 * - `checkout_not_worked`: the restaurant answered "did not work" at checkout and the chef never answered;
 * - `review_decided`: an operator decided the shift's dispute against this side.
 */
export const MARK_REASONS = [
  'cancelled_late',
  'missed_reconfirmation',
  'sent_home',
  'no_show_marked',
  'checkout_not_worked',
  'review_decided',
] as const;
export type MarkReason = (typeof MARK_REASONS)[number];

/** A mark's standing: it `counts` on the record, or it was `removed` on appeal and counts nowhere. */
export const MARK_STATUSES = ['counts', 'removed'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/** An appeal's standing: waiting for an operator, or decided (the mark kept, or removed). */
export const APPEAL_STATUSES = ['pending', 'kept', 'removed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** What an operator decides: keep the mark, or remove it from the record. */
export const APPEAL_OUTCOMES = ['keep', 'remove'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** The longest statement an appeal takes (a dispute statement's length). */
export const APPEAL_STATEMENT_MAX = 2000;

/** Why a mark cannot be appealed now (the code the API answers; the web app shows its text). */
export const APPEAL_REFUSALS = {
  removed: 'JOBS.MARK_REMOVED',
  already_appealed: 'JOBS.ALREADY_APPEALED',
  window_closed: 'JOBS.APPEAL_WINDOW_CLOSED',
} as const;
export type AppealRefusal = keyof typeof APPEAL_REFUSALS;

/** The last moment a mark may be appealed: `APPEAL_WINDOW` after it was put on the record. */
export function appealWindowEndsAt(policy: Pick<Policy, 'appealWindowMs'>, markedAt: Date | string): Date {
  return new Date(new Date(markedAt).getTime() + policy.appealWindowMs);
}

/** Whether a mark may be appealed now: it still counts, has no appeal yet, and its window is open. */
export function appealRefusal(
  policy: Pick<Policy, 'appealWindowMs'>,
  mark: { at: Date | string; removed: boolean; appealed: boolean },
  now: Date,
): AppealRefusal | null {
  if (mark.removed) return 'removed';
  if (mark.appealed) return 'already_appealed';
  if (now.getTime() > appealWindowEndsAt(policy, mark.at).getTime()) return 'window_closed';
  return null;
}
