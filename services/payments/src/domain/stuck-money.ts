import type { Policy } from '@brigade/contracts';

/** A movement of the job's decision not in the ledger yet. */
export interface OpenTask {
  kind: 'transfer' | 'refund';
  status: 'pending' | 'blocked';
  attempts: number;
  last_error_kind: string | null;
}

/** A job whose money is held, with the moments its rules date from. */
export interface HeldJob {
  job_id: string;
  /** Issue 35: the seat of a posting of several (its share held); null or absent: the job's one seat */
  seat_no?: number | null;
  status: 'held_in_escrow' | 'disputed';
  total_cents: number;
  /** The shift's end; null for jobs posted before payments kept shift times. */
  end_time: Date | null;
  held_at: Date | null;
  cancelled_at: Date | null;
  expired_at: Date | null;
  disputed_at: Date | null;
  /** The decision payments recorded for the money (release, refund, split), if any. */
  decision: string | null;
  decided_at: Date | null;
  /** When payments refused a cancellation's figures for this job (anomaly `decision_mismatch`). */
  refused_at: Date | null;
  open_tasks: OpenTask[];
  /**
   * Issue 34: the seat's timesheet as payments heard it (null: no clock events, checkout rules), and a no-show's
   * contest window (contested: an operator decides).
   */
  timesheet?: { status: string; contest_until: Date | null; contested: boolean } | null;
}

/** Money of a settled timesheet's extra that has not moved (the charge, or the chef's extra once collected). */
export interface ExtraMoney {
  job_id: string;
  application_id: string;
  extra_status: 'pending' | 'collected';
  amount_cents: number;
  /** when the charge (pending) or the transfer (collected) was due */
  since: Date;
}

/** A balance owed: an extra the card did not pay, unpaid past BALANCE_DUE_AFTER. */
export interface OwedBalance {
  job_id: string;
  application_id: string;
  restaurant_id: string;
  amount_cents: number;
  due_at: Date;
}

export interface StuckJob {
  job_id: string;
  status: HeldJob['status'];
  held_cents: number;
  /** When the money should have left escrow by its rule. */
  deadline: Date;
  why: string;
}

export interface StuckMoneyReport {
  /** Held more than STUCK_MONEY_AFTER past its rule's deadline. */
  stuck: StuckJob[];
  /** Disputed: held until an operator decides (the next issue); listed apart, never stuck. */
  awaitingDecision: Array<{ job_id: string; held_cents: number; since: Date | null }>;
  /** Held jobs posted before payments kept shift times, with no other rule's moment: not checked. */
  withoutTimes: string[];
  /** How many held jobs were looked at. */
  held: number;
  /** Issue 34: extra-hours balances the restaurant owes past BALANCE_DUE_AFTER (owed money, not held money). */
  owed: OwedBalance[];
}

const iso = (d: Date) => d.toISOString();

/** The durations the stuck-money rules read. */
export type StuckPolicy = Pick<
  Policy,
  | 'checkoutDeadlineMs'
  | 'stuckMoneyAfterMs'
  | 'autoClockOutAfterMs'
  | 'timesheetApprovalDeadlineMs'
  | 'hoursDisputeWindowMs'
>;

/** The rules that date a held job's money, each with the moment it had to leave escrow by. */
function deadlines(job: HeldJob, policy: StuckPolicy) {
  const found: Array<{ at: Date; why: string; paidLate?: boolean }> = [];
  const sheet = job.timesheet;
  if (sheet?.status === 'no_show' && sheet.contest_until && !sheet.contested)
    found.push({
      at: sheet.contest_until,
      why: `no-show uncontested until ${iso(sheet.contest_until)}: its full refund was due then`,
    });
  if (job.decided_at)
    found.push({ at: job.decided_at, why: `${job.decision} decided at ${iso(job.decided_at)}` });
  if (job.cancelled_at)
    found.push({
      at: job.cancelled_at,
      why: `cancelled at ${iso(job.cancelled_at)}: its refund or split was due then`,
    });
  if (job.expired_at)
    found.push({
      at: job.expired_at,
      why: `expired at ${iso(job.expired_at)}: its refund was due then`,
      paidLate: true,
    });
  if (job.refused_at)
    found.push({
      at: job.refused_at,
      why: `its cancellation's figures were refused at ${iso(job.refused_at)} (anomaly decision_mismatch; the event is in the dead-letter queue)`,
    });
  if (job.end_time && job.status === 'held_in_escrow' && sheet && sheet.status !== 'no_show') {
    // A shift with clock events: clocked out at the latest AUTO_CLOCK_OUT_AFTER past the end, approved at the
    // latest TIMESHEET_APPROVAL_DEADLINE after, an adjustment answered within HOURS_DISPUTE_WINDOW.
    const at = new Date(
      job.end_time.getTime() +
        policy.autoClockOutAfterMs +
        policy.timesheetApprovalDeadlineMs +
        policy.hoursDisputeWindowMs,
    );
    found.push({
      at,
      why: `timesheet approval deadline ${iso(at)} passed (shift end + AUTO_CLOCK_OUT_AFTER + TIMESHEET_APPROVAL_DEADLINE + HOURS_DISPUTE_WINDOW)`,
    });
  } else if (job.end_time && job.status === 'held_in_escrow' && !sheet) {
    const at = new Date(job.end_time.getTime() + policy.checkoutDeadlineMs);
    found.push({ at, why: `checkout deadline ${iso(at)} passed (shift end + CHECKOUT_DEADLINE)` });
  }
  return found;
}

function taskState(job: HeldJob): string {
  if (job.open_tasks.length === 0)
    return job.decision ? 'no movement left but the escrow did not close' : 'nothing decided, no money task';
  return job.open_tasks
    .map(
      (t) =>
        `${t.kind} ${t.status} after ${t.attempts} attempt(s)${t.last_error_kind ? ` (last failure: ${t.last_error_kind})` : ''}`,
    )
    .join(', ');
}

/**
 * Money that stays in escrow past its rule (issue 16: no dollar stays in escrow past its deadline). A held job's
 * deadline is the earliest of: the moment its money was decided, cancelled, expired or its decision refused
 * (the refund or split must have happened), and its shift's end + CHECKOUT_DEADLINE (expiry and the checkout
 * deadline both fall before it); for a job paid after it was cancelled or expired, the moment it was held. It
 * is stuck once `now` is more than STUCK_MONEY_AFTER past that. Disputed jobs wait for an operator: listed
 * apart, not stuck.
 */
export function stuckMoney(
  jobs: HeldJob[],
  policy: StuckPolicy,
  now: Date,
  extras: { unmoved: ExtraMoney[]; owed: OwedBalance[] } = { unmoved: [], owed: [] },
): StuckMoneyReport {
  const report: StuckMoneyReport = {
    stuck: [],
    awaitingDecision: [],
    withoutTimes: [],
    held: jobs.length,
    owed: extras.owed,
  };
  for (const x of extras.unmoved)
    if (now.getTime() - x.since.getTime() > policy.stuckMoneyAfterMs)
      report.stuck.push({
        job_id: x.job_id,
        status: 'held_in_escrow',
        held_cents: x.amount_cents,
        deadline: x.since,
        why:
          x.extra_status === 'pending'
            ? `the timesheet's extra charge was due at ${iso(x.since)} and is neither collected nor failed`
            : `the chef's extra was collected at ${iso(x.since)} and not transferred`,
      });
  for (const job of jobs) {
    const awaitsOperator =
      !job.decision &&
      (job.timesheet?.status === 'disputed' ||
        (job.timesheet?.status === 'no_show' && job.timesheet.contested));
    if ((job.status === 'disputed' && !job.decision) || awaitsOperator) {
      report.awaitingDecision.push({
        job_id: job.job_id,
        held_cents: job.total_cents,
        since: job.disputed_at,
      });
      continue;
    }
    const rules = deadlines(job, policy);
    if (rules.length === 0) {
      report.withoutTimes.push(job.job_id);
      continue;
    }
    const first = rules.reduce((a, b) => (b.at < a.at ? b : a));
    // Paid after it was cancelled or expired (a stale payment page): its refund was due once it was held.
    const deadline = job.held_at && job.held_at > first.at && first.paidLate ? job.held_at : first.at;
    if (now.getTime() - deadline.getTime() > policy.stuckMoneyAfterMs)
      report.stuck.push({
        job_id: job.job_id,
        status: job.status,
        held_cents: job.total_cents,
        deadline,
        why: `${job.seat_no ? `seat ${job.seat_no}: ` : ''}${first.why}; ${taskState(job)}`,
      });
  }
  return report;
}
