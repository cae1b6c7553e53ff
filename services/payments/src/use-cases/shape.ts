import type { PostingShape } from '@brigade/contracts';
import { DecisionRefused } from '../domain/decision';
import type { JobPaymentRow } from '../db/jobs.repository';

/**
 * Payments' own record of a posting's shape (issue 35, ADR 0031): its times, rate, break and headcount, as
 * `jobs.job.posted.v1` and every applied edit left them. Null for a job posted before payments kept its rate.
 */
export function recordedShape(job: JobPaymentRow): PostingShape | null {
  if (job.hourly_rate_cents == null || !job.start_time || !job.end_time) return null;
  return {
    start_time: new Date(job.start_time).toISOString(),
    end_time: new Date(job.end_time).toISOString(),
    hourly_rate_cents: Number(job.hourly_rate_cents),
    break_minutes: Number(job.break_minutes ?? 0),
    headcount: Number(job.headcount ?? 1),
  };
}

/** How an event's `before` differs from payments' record (empty: it is the record). */
export function shapeProblems(job: JobPaymentRow, before: PostingShape): string[] {
  const record = recordedShape(job);
  if (!record) return [`job ${job.job_id} was posted before payments kept its rate: it cannot be edited`];
  const problems: string[] = [];
  const time = (v: string | Date) => new Date(v).getTime();
  if (time(before.start_time) !== time(record.start_time))
    problems.push(`before start ${before.start_time} != recorded ${record.start_time}`);
  if (time(before.end_time) !== time(record.end_time))
    problems.push(`before end ${before.end_time} != recorded ${record.end_time}`);
  for (const field of ['hourly_rate_cents', 'break_minutes', 'headcount'] as const)
    if (before[field] !== record[field])
      problems.push(`before ${field} ${before[field]} != recorded ${record[field]}`);
  return problems;
}

/**
 * An edit's figures refused (dead letter and an anomaly; nothing moves): the anomaly records what the edit said,
 * its id, shapes and charge, plus what the event adds (the applied edit's refund and seats).
 */
export function refusedEdit(
  jobId: string,
  problems: string[],
  data: { edit_id: string; before: PostingShape; after: PostingShape; charge_cents: number },
  more: Record<string, unknown> = {},
): DecisionRefused {
  const { edit_id, before, after, charge_cents } = data;
  return new DecisionRefused(jobId, problems, { edit_id, before, after, charge_cents, ...more });
}
