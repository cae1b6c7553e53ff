import { appendEvent, inTransaction } from '@brigade/kit';
import type { JobsContext } from '../context';
import { lockApplication } from '../db/applications.repository';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { claimReconfirmation, markReconfirmAsked } from '../db/reconfirmations.repository';
import { seatOfApplication } from '../db/seats.repository';
import { applicationFacts } from '../domain/facts';
import { applyApplicationCancellation } from './cancel-application';

/**
 * The reconfirmation's two timed rules (issue 37), run by the rules loop, one confirmed application per
 * transaction, claimed past any other instance's (FOR UPDATE SKIP LOCKED of its job and itself) and guarded by
 * its columns, so each fires once whatever the number of instances and through restarts:
 * - `ask`: RECONFIRM_OPENS before the start (its reconfirm_by less RECONFIRM_OPENS - RECONFIRM_BY), the chef
 *   is asked (`reconfirm_asked_at`, `jobs.reconfirmation.requested.v1`: notifications texts them);
 * - `release`: at reconfirm_by, asked and not reconfirmed, the seat is released as a late cancellation by the
 *   chef (`missed_reconfirmation`, on their record), the shift reopens as urgent and goes to its standby list
 *   first (cancel-application.ts, offer-to-standby.ts). Never before the chef was asked.
 * Returns false when nothing is due.
 */
export async function runNextReconfirmationRule(ctx: JobsContext, due: 'ask' | 'release'): Promise<boolean> {
  const now = ctx.now();
  const askLeadMs = ctx.policy.reconfirmOpensMs - ctx.policy.reconfirmByMs;
  return inTransaction(ctx, async (tx) => {
    const claimed = await claimReconfirmation(ctx.database, tx, due, now, askLeadMs);
    if (!claimed) return false;
    const job = await lockJob(ctx.database, tx, claimed.job_id);
    const app = await lockApplication(ctx.database, tx, claimed.id);
    if (!job || !app) return false;
    if (due === 'release') {
      await applyApplicationCancellation(ctx, tx, job, app, {
        by: 'chef',
        forceLate: false,
        reason: 'missed_reconfirmation',
      });
      return true;
    }
    const by = app.reconfirm_by ?? now;
    await markReconfirmAsked(tx, app.id, now);
    const seat = await seatOfApplication(ctx.database, tx, app.id);
    await appendEvent(ctx.database, tx, 'jobs.reconfirmation.requested.v1', {
      ...applicationFacts(app, job),
      seat_no: seat?.seat_no ?? 1,
      reconfirm_by: by.toISOString(),
    });
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${app.chef_id}`]);
    return true;
  });
}
