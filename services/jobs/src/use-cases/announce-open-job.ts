import type { EventAlert } from '@brigade/contracts';
import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicantIdsOfJob } from '../db/applications.repository';
import type { JobRow } from '../domain/records';
import { chefUserIds } from '../db/read-models.repository';
import { jobFacts } from '../domain/facts';
import { chooseAlerts } from './choose-alerts';

/**
 * jobs.job.opened.v1: the job is open to chefs (escrow held) or open again (the accepted chef declined or
 * cancelled). notify_chef_ids are the user ids of the favorites the restaurant asked to text first, minus
 * chefs who already applied. `asUrgent`: the chef it counted on cancelled, so the restaurant's favorites and
 * the chefs of its city are told again as urgent, whatever the shift's own priority. `seatNo` is the seat that
 * opened again (issue 35); null when the whole posting opened (its escrow held). `alerts` (issue 37): the chefs
 * to text and why, as `chooseAlerts` answers unless the caller chose them (a reopened seat nobody on standby
 * took: offer-to-standby.ts).
 */
export async function announceOpenJob(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  reopened: boolean,
  asUrgent = false,
  seatNo: number | null = null,
  alerts?: EventAlert[],
): Promise<void> {
  const favorites = await chefUserIds(ctx.database, tx, job.notify_favorites);
  const applied = new Set(await applicantIdsOfJob(ctx.database, tx, job.id));
  await appendEvent(ctx.database, tx, 'jobs.job.opened.v1', {
    ...jobFacts(job),
    notify_chef_ids: favorites.filter((id) => !applied.has(id)),
    reopened,
    announce_as_urgent: asUrgent,
    seat_no: seatNo,
    // Issue 37: while a roster-first window runs only the favorites see the shift (a seat reopening inside it too)
    roster_first_until:
      job.roster_first_until && job.roster_first_until.getTime() > ctx.now().getTime()
        ? job.roster_first_until.toISOString()
        : null,
    alerts: alerts ?? (await chooseAlerts(ctx, tx, job, reopened ? 'reopened' : 'new')),
  });
}
