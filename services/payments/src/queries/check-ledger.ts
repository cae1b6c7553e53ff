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
import { tipsWithLedger } from '../db/tips.repository';
import { orphanTipProblems, tipLedgerProblems } from '../domain/tips';
import { payoutLedgerFacts } from '../db/instant-payouts.repository';
import { payoutLedgerProblems, type PayoutCheck } from '../domain/instant-payout';

/** Issue 38: each tip's rule (`tipLedgerProblems`), by job; tip entries with no tip behind them are problems too. */
async function tipProblemsByJob(database: Database): Promise<Map<string, string[]>> {
  const byJob = new Map<string, string[]>();
  for (const t of await tipsWithLedger(database)) {
    const of = (kind: string) => t.kinds.filter((k) => k.kind === kind).map((k) => k.amount_cents);
    const problems = t.status
      ? tipLedgerProblems({
          seat_no: t.seat_no,
          status: t.status,
          amount_cents: t.amount_cents,
          charges: of('charge'),
          transfers: of('transfer'),
          fees: of('fee'),
          refunds: of('refund'),
        })
      : orphanTipProblems([t.seat_no]);
    if (problems.length > 0) byJob.set(t.job_id, [...(byJob.get(t.job_id) ?? []), ...problems]);
  }
  return byJob;
}

/**
 * Issue 38: every instant payout's ledger (part `payout:{id}`, no job) against its rule (`payoutLedgerProblems`):
 * paid, the fee entry = the fee and the payout entry = net, once each; failed, a collected fee returned; nothing
 * twice, and no entries of a payout payments has no record of.
 */
export async function checkPayoutLedger(database: Database): Promise<PayoutCheck[]> {
  return (await payoutLedgerFacts(database)).map(payoutLedgerProblems);
}
import { cardDisputesWithLedger, strayDisputeEntries } from '../db/card-disputes.repository';
import { cardDisputeProblems, type CardDisputeCheck } from '../domain/card-dispute-ledger';

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
  const tips = await tipProblemsByJob(database);
  for (const seat of await ledgerFactsOfEverySeat(database)) {
    seats.set(seat.job_id, [...(seats.get(seat.job_id) ?? []), seatLedgerProblems(seat)]);
    if (seat.headcount > 1) postings.set(seat.job_id, seat.posting_charged_cents);
  }
  // Issue 38 (ADR 0035): each card dispute by its own rule, under its job; a dispute movement no dispute knows is
  // a problem of the job.
  const disputes = new Map<string, Array<Awaited<ReturnType<typeof cardDisputesWithLedger>>[number]>>();
  for (const d of await cardDisputesWithLedger(database))
    disputes.set(d.job_id, [...(disputes.get(d.job_id) ?? []), d]);
  const strays = await strayDisputeEntries(database);
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
    problems.push(...(tips.get(f.job_id) ?? []));
    const seatChecks = seats.get(f.job_id) ?? [];
    const closed = isClosed(f.status);
    const disputeChecks: CardDisputeCheck[] = (disputes.get(f.job_id) ?? []).map((d) =>
      cardDisputeProblems({
        ...d,
        job: closed
          ? {
              charged: f.totals.charged_cents,
              transferred: f.totals.transferred_cents,
              fee: f.totals.fee_cents,
              refunded: f.totals.refunded_cents,
            }
          : null,
      }),
    );
    for (const s of strays.filter((s) => s.job_id === f.job_id))
      problems.push(`${s.part} moved money without a card dispute of ours`);
    const ok = problems.length === 0 && seatChecks.every((s) => s.ok) && disputeChecks.every((d) => d.ok);
    return {
      job_id: f.job_id,
      status: f.status,
      ...f.totals,
      ok,
      problems,
      seats: seatChecks,
      ...(disputeChecks.length ? { card_disputes: disputeChecks } : {}),
    };
  });
}
