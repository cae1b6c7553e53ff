import { randomUUID } from 'node:crypto';
import { seriesDates, seriesLastDate, jobEditsHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { restaurantCity } from '../db/read-models.repository';
import { insertOccurrences, insertSeries, templateShape } from '../db/series.repository';
import { timeZoneOf } from '../domain/calendar';
import { JobsErrors } from '../domain/errors';
import { checkSeriesShape, planOccurrences, SeriesErrors, todayIn, type SeriesShape } from '../domain/series';
import { ensureNoUnsettledCardDispute } from './card-dispute-flags';

/** The weekdays in the week's order, each once. */
export function inWeekOrder(days: jobEditsHttp.Weekday[]): jobEditsHttp.Weekday[] {
  return jobEditsHttp.WEEKDAYS.filter((d) => days.includes(d));
}

/**
 * A weekly series (issue 35, ADR 0031): the shape of a template of the restaurant's own (`templateId`, 404
 * JOBS.TEMPLATE_NOT_FOUND otherwise) with any field given over it, or the fields alone, on `weekdays` from
 * `from` (default today) to `until` in the restaurant's calendar. `until` beyond SERIES_MAX_WEEKS is 400
 * JOBS.SERIES_TOO_LONG; no date left (none on those weekdays, or every one started) 400 JOBS.SERIES_EMPTY. The
 * posting's rules on the shape apply (MIN_SHIFT_DURATION, the card minimum). Each date is a scheduled occurrence
 * that the rules loop posts and charges SERIES_CHARGE_LEAD before its start. `given` says which fields the
 * request named (the schema's defaults must not override a template).
 */
export async function createSeries(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  input: jobEditsHttp.CreateSeriesRequest,
  given: (field: keyof jobEditsHttp.CreateSeriesRequest) => boolean,
): Promise<string> {
  // Issue 38: a lost card dispute not paid back keeps the restaurant from posting.
  await ensureNoUnsettledCardDispute(ctx, restaurant.id);
  const template = input.templateId
    ? await templateShape(ctx.database, restaurant.id, input.templateId)
    : null;
  if (input.templateId && !template) throw JobsErrors.templateNotFound();
  const pick = <T>(field: keyof jobEditsHttp.CreateSeriesRequest, value: T, fallback: T | undefined): T =>
    template && !given(field) && fallback !== undefined ? fallback : value;
  const shape: SeriesShape = {
    title: input.title ?? template!.title,
    start_time: input.startTime ?? template!.start_time,
    end_time: input.endTime ?? template!.end_time,
    hourly_rate_cents:
      input.hourlyRate !== undefined ? Math.round(input.hourlyRate * 100) : template!.hourly_rate_cents,
    headcount: pick('headcount', input.headcount ?? 1, template?.headcount),
    break_minutes: pick('breakMinutes', input.breakMinutes ?? 0, template?.break_minutes),
    description: pick('description', input.description ? input.description : null, template?.description),
    required_skills: pick(
      'requiredSkills',
      [...new Set(input.requiredSkills ?? [])],
      template?.required_skills,
    ),
    required_credentials: pick(
      'required_credentials',
      input.required_credentials ?? [],
      template?.required_credentials,
    ),
  };
  if (shape.start_time === shape.end_time) throw JobsErrors.endBeforeStart();
  const zone = timeZoneOf(await restaurantCity(ctx.database, restaurant.id));
  const now = ctx.now();
  const today = todayIn(zone, now);
  const lastDate = seriesLastDate(ctx.policy, today);
  if (input.until > lastDate) throw SeriesErrors.seriesTooLong(ctx.policy.seriesMaxWeeks, lastDate);
  const from = input.from && input.from > today ? input.from : today;
  const weekdays = inWeekOrder(input.weekdays);
  const planned = planOccurrences(ctx.policy, seriesDates(weekdays, from, input.until), shape, zone).filter(
    (o) => o.start_time.getTime() > now.getTime(),
  );
  if (planned.length === 0) throw SeriesErrors.seriesEmpty();
  checkSeriesShape(
    ctx.policy,
    shape,
    { start: planned[0].start_time, end: planned[0].end_time },
    restaurant.language,
  );
  const id = randomUUID();
  await inTransaction(ctx, async (tx) => {
    await insertSeries(tx, {
      ...shape,
      id,
      restaurant_id: restaurant.id,
      kind: 'weekly',
      language: restaurant.language,
      weekdays,
      from_date: from,
      until_date: input.until,
      source_job_id: null,
      created_at: now,
    });
    await insertOccurrences(tx, id, planned);
  });
  return id;
}
