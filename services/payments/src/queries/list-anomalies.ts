import type { opsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { PaymentsContext } from '../context';
import { latestAnomalies, type AnomalyRow } from '../db/anomalies.repository';
import { findStuckMoney } from './report-stuck-money';

const SUMMARIES: Record<string, string> = {
  not_at_provider: 'A webhook named an object Stripe does not have',
  unknown_payment_intent: 'A payment Brigade did not create for any job',
  payment_not_succeeded: 'A payment reported as succeeded that Stripe says has not',
  no_failure_at_provider: 'A payment failure Stripe does not report',
  amount_mismatch: "An amount that is not the job's or the money task's",
  no_matching_task: 'A transfer or refund Brigade never asked for',
  destination_mismatch: "A transfer to an account that is not the chef's",
  exceeds_charge: 'More would leave the escrow than was charged',
  unknown_account: 'A connected account Brigade did not create',
  decision_mismatch: "A money decision whose figures contradict the job's records: nothing moved",
};

const details = (row: AnomalyRow): Record<string, unknown> => {
  const d =
    typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details;
  return {
    ...d,
    source: row.source,
    event_id: row.event_id,
    event_type: row.event_type,
    object_id: row.object_id,
  };
};

function summaryOf(row: AnomalyRow): string {
  const base = SUMMARIES[row.reason] ?? row.reason;
  const d = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
  const problems = Array.isArray(d?.problems) ? `: ${(d.problems as string[]).join('; ')}` : '';
  const via = row.event_type ? ` (${row.event_type})` : '';
  return `${base}${via}${problems}`;
}

/**
 * `GET /ops/anomalies` (operators): the money facts payments refused (newest first, at most `limit`) and the
 * stuck-money report of `ledger:check`: money held past its rule's deadline by more than STUCK_MONEY_AFTER,
 * then disputed jobs still waiting for a decision (no deadline: held until an operator decides).
 */
export async function listAnomalies(
  ctx: PaymentsContext,
  limit = 50,
  now: Date = ctx.now(),
): Promise<z.infer<typeof opsHttp.AnomaliesResponse>> {
  const [{ rows }, report] = await Promise.all([
    latestAnomalies(ctx.database, limit),
    findStuckMoney(ctx.database, ctx.config.policy, now),
  ]);
  return {
    anomalies: rows.map((row) => ({
      id: String(row.id),
      at: new Date(row.created_at).toISOString(),
      kind: row.reason,
      job_id: row.job_id,
      summary: summaryOf(row),
      detail: details(row),
    })),
    stuck: [
      ...report.stuck.map((job) => ({
        job_id: job.job_id,
        payment_status: job.status,
        held_cents: job.held_cents,
        rule: job.why,
        deadline: job.deadline.toISOString(),
        overdue_by_ms: Math.max(0, now.getTime() - job.deadline.getTime()),
      })),
      ...report.awaitingDecision.map((job) => ({
        job_id: job.job_id,
        payment_status: 'disputed',
        held_cents: job.held_cents,
        rule: `disputed${job.since ? ` since ${job.since.toISOString()}` : ''}: held until an operator decides`,
        deadline: null,
        overdue_by_ms: 0,
      })),
    ],
  };
}
