import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { lockOccurrenceOfJob, setOccurrence } from '../db/series.repository';

/**
 * The card on file declined an occurrence's charge (payments.escrow.failed.v1, after recordPaymentFailure in the
 * same transaction): the occurrence reads payment_needed and `jobs.occurrence.payment_needed.v1` goes out once
 * (notifications texts the restaurant a link to pay it in the app). The job stays unposted awaiting payment;
 * the series' other occurrences go on. Nothing for a job of no series, or one already so.
 */
export async function recordOccurrencePaymentNeeded(
  ctx: JobsContext,
  tx: Tx,
  jobId: string,
  code: string | null,
): Promise<void> {
  const occurrence = await lockOccurrenceOfJob(ctx.database, tx, jobId);
  if (!occurrence || occurrence.status !== 'posted') return;
  const job = await findJob(ctx.database, jobId, tx);
  if (!job || job.status !== 'payment_failed') return; // paid meanwhile, or cancelled
  await setOccurrence(tx, occurrence, { status: 'payment_needed' });
  await appendEvent(ctx.database, tx, 'jobs.occurrence.payment_needed.v1', {
    job_id: job.id,
    series_id: occurrence.series_id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    start_time: job.start_time.toISOString(),
    occurrence_date: occurrence.date,
    total_cents: job.total_cents,
    code,
  });
}

/** Escrow held for an occurrence's job (paid in the app after a decline): the occurrence reads posted again. */
export async function recordOccurrencePaid(ctx: JobsContext, tx: Tx, jobId: string): Promise<void> {
  const occurrence = await lockOccurrenceOfJob(ctx.database, tx, jobId);
  if (occurrence?.status === 'payment_needed') await setOccurrence(tx, occurrence, { status: 'posted' });
}
