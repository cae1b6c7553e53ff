import { inTransaction, appendEvent } from '@brigade/kit';
import { nextJobStatus } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { claimJobToExpire } from '../db/jobs.repository';
import { deriveJobStatus, seatsOfJob, setSeatsStatus } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { jobFacts } from '../domain/facts';
import { closeJobOffers } from './close-job-offers';
import { closeStandby } from './leave-standby';
import { moveApplicationsOfJob } from './move-applications';

/**
 * One shift's start came with seats nobody confirmed. Its pending and accepted applications lapse and its
 * unbooked seats expire (status `expired`, not cancelled). When no seat was booked the whole job expires:
 * jobs.job.expired.v1 (its seats, all of them) says a full refund is due when escrow is held, and an open shift
 * leaves the chefs' open list. When some seats were booked (issue 35: a posting of several chefs) only the
 * unbooked ones expire: jobs.seat.expired.v1 names them (each one's share is refunded when escrow is held) and
 * the chefs whose applications lapsed, while the booked seats go on (the job reads filled, from its seats). One
 * job per transaction, claimed past any other instance's: returns false when no shift is due.
 */
export async function expireNextJob(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const job = await claimJobToExpire(ctx.database, tx, ctx.now());
    if (!job) return false;
    if (!nextJobStatus('expire', job.status)) return false; // the claim only returns pending_payment, payment_failed or open shifts

    const lapsed = await moveApplicationsOfJob(ctx, tx, job.id, 'lapse');
    // Its offers end at the start at the latest: they expire here, each with its event (none is left live).
    await closeJobOffers(ctx, tx, job, 'withdrawn');
    // Its standby list closes with its start (issue 37): nobody is offered a seat of a started shift.
    await closeStandby(ctx, tx, job);
    const seats = await seatsOfJob(ctx.database, tx, job.id);
    const expiring = seats.filter((s) => s.status === 'open').map((s) => s.seat_no);
    const booked = seats.some((s) => s.status === 'filled');
    await setSeatsStatus(tx, job.id, ['open'], 'expired');
    const status = await deriveJobStatus(ctx.database, tx, job);
    const facts = {
      ...jobFacts(job),
      refund_due: job.payment_status === 'held_in_escrow',
      lapsed_chef_ids: lapsed.map((a) => a.chef_id),
      seats: expiring,
    };
    if (booked) {
      if (expiring.length > 0)
        await appendEvent(ctx.database, tx, 'jobs.seat.expired.v1', { ...facts, headcount: job.headcount });
    } else {
      await appendEvent(ctx.database, tx, 'jobs.job.expired.v1', { ...facts, previous_status: job.status });
    }
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, status));
    return true;
  });
}
