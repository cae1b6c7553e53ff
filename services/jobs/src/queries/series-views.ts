import { postingFigures, type jobEditsHttp } from '@brigade/contracts';
import type { Database, Executor } from '@brigade/kit';
import {
  occurrencesOf,
  seriesOf,
  findSeries,
  type OccurrenceRow,
  type SeriesRow,
} from '../db/series.repository';

type Series = jobEditsHttp.Series;

/**
 * One occurrence's total: a posted one's is its job's (its own terms); a scheduled one's the series' shape on
 * its times (a posting's own figures, headcount × seat).
 */
function occurrenceTotal(series: SeriesRow, o: OccurrenceRow): number {
  if (o.job_total_cents != null) return o.job_total_cents;
  return postingFigures({
    start_time: o.start_time,
    end_time: o.end_time,
    hourly_rate_cents: series.hourly_rate_cents,
    break_minutes: series.break_minutes,
    headcount: series.headcount,
  }).total_cents;
}

/** A series as its restaurant sees it: every occurrence and the total of those not skipped. */
export function presentSeries(series: SeriesRow, occurrences: OccurrenceRow[]): Series {
  const listed = occurrences
    .filter((o) => o.series_id === series.id)
    .map((o) => ({
      date: o.date,
      start_time: o.start_time.toISOString(),
      status: o.status,
      job_id: o.job_id,
      charge_at: o.charge_at.toISOString(),
      total_cents: occurrenceTotal(series, o),
    }));
  return {
    id: series.id,
    title: series.title,
    weekdays: series.weekdays,
    until: series.until_date,
    headcount: series.headcount,
    total_cents: listed.filter((o) => o.status !== 'skipped').reduce((sum, o) => sum + o.total_cents, 0),
    status: series.status,
    occurrences: listed,
    created_at: series.created_at.toISOString(),
    required_credentials: series.required_credentials,
  };
}

/** One series for its owner; null for an unknown one or another restaurant's. */
export async function seriesView(
  database: Database,
  restaurantId: string,
  id: string,
  executor?: Executor,
): Promise<Series | null> {
  const series = await findSeries(database, id, executor);
  if (!series || series.restaurant_id !== restaurantId) return null;
  return presentSeries(series, await occurrencesOf(database, [id], executor));
}

/** The restaurant's series, newest first. */
export async function seriesListView(database: Database, restaurantId: string): Promise<Series[]> {
  const all = await seriesOf(database, restaurantId);
  const occurrences = await occurrencesOf(
    database,
    all.map((s) => s.id),
  );
  return all.map((s) => presentSeries(s, occurrences));
}
