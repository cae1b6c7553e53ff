import { appendEvent, inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { claimRosterWindowEnded, updateJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { jobFacts } from '../domain/facts';
import { chooseAlerts } from './choose-alerts';

/**
 * Issue 37: one shift's roster-first window ended. It is marked (roster_window_ended_at) and, while it is still
 * open and not started, jobs.job.roster_window_ended.v1 tells every chef in range (`alerts`, chosen as for any
 * alert) and the chefs' open list moves ('jobs': the gateway's kept bodies were already stale by their max-age,
 * which ended at the window's end). A shift cancelled, filled or expired meanwhile is only marked: nobody is
 * texted about a shift they cannot take. One job per transaction, claimed past any other instance's, and marked
 * in it: each window ends once, through restarts and several instances. False when none is due.
 */
export async function endNextRosterWindow(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const job = await claimRosterWindowEnded(ctx.database, tx, now);
    if (!job?.roster_first_until) return false;
    await updateJob(tx, job.id, { roster_window_ended_at: now });
    if (job.status !== 'open' || job.start_time.getTime() <= now.getTime()) return true;
    const ended = { ...job, roster_window_ended_at: now };
    await appendEvent(ctx.database, tx, 'jobs.job.roster_window_ended.v1', {
      ...jobFacts(ended),
      roster_first_until: job.roster_first_until.toISOString(),
      alerts: await chooseAlerts(ctx, tx, ended, 'roster_window_ended'),
    });
    await touchScopes(ctx, tx, ['jobs']);
    return true;
  });
}
