import type { Database } from '@brigade/kit';
import { BOOKING_FEE_BPS, CARD_MINIMUM_CENTS } from '@brigade/contracts';
import { ledgerFactsOfEveryJob, ledgerFactsOfEverySeat } from '../db/ledger.repository';
import { settlementsWithLedger } from '../db/timesheets.repository';
import { isClosed } from '../domain/escrow-state';
import {
  ledgerProblems,
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
 * collected extra.
 */
export async function checkLedger(database: Database): Promise<LedgerCheck[]> {
  const jobs = await ledgerFactsOfEveryJob(database);
  const timesheets = new Map((await settlementsWithLedger(database)).map((t) => [t.settlement.job_id, t]));
  const seats = new Map<string, SeatCheck[]>();
  for (const seat of await ledgerFactsOfEverySeat(database))
    seats.set(seat.job_id, [...(seats.get(seat.job_id) ?? []), seatLedgerProblems(seat)]);
  return jobs.map((f) => {
    const t = timesheets.get(f.job_id);
    const problems = t ? timesheetJobProblems(f, t) : ledgerProblems(f);
    const seatChecks = seats.get(f.job_id) ?? [];
    const ok = problems.length === 0 && seatChecks.every((s) => s.ok);
    return { job_id: f.job_id, status: f.status, ...f.totals, ok, problems, seats: seatChecks };
  });
}
