import { seriesDates, seriesLastDate, type jobEditsHttp } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import {
  dropOccurrence,
  insertOccurrences,
  lockSeries,
  moveOccurrence,
  occurrencesOf,
  updateSeries as writeSeries,
} from '../db/series.repository';
import { restaurantCity } from '../db/read-models.repository';
import { timeZoneOf } from '../domain/calendar';
import { JobsErrors } from '../domain/errors';
import {
  checkSeriesShape,
  planOccurrences,
  SeriesErrors,
  todayIn,
  weekdaysOf,
  type SeriesShape,
} from '../domain/series';
import { inWeekOrder } from './create-series';

/**
 * `PATCH /jobs/series/{id}` (issue 35): a new shape, weekdays or last date for the occurrences still scheduled
 * (posted ones are jobs of their own: they are edited one by one). A weekly series falls on its new weekdays up
 * to its new `until`; a repeat's dates keep those of its dates still on the weekdays and up to `until`. Refused,
 * nothing changed: another restaurant's or an unknown series 404 JOBS.SERIES_NOT_FOUND, a stopped one 409
 * JOBS.SERIES_STOPPED, `until` beyond SERIES_MAX_WEEKS 400 JOBS.SERIES_TOO_LONG, no date left 400
 * JOBS.SERIES_EMPTY, and the posting's own rules on the new shape.
 */
export async function updateSeries(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  id: string,
  input: jobEditsHttp.UpdateSeriesRequest,
): Promise<void> {
  const zone = timeZoneOf(await restaurantCity(ctx.database, restaurant.id));
  const now = ctx.now();
  const today = todayIn(zone, now);
  const lastDate = seriesLastDate(ctx.policy, today);
  await inTransaction(ctx, async (tx) => {
    const series = await lockSeries(ctx.database, tx, id);
    if (!series || series.restaurant_id !== restaurant.id) throw SeriesErrors.seriesNotFound();
    if (series.status === 'stopped') throw SeriesErrors.seriesStopped();
    const shape: SeriesShape = {
      title: series.title,
      start_time: input.startTime ?? series.start_time,
      end_time: input.endTime ?? series.end_time,
      hourly_rate_cents:
        input.hourlyRate !== undefined ? Math.round(input.hourlyRate * 100) : series.hourly_rate_cents,
      headcount: input.headcount ?? series.headcount,
      break_minutes: input.breakMinutes ?? series.break_minutes,
      description:
        input.description !== undefined ? (input.description ? input.description : null) : series.description,
      required_skills: input.requiredSkills ? [...new Set(input.requiredSkills)] : series.required_skills,
      required_credentials: input.required_credentials ?? series.required_credentials,
    };
    if (shape.start_time === shape.end_time) throw JobsErrors.endBeforeStart();
    const until = input.until ?? series.until_date;
    if (input.until && until > lastDate)
      throw SeriesErrors.seriesTooLong(ctx.policy.seriesMaxWeeks, lastDate);
    const occurrences = await occurrencesOf(ctx.database, [id], tx);
    const scheduled = occurrences.filter((o) => o.status === 'scheduled');
    const weekdays = input.weekdays ? inWeekOrder(input.weekdays) : series.weekdays;
    const candidates =
      series.kind === 'weekly'
        ? seriesDates(weekdays, series.from_date > today ? series.from_date : today, until)
        : scheduled
            .map((o) => o.date)
            .filter((date) => date <= until && weekdaysOf([date]).every((d) => weekdays.includes(d)));
    const taken = new Set(occurrences.filter((o) => o.status !== 'scheduled').map((o) => o.date));
    const planned = planOccurrences(ctx.policy, candidates, shape, zone).filter(
      (o) => !taken.has(o.date) && o.start_time.getTime() > now.getTime(),
    );
    const datesChanged = input.weekdays !== undefined || input.until !== undefined;
    if (
      datesChanged &&
      planned.length === 0 &&
      !occurrences.some((o) => o.status === 'posted' && o.start_time > now)
    )
      throw SeriesErrors.seriesEmpty();
    if (planned.length > 0)
      checkSeriesShape(
        ctx.policy,
        shape,
        { start: planned[0].start_time, end: planned[0].end_time },
        restaurant.language,
      );
    const keep = new Set(planned.map((o) => o.date));
    for (const o of scheduled) if (!keep.has(o.date)) await dropOccurrence(tx, id, o.date);
    for (const o of planned) await moveOccurrence(tx, id, o);
    await insertOccurrences(tx, id, planned);
    await writeSeries(tx, id, {
      ...shape,
      weekdays: series.kind === 'weekly' ? weekdays : weekdaysOf(planned.map((o) => o.date)),
      until_date: until,
    });
  });
}
