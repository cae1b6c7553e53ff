import { appendEvent, sql, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import type { JobRow } from '../db/rows';
import { chefUserIds } from '../db/read-models.repository';
import { jobFacts } from '../events/facts';

/**
 * jobs.job.opened.v1: the job is open to chefs (escrow held) or open again (the accepted chef declined or
 * cancelled). notify_chef_ids are the user ids of the favorites the restaurant asked to text first, minus
 * chefs who already applied. `asUrgent`: the chef it counted on cancelled, so the restaurant's favorites and
 * the chefs of its city are told again as urgent, whatever the shift's own priority.
 */
export async function announceOpenJob(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  reopened: boolean,
  asUrgent = false,
): Promise<void> {
  const favorites = await chefUserIds(ctx.database, tx, job.notify_favorites);
  const applied = new Set(
    (
      await ctx.database.rows<{ chef_id: string }>(
        sql`select chef_id from jobs.applications where job_id = ${job.id}`,
        tx,
      )
    ).map((r) => r.chef_id),
  );
  await appendEvent(ctx.database, tx, 'jobs.job.opened.v1', {
    ...jobFacts(job),
    notify_chef_ids: favorites.filter((id) => !applied.has(id)),
    reopened,
    announce_as_urgent: asUrgent,
  });
}
