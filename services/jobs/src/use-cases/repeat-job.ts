import { randomUUID } from 'node:crypto';
import { seriesLastDate, type jobEditsHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { restaurantCity } from '../db/read-models.repository';
import { insertOccurrences, insertSeries } from '../db/series.repository';
import { timeZoneOf } from '../domain/calendar';
import { JobsErrors } from '../domain/errors';
import {
  checkSeriesShape,
  planOccurrences,
  SeriesErrors,
  todayIn,
  wallClock,
  weekdaysOf,
  type SeriesShape,
} from '../domain/series';
import { postOccurrence } from './post-occurrence';
import { ensureNoUnsettledCardDispute } from './card-dispute-flags';

export interface Repeated {
  seriesId: string;
  /** the jobs posted now (dates within SERIES_CHARGE_LEAD), by date */
  jobIds: string[];
  /** dates left scheduled for the rules loop */
  later: number;
}

/**
 * "Book again" (issue 35, ADR 0031): copies of one of the restaurant's jobs (any, past ones included) on other
 * dates of its calendar, with the job's times of day, rate, headcount, break, title and words. Every date must be
 * after today in the restaurant's time, start in the future and be at most SERIES_MAX_WEEKS ahead, else 400
 * JOBS.BAD_DATES naming them, nothing created. The copies are a series of kind 'dates'; the dates starting
 * within SERIES_CHARGE_LEAD are posted now, each its own job charged to the card on file (key
 * `repeat:{seriesId}:{date}:charge`), the later ones wait for the rules loop. The single post's 7-day window
 * does not apply.
 */
export async function repeatJob(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
  input: jobEditsHttp.RepeatJobRequest,
): Promise<Repeated> {
  const job = await findJob(ctx.database, jobId);
  if (!job || job.restaurant_id !== restaurant.id) throw JobsErrors.jobNotFound();
  // Issue 38: a lost card dispute not paid back keeps the restaurant from posting.
  await ensureNoUnsettledCardDispute(ctx, restaurant.id);
  const zone = timeZoneOf(await restaurantCity(ctx.database, restaurant.id));
  const now = ctx.now();
  const today = todayIn(zone, now);
  const lastDate = seriesLastDate(ctx.policy, today);
  const shape: SeriesShape = {
    title: job.title,
    start_time: wallClock(job.start_time, zone).time,
    end_time: wallClock(job.end_time, zone).time,
    hourly_rate_cents: job.hourly_rate_cents,
    headcount: job.headcount,
    break_minutes: job.break_minutes,
    description: job.description,
    required_skills: job.required_skills,
    required_credentials: job.required_credentials,
  };
  const dates = [...input.dates].sort();
  const planned = planOccurrences(ctx.policy, dates, shape, zone);
  const bad = planned
    .filter((o) => o.date <= today || o.date > lastDate || o.start_time.getTime() <= now.getTime())
    .map((o) => o.date);
  if (bad.length > 0) throw SeriesErrors.badDates(bad);
  checkSeriesShape(
    ctx.policy,
    shape,
    { start: planned[0].start_time, end: planned[0].end_time },
    restaurant.language,
  );
  return inTransaction(ctx, async (tx) => {
    const seriesId = randomUUID();
    const series = {
      ...shape,
      id: seriesId,
      restaurant_id: restaurant.id,
      kind: 'dates' as const,
      language: restaurant.language,
      weekdays: weekdaysOf(dates),
      from_date: dates[0],
      until_date: dates[dates.length - 1],
      source_job_id: job.id,
      status: 'active' as const,
      created_at: now,
    };
    await insertSeries(tx, series);
    await insertOccurrences(tx, seriesId, planned);
    const jobIds: string[] = [];
    for (const occurrence of planned)
      if (occurrence.charge_at.getTime() <= now.getTime())
        jobIds.push(
          await postOccurrence(ctx, tx, series, occurrence, `repeat:${seriesId}:${occurrence.date}:charge`),
        );
    return { seriesId, jobIds, later: planned.length - jobIds.length };
  });
}
