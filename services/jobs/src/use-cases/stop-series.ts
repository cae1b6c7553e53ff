import type { AuthUser } from '@brigade/kit';
import { inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockSeries, stopSeries as writeStop } from '../db/series.repository';
import { SeriesErrors } from '../domain/series';

/**
 * `DELETE /jobs/series/{id}` (issue 35): the series stops. Its scheduled occurrences are skipped (never posted
 * nor charged); those already posted stay jobs of their own and follow the cancellation rules. Stopping a
 * stopped series changes nothing. Another restaurant's or an unknown one: 404 JOBS.SERIES_NOT_FOUND.
 */
export async function stopSeries(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id'>,
  id: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const series = await lockSeries(ctx.database, tx, id);
    if (!series || series.restaurant_id !== restaurant.id) throw SeriesErrors.seriesNotFound();
    if (series.status === 'stopped') return;
    await writeStop(tx, id);
  });
}
