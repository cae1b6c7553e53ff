import type { opsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { PaymentsContext } from '../context';
import { decisionsOfJob, type DecisionRow } from '../db/decisions.repository';
import { findJob } from '../db/jobs.repository';
import { ledgerEntries, ledgerTotals } from '../db/ledger.repository';
import { seatsOf } from '../db/seat-payments.repository';
import { jobNotFound } from '../domain/errors';

type LedgerDecision = z.infer<typeof opsHttp.OpsLedgerResponse>['decision'];

const presentDecision = (decision: DecisionRow | undefined): LedgerDecision =>
  decision
    ? {
        kind: decision.kind,
        reason: decision.reason,
        chef_pay_cents: decision.chef_pay_cents,
        fee_cents: decision.fee_cents,
        refund_cents: decision.refund_cents,
        decided_at: new Date(decision.decided_at).toISOString(),
      }
    : null;

/**
 * `GET /ops/jobs/{jobId}/ledger` (operators): every movement of the job's money with its provider id and seat,
 * the totals, seat 1's decision (a job of one seat: the job's), and (issue 35) every seat with its payment
 * status, chef, decision and its own movements (the posting's charge, at seat 0, is the job's only).
 */
export async function getOpsLedger(
  ctx: PaymentsContext,
  jobId: string,
): Promise<z.infer<typeof opsHttp.OpsLedgerResponse>> {
  const job = await findJob(ctx.database, jobId);
  if (!job) throw jobNotFound();
  const [totals, entries, decisions, seats] = await Promise.all([
    ledgerTotals(ctx.database, jobId),
    ledgerEntries(ctx.database, jobId),
    decisionsOfJob(ctx.database, jobId),
    seatsOf(ctx.database, jobId),
  ]);
  const lines = entries.map((e) => ({
    kind: e.kind,
    amount_cents: e.amount_cents,
    provider_id: e.provider_id,
    at: new Date(e.created_at).toISOString(),
    seat_no: e.seat_no,
  }));
  const decisionOf = (seatNo: number) => decisions.find((d) => d.seat_no === seatNo);
  // a seat known only from the ledger or a decision (written before its seat row) is listed too
  const seatNos = [
    ...new Set([
      ...seats.map((s) => s.seat_no),
      ...decisions.map((d) => d.seat_no),
      ...entries.filter((e) => e.seat_no > 0).map((e) => e.seat_no),
    ]),
  ].sort((a, b) => a - b);
  return {
    job_id: job.job_id,
    payment_status: job.status,
    entries: lines,
    totals: {
      charged_cents: totals.charged_cents,
      transferred_cents: totals.transferred_cents,
      fee_cents: totals.fee_cents,
      refunded_cents: totals.refunded_cents,
    },
    decision: presentDecision(decisionOf(1)),
    seats: seatNos.map((seatNo) => {
      const seat = seats.find((s) => s.seat_no === seatNo);
      const decision = decisionOf(seatNo);
      return {
        seat_no: seatNo,
        payment_status: seat?.status ?? null,
        chef_id: decision?.chef_id ?? seat?.chef_id ?? null,
        decision: presentDecision(decision),
        entries: lines.filter((e) => e.seat_no === seatNo),
      };
    }),
  };
}
