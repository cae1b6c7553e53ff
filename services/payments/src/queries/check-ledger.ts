import type { Database } from '@brigade/kit';
import { BOOKING_FEE_BPS, CARD_MINIMUM_CENTS } from '@brigade/contracts';
import { ledgerFactsOfEveryJob, ledgerFactsOfEverySeat } from '../db/ledger.repository';
import { settlementsWithLedger } from '../db/timesheets.repository';
import { isClosed } from '../domain/escrow-state';
import {
  ledgerProblems,
  postingLedgerProblems,
  seatLedgerProblems,
  type LedgerCheck,
  type LedgerFacts,
  type SeatCheck,
} from '../domain/ledger';
import { timesheetLedgerProblems } from '../domain/timesheet-money';

type Settled = Awaited<ReturnType<typeof settlementsWithLedger>>[number];

/**
 * A job with a settled timesheet (issue 34, ADR 0028): what moved against timesheetMoney of the recorded figures,
 * part by part (the escrow's charge is still the job's total; the 7% and shift-pay rules give way to the
 * timesheet's), and nothing charged, transferred or refunded twice.
 */
function timesheetJobProblems(f: LedgerFacts, t: Settled): string[] {
  const s = t.settlement;
  const problems: string[] = [];
  if (f.entries_max > 1) problems.push('more than one ledger entry of a kind');
  if (t.ledger.escrow.charged !== f.total_cents)
    problems.push(`escrow charged ${t.ledger.escrow.charged} != job total ${f.total_cents}`);
  const extraMoved =
    s.extra_status === 'collected' && (t.extra_task ? !t.extra_open : s.extra_chef_cents === 0);
  problems.push(
    ...timesheetLedgerProblems(
      { feeBps: BOOKING_FEE_BPS, cardMinimumCents: CARD_MINIMUM_CENTS },
      {
        ...s,
        subtotal_cents: t.subtotal_cents,
        fee_cents: t.job_fee_cents,
        escrow_closed: isClosed(f.status) && !t.escrow_open,
        extra_moved: extraMoved,
        ledger: t.ledger,
      },
    ),
  );
  return problems;
}

/**
 * Every job's ledger against the rules (`npm run ledger:check`): per job, all it was charged = transferred + fees +
 * refunded by the state of its money; per seat (issue 35), nothing moved beyond the seat's share plus its
 * collected extra, and a seat of a posting of several by the job rules over its share, status and decision.
 */
export async function checkLedger(database: Database): Promise<LedgerCheck[]> {
  const jobs = await ledgerFactsOfEveryJob(database);
  const timesheets = new Map((await settlementsWithLedger(database)).map((t) => [t.settlement.job_id, t]));
  const seats = new Map<string, SeatCheck[]>();
  const postings = new Map<string, number>();
  for (const seat of await ledgerFactsOfEverySeat(database)) {
    seats.set(seat.job_id, [...(seats.get(seat.job_id) ?? []), seatLedgerProblems(seat)]);
    if (seat.headcount > 1) postings.set(seat.job_id, seat.posting_charged_cents);
  }
  return jobs.map((f) => {
    const t = timesheets.get(f.job_id);
    const posting = postings.get(f.job_id);
    // A posting of several seats: the whole adds up, each seat by its own rules; one seat: the job's rules.
    const problems =
      posting !== undefined
        ? postingLedgerProblems(f, posting)
        : t
          ? timesheetJobProblems(f, t)
          : ledgerProblems(f);
    const seatChecks = seats.get(f.job_id) ?? [];
    const ok = problems.length === 0 && seatChecks.every((s) => s.ok);
    return { job_id: f.job_id, status: f.status, ...f.totals, ok, problems, seats: seatChecks };
  });
}
