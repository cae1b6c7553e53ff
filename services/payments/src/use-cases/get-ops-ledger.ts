import type { opsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { PaymentsContext } from '../context';
import { findDecision } from '../db/decisions.repository';
import { findJob } from '../db/jobs.repository';
import { ledgerEntries, ledgerTotals } from '../db/ledger.repository';
import { jobNotFound } from '../domain/errors';

/**
 * `GET /ops/jobs/{jobId}/ledger` (operators): every movement of the job's money with its provider id, the
 * totals, and the one decision that moves (or moved) its escrow with its figures.
 */
export async function getOpsLedger(
  ctx: PaymentsContext,
  jobId: string,
): Promise<z.infer<typeof opsHttp.OpsLedgerResponse>> {
  const job = await findJob(ctx.database, jobId);
  if (!job) throw jobNotFound();
  const [totals, entries, decision] = await Promise.all([
    ledgerTotals(ctx.database, jobId),
    ledgerEntries(ctx.database, jobId),
    // the API shows one decision: seat 1's (a posting of one seat: its only one; the entries name every seat's
    // movement, `ledger:check` lists each seat's)
    findDecision(ctx.database, jobId, 1),
  ]);
  return {
    job_id: job.job_id,
    payment_status: job.status,
    entries: entries.map((e) => ({
      kind: e.kind,
      amount_cents: e.amount_cents,
      provider_id: e.provider_id,
      at: new Date(e.created_at).toISOString(),
    })),
    totals: {
      charged_cents: totals.charged_cents,
      transferred_cents: totals.transferred_cents,
      fee_cents: totals.fee_cents,
      refunded_cents: totals.refunded_cents,
    },
    decision: decision
      ? {
          kind: decision.kind,
          reason: decision.reason,
          chef_pay_cents: decision.chef_pay_cents,
          fee_cents: decision.fee_cents,
          refund_cents: decision.refund_cents,
          decided_at: new Date(decision.decided_at).toISOString(),
        }
      : null,
  };
}
