import { PoisonMessage } from '@brigade/kit';
import { BOOKING_FEE_BPS, platformFee } from '@brigade/contracts';

/** Why money goes back to the restaurant in full (the reason `payments.escrow.refunded.v1` carries). */
export type RefundReason =
  'job_cancelled' | 'work_not_completed' | 'job_expired' | 'dispute_decision' | 'no_show' | 'timesheet';

/**
 * The one decision that moves a job's escrow, with its figures (integer cents): the money tasks carry it out
 * (a part of 0 cents is no task), the ledger rules compare what moved with it, and the job closes as
 * `completed` (release), `refunded` (refund) or `settled` (split) once every part is in the ledger.
 */
export type Decision =
  | {
      kind: 'release';
      reason: 'release' | 'dispute_decision' | 'timesheet';
      chefId: string;
      chefPay: number;
      fee: number;
      refund: 0;
    }
  | { kind: 'refund'; reason: RefundReason; chefId: null; chefPay: 0; fee: 0; refund: number }
  | {
      kind: 'split';
      reason: 'late_cancellation' | 'dispute_decision' | 'timesheet' | 'sent_home';
      chefId: string;
      chefPay: number;
      fee: number;
      refund: number;
    };

/** What payments itself knows of the job: its amounts (from `jobs.job.posted.v1`) and what was charged. */
export interface JobMoney {
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  /** The charge recorded in the ledger (0 when nothing is held). */
  charged_cents: number;
}

/** Release: the chef gets the shift pay, the platform keeps the booking fee. */
export function releaseDecision(job: JobMoney, chefId: string): Decision {
  return {
    kind: 'release',
    reason: 'release',
    chefId,
    chefPay: job.subtotal_cents,
    fee: job.fee_cents,
    refund: 0,
  };
}

/** Full refund: everything charged goes back. */
export function refundDecision(job: JobMoney, reason: RefundReason): Decision {
  return { kind: 'refund', reason, chefId: null, chefPay: 0, fee: 0, refund: job.charged_cents };
}

/**
 * The checks every part-payment passes against payments' own records (a late cancellation, an operator's
 * decision): the chef is paid at most the shift pay, the fee is exactly the platform's 7% of the chef pay,
 * chef pay + fee + refund is exactly what was charged (when the refund is given), and the charge is the job's
 * total.
 */
function splitProblems(job: JobMoney, chefPay: number, fee: number, refund: number | null): string[] {
  const problems: string[] = [];
  const charged = job.charged_cents;
  if (chefPay > job.subtotal_cents) problems.push(`chef pay ${chefPay} > shift pay ${job.subtotal_cents}`);
  const expectedFee = platformFee({ feeBps: BOOKING_FEE_BPS }, chefPay);
  if (fee !== expectedFee) problems.push(`fee ${fee} != 7% of chef pay (${expectedFee})`);
  if (refund === null) problems.push('no refund figure with chef pay');
  else if (chefPay + fee + refund !== charged)
    problems.push(`chef pay ${chefPay} + fee ${fee} + refund ${refund} != charged ${charged}`);
  if (charged !== job.total_cents) problems.push(`charged ${charged} != job total ${job.total_cents}`);
  return problems;
}

/** The figures of `jobs.job.cancelled.v1` that move money. */
export interface CancellationFigures {
  refund_due: boolean;
  late: boolean;
  chef_id: string | null;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number | null;
}

export type CancellationVerdict =
  | { ok: true; decision: Decision }
  /** The figures contradict payments' own records: nothing moves (the event is refused). */
  | { ok: false; problems: string[] };

/**
 * A restaurant's cancellation of a paid shift, checked against payments' own records before anything moves:
 * - nothing for the chef: a full refund of what was charged (also when jobs did not know the money was held:
 *   `refund_due` false), and the figures, when given, must say so (no fee, the whole charge back);
 * - a late cancellation paying the chef: a split. The chef pay is at most the job's shift pay, the fee is
 *   exactly the platform's 7% of it, chef pay + fee + refund is exactly what was charged, and jobs must have
 *   known the money was held.
 * Which chef may be paid (the accepted one) is checked by the caller against the applications read model.
 */
export function cancellationDecision(job: JobMoney, f: CancellationFigures): CancellationVerdict {
  const problems: string[] = [];
  const charged = job.charged_cents;
  if (f.chef_pay_cents === 0) {
    if (f.fee_cents !== 0) problems.push(`fee ${f.fee_cents} kept with no chef pay`);
    if (f.refund_due && f.refund_cents !== null && f.refund_cents !== charged)
      problems.push(`refund ${f.refund_cents} with no chef pay != charged ${charged}`);
    return problems.length
      ? { ok: false, problems }
      : { ok: true, decision: refundDecision(job, 'job_cancelled') };
  }
  if (!f.refund_due) problems.push('chef pay on a cancellation that says no money was held');
  if (!f.late) problems.push('chef pay on a cancellation that is not late');
  if (!f.chef_id) problems.push('chef pay without a chef');
  const refund = f.refund_cents;
  problems.push(...splitProblems(job, f.chef_pay_cents, f.fee_cents, refund));
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    decision: {
      kind: 'split',
      reason: 'late_cancellation',
      chefId: f.chef_id!,
      chefPay: f.chef_pay_cents,
      fee: f.fee_cents,
      refund: refund!,
    },
  };
}

/** The figures of `jobs.dispute.resolved.v1` that move money, and who they name. */
export interface DisputeFigures {
  chef_id: string;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
  subtotal_cents: number;
  total_cents: number;
}

/**
 * An operator's decision of a disputed job, checked against payments' own records before anything moves: the
 * event's shift pay and total are the job's, the chef is paid at most the shift pay, the fee is exactly the
 * platform's 7% of the chef pay, and chef pay + fee + refund is exactly what was charged. Then:
 * - the whole shift pay to the chef: a release (the booking fee kept, nothing back);
 * - nothing to the chef: a full refund of the charge;
 * - anything between: a split.
 * Whether the job is disputed and the chef is its chef is checked by the caller (the job row, the applications
 * read model).
 */
export function disputeDecision(job: JobMoney, f: DisputeFigures): CancellationVerdict {
  const problems: string[] = [];
  const whole = (n: number) => Number.isInteger(n) && n >= 0;
  if (![f.chef_pay_cents, f.fee_cents, f.refund_cents].every(whole))
    problems.push('figures must be whole, non-negative cents');
  if (f.subtotal_cents !== job.subtotal_cents)
    problems.push(`shift pay ${f.subtotal_cents} != the job's ${job.subtotal_cents}`);
  if (f.total_cents !== job.total_cents)
    problems.push(`total ${f.total_cents} != the job's ${job.total_cents}`);
  problems.push(...splitProblems(job, f.chef_pay_cents, f.fee_cents, f.refund_cents));
  if (f.chef_pay_cents === job.subtotal_cents && f.fee_cents !== job.fee_cents)
    problems.push(`a full payout keeps the booking fee ${job.fee_cents}, not ${f.fee_cents}`);
  if (problems.length) return { ok: false, problems };
  if (f.chef_pay_cents === 0) return { ok: true, decision: refundDecision(job, 'dispute_decision') };
  if (f.chef_pay_cents === job.subtotal_cents)
    return {
      ok: true,
      decision: {
        kind: 'release',
        reason: 'dispute_decision',
        chefId: f.chef_id,
        chefPay: job.subtotal_cents,
        fee: job.fee_cents,
        refund: 0,
      },
    };
  return {
    ok: true,
    decision: {
      kind: 'split',
      reason: 'dispute_decision',
      chefId: f.chef_id,
      chefPay: f.chef_pay_cents,
      fee: f.fee_cents,
      refund: f.refund_cents,
    },
  };
}

/**
 * A decision whose figures contradict payments' own records: no money moves, the event goes straight to the
 * dead-letter queue (retrying cannot change the figures; `npm run redrive` after a fix) and an anomaly row
 * keeps what was refused and why.
 */
export class DecisionRefused extends PoisonMessage {
  constructor(
    readonly jobId: string,
    readonly problems: string[],
    readonly figures: Record<string, unknown>,
  ) {
    super(`payments refused the money decision for job ${jobId}: ${problems.join('; ')}`);
    this.name = 'DecisionRefused';
  }
}
