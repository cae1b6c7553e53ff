import { inTransaction, appendEvent } from '@brigade/kit';
import { nextJobStatus } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { claimJobToExpire } from '../db/jobs.repository';
import { deriveJobStatus, seatsOfJob, setSeatsStatus } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { jobFacts } from '../domain/facts';
import { moveApplicationsOfJob } from './move-applications';

/**
 * Nobody confirmed one shift by its start: it expires (status `expired`, not cancelled). Its pending and
 * accepted applications lapse, and jobs.job.expired.v1 says a full refund is due when escrow is held. An
 * open shift leaves the chefs' open list. One job per transaction, claimed past any other instance's: returns
 * false when no shift is due.
 */
export async function expireNextJob(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const job = await claimJobToExpire(ctx.database, tx, ctx.now());
    if (!job) return false;
    if (!nextJobStatus('expire', job.status)) return false; // the claim only returns pending_payment, payment_failed or open shifts

    const lapsed = await moveApplicationsOfJob(ctx, tx, job.id, 'lapse');
    // Its unbooked seats expire (issue 35: each seat's share is refunded), and the job with them.
    const expiring = (await seatsOfJob(ctx.database, tx, job.id)).filter((s) => s.status === 'open');
    await setSeatsStatus(tx, job.id, ['open'], 'expired');
    const status = await deriveJobStatus(ctx.database, tx, job);
    await appendEvent(ctx.database, tx, 'jobs.job.expired.v1', {
      ...jobFacts(job),
      previous_status: job.status,
      refund_due: job.payment_status === 'held_in_escrow',
      lapsed_chef_ids: lapsed.map((a) => a.chef_id),
      seats: expiring.map((s) => s.seat_no),
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, status));
    return true;
  });
}
