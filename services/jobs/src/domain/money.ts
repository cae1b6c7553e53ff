import {
  checkoutOutcome,
  CLOSED_PAYMENT_STATUSES,
  HELD_PAYMENT_STATUSES,
  moneyFacts,
  type ApplicationStatus,
  type MoneyFacts,
  type MoneyReason,
  type PaymentStatus,
} from '@brigade/contracts';
import type { JobRow, SeatRow } from './records';
import { seatsOf, withSeat } from './seats';

// What a job's money did, as its two sides read it (Job.money): named from the facts that moved it. Once
// payments closed the escrow, its closing event's reason and figures (the decision and what the ledger moved);
// before that, the rule of jobs that decided (a cancellation's quote, the expiry, both checkout answers or the
// deadline's, an operator's decision), on its way; nothing decided: held, or under review while disputed.

const closed = (s: PaymentStatus) => (CLOSED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(s);
const held = (s: PaymentStatus) => (HELD_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(s);

interface Decided {
  reason: MoneyReason;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
}

type MoneyRow = Pick<
  JobRow,
  | 'status'
  | 'payment_status'
  | 'subtotal_cents'
  | 'fee_cents'
  | 'total_cents'
  | 'restaurant_work_completed'
  | 'chef_work_completed'
  | 'cancel_chef_pay_cents'
  | 'cancel_fee_cents'
  | 'cancel_refund_cents'
  | 'money_reason'
  | 'money_chef_pay_cents'
  | 'money_fee_cents'
  | 'money_refund_cents'
>;

/** The whole charge back to the restaurant, nothing to the chef. */
const fullRefund = (job: MoneyRow, reason: MoneyReason): Decided => ({
  reason,
  chef_pay_cents: 0,
  fee_cents: 0,
  refund_cents: job.total_cents,
});

/** The rule of jobs that decided the money, or null while nothing is decided. */
function ruleOf(job: MoneyRow): Decided | null {
  if (job.money_reason)
    return {
      reason: job.money_reason,
      chef_pay_cents: job.money_chef_pay_cents ?? 0,
      fee_cents: job.money_fee_cents ?? 0,
      refund_cents: job.money_refund_cents ?? 0,
    };
  if (job.status === 'cancelled') {
    const chefPay = job.cancel_chef_pay_cents ?? 0;
    if (chefPay === 0) return fullRefund(job, 'job_cancelled');
    return {
      reason: 'late_cancellation',
      chef_pay_cents: chefPay,
      fee_cents: job.cancel_fee_cents ?? 0,
      refund_cents: job.cancel_refund_cents ?? 0,
    };
  }
  if (job.status === 'expired') return fullRefund(job, 'job_expired');
  if (job.status === 'completed') {
    const outcome = checkoutOutcome(job.restaurant_work_completed, job.chef_work_completed, true);
    if (outcome === 'refund') return fullRefund(job, 'work_not_completed');
    if (outcome === 'release')
      return {
        reason: 'release',
        chef_pay_cents: job.subtotal_cents,
        fee_cents: job.fee_cents,
        refund_cents: 0,
      };
  }
  return null;
}

/** When payments closed the escrow without a reason jobs kept (jobs closed before issue 32): by its status. */
function closedAs(job: MoneyRow): Decided {
  if (job.payment_status === 'completed')
    return {
      reason: 'release',
      chef_pay_cents: job.subtotal_cents,
      fee_cents: job.fee_cents,
      refund_cents: 0,
    };
  return fullRefund(job, job.status === 'expired' ? 'job_expired' : 'job_cancelled');
}

/** Job.money: what the job's money did, or null when no money was ever held for it. */
export function jobMoney(job: MoneyRow): MoneyFacts | null {
  const isClosed = closed(job.payment_status);
  if (!isClosed && !held(job.payment_status)) return null;
  const base = { shift_pay_cents: job.subtotal_cents, total_cents: job.total_cents };
  const decided = ruleOf(job) ?? (isClosed ? closedAs(job) : null);
  if (!decided)
    return moneyFacts({
      reason: null,
      disputed: job.status === 'disputed' || job.payment_status === 'disputed',
      ...base,
      chef_pay_cents: job.subtotal_cents,
      fee_cents: job.fee_cents,
      refund_cents: 0,
    });
  return moneyFacts({ ...decided, done: isClosed, ...base });
}

/**
 * Whether a chef is one of the job's two sides for its money: they hold the shift (accepted, not declined),
 * a cancellation found them booked, or their application lapsed when it expired. Nobody else reads it.
 */
export function chefSeesMoney(
  job: Pick<JobRow, 'status' | 'cancelled_chef_id'>,
  chefId: string,
  app: { status: ApplicationStatus; worker_confirmed: boolean | null } | null,
): boolean {
  if (job.cancelled_chef_id === chefId) return true;
  if (!app) return false;
  if (app.status === 'accepted' && app.worker_confirmed !== false) return true;
  return app.status === 'lapsed' && job.status === 'expired';
}

/**
 * Job.money of a posting of several chefs, as its restaurant reads it (issue 35): each seat's money (its share,
 * its own decision) summed over the seats, against the posting's shift pay and total. The decision's reason is
 * the seats' when they agree; when they differ (two seats worked and paid, one expired and refunded), the first
 * booked seat's, so the sentence names the work; held while any seat's is, and done when every seat's is. A
 * job of one seat: `jobMoney`, as before seats.
 */
export function postingMoney(job: JobRow, seats: readonly SeatRow[]): MoneyFacts | null {
  if (seatsOf(job) === 1 || seats.length === 0) return jobMoney(job);
  const each = seats.map((s) => ({ seat: s, money: jobMoney(withSeat(job, s)) }));
  if (each.some((e) => e.money === null)) return jobMoney(job);
  const facts = each.map((e) => e.money!);
  const sum = (key: 'chef_pay_cents' | 'fee_cents' | 'refund_cents') =>
    facts.reduce((total, f) => total + f[key], 0);
  const reasons = new Set(facts.map((f) => f.reason));
  const booked = each.find((e) => ['completed', 'disputed', 'filled'].includes(e.seat.status));
  const reason = facts.some((f) => f.reason === null)
    ? null
    : reasons.size === 1
      ? facts[0]!.reason
      : (booked?.money!.reason ?? facts[0]!.reason);
  return moneyFacts({
    reason,
    disputed: facts.some((f) => f.outcome === 'under_review'),
    done: facts.every((f) => f.state === 'done'),
    shift_pay_cents: job.subtotal_cents,
    total_cents: job.total_cents,
    chef_pay_cents: sum('chef_pay_cents'),
    fee_cents: sum('fee_cents'),
    refund_cents: sum('refund_cents'),
  });
}
