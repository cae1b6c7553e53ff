import { escrowCharge, postingOfSeats } from '@brigade/contracts';
import { inTransaction, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import {
  claimDueOccurrence,
  findSeries,
  setOccurrence,
  type OccurrenceRow,
  type SeriesRow,
} from '../db/series.repository';
import type { PlannedOccurrence } from '../domain/series';
import { unsettledCardDisputeCents } from './card-dispute-flags';
import { writePostedJob } from './post-job';

/**
 * An occurrence of a series (or a repeat) becomes a job of its own (issue 35, ADR 0031): posted exactly as
 * POST /jobs posts one (pending_payment, its seats, `jobs.job.posted.v1`), with `charge_card_on_file` so payments
 * charges the card on file under `idempotencyKey`, and marked posted with its job, in the caller's transaction.
 */
export async function postOccurrence(
  ctx: JobsContext,
  tx: Tx,
  series: SeriesRow,
  occurrence: Pick<OccurrenceRow | PlannedOccurrence, 'date' | 'start_time' | 'end_time'>,
  idempotencyKey: string,
): Promise<string> {
  const seat = escrowCharge({
    start_time: occurrence.start_time,
    end_time: occurrence.end_time,
    hourly_rate_cents: series.hourly_rate_cents,
    break_minutes: series.break_minutes,
  });
  const jobId = await writePostedJob(ctx, tx, {
    restaurantId: series.restaurant_id,
    language: series.language,
    title: series.title,
    description: series.description,
    start: occurrence.start_time,
    end: occurrence.end_time,
    hourlyRateCents: series.hourly_rate_cents,
    breakMinutes: series.break_minutes,
    headcount: series.headcount,
    pay: postingOfSeats(seat, series.headcount),
    emergencyLevel: 'normal',
    requiredSkills: series.required_skills,
    requiredCredentials: series.required_credentials,
    notifyFavorites: [],
    occurrence: { seriesId: series.id, date: occurrence.date, idempotencyKey },
  });
  await setOccurrence(
    tx,
    { series_id: series.id, date: occurrence.date },
    { status: 'posted', job_id: jobId },
  );
  return jobId;
}

/**
 * The rules loop's series rule: the next scheduled occurrence of an active series whose charge_at
 * (SERIES_CHARGE_LEAD before its start) has come is claimed (FOR UPDATE SKIP LOCKED), posted and marked posted
 * in one transaction, with the key `series:{id}:{date}:charge`: a crash before the commit leaves it scheduled
 * and nothing published, so it is posted and charged once whatever the number of instances or passes. One whose
 * start has passed is skipped, and so is one of a restaurant with a lost card dispute unpaid (issue 38). Returns
 * false when none is due.
 */
export async function postNextDueOccurrence(ctx: JobsContext): Promise<boolean> {
  const now = ctx.now();
  return inTransaction(ctx, async (tx) => {
    const occurrence = await claimDueOccurrence(ctx.database, tx, now);
    if (!occurrence) return false;
    if (occurrence.start_time.getTime() <= now.getTime()) {
      await setOccurrence(tx, occurrence, { status: 'skipped' });
      return true;
    }
    const series = await findSeries(ctx.database, occurrence.series_id, tx);
    if (!series) return false;
    // Issue 38: a restaurant with a lost card dispute unpaid posts nothing, its series' occurrences included: the
    // occurrence is skipped (its card is not charged), as one whose start passed.
    if ((await unsettledCardDisputeCents(ctx, series.restaurant_id, tx)) > 0) {
      ctx.logger.warn(
        { series: series.id, date: occurrence.date },
        'series occurrence skipped: its restaurant has a lost card dispute to settle',
      );
      await setOccurrence(tx, occurrence, { status: 'skipped' });
      return true;
    }
    await postOccurrence(ctx, tx, series, occurrence, `series:${series.id}:${occurrence.date}:charge`);
    return true;
  });
}
