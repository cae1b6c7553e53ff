import { BOOKING_FEE_BPS, platformFee, type PaymentStatus } from '@brigade/contracts';
import { isClosed, isHeld } from './escrow-state';

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
 * and nothing is ever charged, transferred or refunded twice (at most one entry of each kind).
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
