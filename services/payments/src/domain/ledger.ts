import {
  BOOKING_FEE_BPS,
  platformFee,
  seatShare,
  type PaymentStatus,
  type PostingFigures,
} from '@brigade/contracts';
import { isClosed, isHeld } from './escrow-state';
import type { CardDisputeCheck } from './card-dispute-ledger';

export interface LedgerTotals {
  charged_cents: number;
  fee_cents: number;
  transferred_cents: number;
  refunded_cents: number;
}

export interface LedgerCheck extends LedgerTotals {
  job_id: string;
  status: string;
  ok: boolean;
  problems: string[];
  /** Each seat's movements against its share (issue 35); the job is not ok when a seat is not. */
  seats: SeatCheck[];
  /** Issue 38: the job's card disputes by their own rule (card-dispute-ledger.ts); not ok when one is not. */
  card_disputes?: CardDisputeCheck[];
}

/** One seat of a job (issue 35, ADR 0030) as `ledger:check` reads it. */
export interface SeatLedgerFacts {
  job_id: string;
  seat_no: number;
  headcount: number;
  /** the whole posting's figures (the seat's share is `seatShare` of them) */
  posting: PostingFigures;
  /** the seat's escrow movements (a charge here is an added seat's) */
  totals: LedgerTotals;
  /** the seat's own payment status (null: a seat only the ledger names) */
  status: PaymentStatus | null;
  /** the posting's charge (seat 0): each seat's share of it is the seat's */
  posting_charged_cents: number;
  /** the seat's decision, if any */
  decision: LedgerFacts['decision'];
  /** the seat was paid by its timesheet (issue 34): its own rules, not the 7% of a split */
  timesheet: boolean;
  /** the seat's timesheet extra: collected, and what moved of it (transfer and fee) */
  extra_charged_cents: number;
  extra_moved_cents: number;
}

export interface SeatCheck {
  seat_no: number;
  /** the seat's payment status (null: a seat only the ledger names) */
  status: PaymentStatus | null;
  share_cents: number;
  moved_cents: number;
  extra_charged_cents: number;
  extra_moved_cents: number;
  ok: boolean;
  problems: string[];
}

/**
 * A seat's rule: nothing left the escrow for it beyond its share of the posting (`seatShare`: transferred, fee
 * and refunded together), and nothing of its extra beyond what was collected for it. A seat of a posting of
 * several is also held to the job rules (`ledgerProblems`) by its own status and decision over its share: its
 * share of the posting's charge (plus a charge booked at the seat), released, refunded or split as decided.
 */
export function seatLedgerProblems(f: SeatLedgerFacts): SeatCheck {
  const problems: string[] = [];
  let share = 0;
  try {
    const figures = seatShare(f.posting, f.headcount);
    share = figures.total_cents;
    if (f.headcount > 1 && f.status && !f.timesheet)
      problems.push(
        ...ledgerProblems({
          status: f.status,
          ...figures,
          totals: {
            ...f.totals,
            charged_cents: (f.posting_charged_cents > 0 ? share : 0) + f.totals.charged_cents,
          },
          entries_max: 1,
          decision: f.decision,
        }).map((p) => `seat ${f.seat_no}: ${p}`),
      );
  } catch (err) {
    problems.push((err as Error).message);
  }
  const moved = f.totals.transferred_cents + f.totals.fee_cents + f.totals.refunded_cents;
  if (moved > share) problems.push(`seat ${f.seat_no} moved ${moved} > its share ${share}`);
  if (f.extra_moved_cents > f.extra_charged_cents)
    problems.push(
      `seat ${f.seat_no} moved ${f.extra_moved_cents} of its extra > collected ${f.extra_charged_cents}`,
    );
  return {
    seat_no: f.seat_no,
    status: f.status,
    share_cents: share,
    moved_cents: moved,
    extra_charged_cents: f.extra_charged_cents,
    extra_moved_cents: f.extra_moved_cents,
    ok: problems.length === 0,
    problems,
  };
}

export function emptyTotals(): LedgerTotals {
  return { charged_cents: 0, fee_cents: 0, transferred_cents: 0, refunded_cents: 0 };
}

/** A job's figures as the ledger rules read them (read by `db/ledger.repository.ts`; the rules are the pure `ledgerProblems`). */
export interface LedgerFacts {
  status: PaymentStatus;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  totals: LedgerTotals;
  /** At most one ledger entry of each kind (no double charge, transfer, fee or refund). */
  entries_max: number;
  /** The decision payments recorded for the job's money, if any. */
  decision: { kind: string; chef_pay_cents: number; fee_cents: number; refund_cents: number } | null;
}

/**
 * The ledger's rules, for every job by the state of its money:
 * - closed (completed, refunded, settled): charged = transferred + fee + refunded and the charge equals the job
 *   total; a released job transferred exactly the shift pay and kept exactly the booking fee; a refunded job gave
 *   back the whole charge; a settled job (a split) kept exactly 7% of what the chef was paid, paid the chef at
 *   most the shift pay, and moved exactly the figures of the decision payments recorded;
 * - held (held_in_escrow, disputed): charged = the job's total, and what moved so far is parts of its recorded
 *   decision (a split half done: the transfer with its fee, or the refund), nothing without a decision;
 * - unpaid (pending, failed): nothing charged, transferred or refunded;
 * and nothing is ever charged, transferred or refunded twice (at most one entry of each kind). The charged side is
 * every charge of the job (the posting's at seat 0, added seats', extras') and the moved side every seat's.
 */
export function ledgerProblems(f: LedgerFacts): string[] {
  const { charged_cents: charged, fee_cents: fees, transferred_cents: transferred } = f.totals;
  const refunded = f.totals.refunded_cents;
  const d = f.decision;
  const problems: string[] = [];
  if (f.entries_max > 1) problems.push('more than one ledger entry of a kind');
  if (isClosed(f.status)) {
    if (charged !== transferred + fees + refunded)
      problems.push(`charged ${charged} != transferred ${transferred} + fee ${fees} + refunded ${refunded}`);
    if (charged !== f.total_cents) problems.push(`charged ${charged} != job total ${f.total_cents}`);
    if (f.status === 'completed' && (transferred !== f.subtotal_cents || fees !== f.fee_cents))
      problems.push(`released job must transfer ${f.subtotal_cents} and keep ${f.fee_cents}`);
    if (f.status === 'refunded' && refunded !== charged) problems.push(`refunded job must refund ${charged}`);
    if (f.status === 'settled') {
      const fee = platformFee({ feeBps: BOOKING_FEE_BPS }, transferred);
      if (fees !== fee) problems.push(`settled job kept ${fees} != 7% of the chef's ${transferred} (${fee})`);
      if (transferred > f.subtotal_cents)
        problems.push(`settled job paid the chef ${transferred} > shift pay ${f.subtotal_cents}`);
      if (
        d?.kind !== 'split' ||
        d.chef_pay_cents !== transferred ||
        d.fee_cents !== fees ||
        d.refund_cents !== refunded
      )
        problems.push(
          `settled job moved transferred ${transferred} + fee ${fees} + refunded ${refunded}, not its decision ` +
            (d ? `(${d.kind}: ${d.chef_pay_cents} + ${d.fee_cents} + ${d.refund_cents})` : '(none)'),
        );
    }
  } else if (isHeld(f.status)) {
    if (charged !== f.total_cents) problems.push(`held job charged ${charged} != job total ${f.total_cents}`);
    const moved = transferred + fees + refunded;
    const partOfDecision =
      d !== null &&
      (transferred === 0 ? fees === 0 : transferred === d.chef_pay_cents && fees === d.fee_cents) &&
      (refunded === 0 || refunded === d.refund_cents) &&
      moved < charged;
    if (moved > 0 && !partOfDecision)
      problems.push(
        `held job already moved money outside its decision: transferred ${transferred} + fee ${fees} + refunded ${refunded}`,
      );
  } else if (charged + transferred + fees + refunded > 0) {
    problems.push(
      `unpaid job has ledger entries: charged ${charged}, transferred ${transferred}, fee ${fees}, refunded ${refunded}`,
    );
  }
  return problems;
}

/**
 * A posting of several seats as a whole (issue 35): everything it was charged (the posting's charge at seat 0,
 * added seats', extras') = transferred + fees + refunded once every seat is final, and the posting's escrow
 * charge is its total while any money is held (each seat is checked on its own by `seatLedgerProblems`).
 */
export function postingLedgerProblems(f: LedgerFacts, postingCharged: number): string[] {
  const { charged_cents: charged, fee_cents: fees, transferred_cents: transferred } = f.totals;
  const refunded = f.totals.refunded_cents;
  const problems: string[] = [];
  if (isClosed(f.status)) {
    if (charged !== transferred + fees + refunded)
      problems.push(`charged ${charged} != transferred ${transferred} + fee ${fees} + refunded ${refunded}`);
    if (postingCharged !== f.total_cents)
      problems.push(`posting charged ${postingCharged} != posting total ${f.total_cents}`);
  } else if (isHeld(f.status)) {
    if (postingCharged !== f.total_cents)
      problems.push(`held posting charged ${postingCharged} != posting total ${f.total_cents}`);
    if (transferred + fees + refunded > charged)
      problems.push(`held posting moved ${transferred + fees + refunded} > charged ${charged}`);
  } else if (charged + transferred + fees + refunded > 0) {
    problems.push(
      `unpaid posting has ledger entries: charged ${charged}, transferred ${transferred}, fee ${fees}, refunded ${refunded}`,
    );
  }
  return problems;
}
