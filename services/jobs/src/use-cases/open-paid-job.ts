import { appendEvent, type Tx } from '@brigade/kit';
import { nextJobStatus, nextPaymentStatus, rosterFirstUntil, seatShare } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob, updateJob } from '../db/jobs.repository';
import { seatsOfJob, updateSeat } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { jobFacts } from '../domain/facts';
import { announceOpenJob } from './announce-open-job';

/**
 * Escrow held (payments.escrow.held.v1): the job opens to chefs (to its restaurant's favorites alone first while
 * a roster-first window runs, issue 37) and favorites/urgent notifications go out. If
 * the owner cancelled while paying, the money is asked back at once (jobs.job.cancelled.v1 with refund_due and
 * the whole total); if the shift expired unpaid meanwhile (its start passed), likewise (jobs.job.expired.v1
 * with refund_due). In the event's transaction.
 */
export async function openPaidJob(ctx: JobsContext, tx: Tx, jobId: string): Promise<void> {
  const job = await lockJob(ctx.database, tx, jobId);
  if (!job) {
    ctx.logger.warn({ jobId }, 'escrow held for an unknown job; ignored');
    return;
  }
  const payment = nextPaymentStatus('held', job.payment_status);
  let statusAfter = job.status;
  if (job.status === 'cancelled') {
    if (!payment) return;
    await updateJob(tx, job.id, { payment_status: payment });
    // Every seat's share goes back (issue 35), each named in the event.
    const share = seatShare(job, job.headcount).total_cents;
    const seats = await seatsOfJob(ctx.database, tx, job.id);
    for (const seat of seats) await updateSeat(tx, job.id, seat.seat_no, { cancel_refund_cents: share });
    await appendEvent(ctx.database, tx, 'jobs.job.cancelled.v1', {
      ...jobFacts(job),
      previous_status: 'cancelled',
      refund_due: true,
      affected_chef_ids: [],
      cancelled_by: job.cancelled_by ?? 'restaurant',
      refund_cents: job.total_cents,
      reason: job.cancel_reason,
      seats: seats.map((seat) => ({
        seat_no: seat.seat_no,
        application_id: null,
        chef_id: null,
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: share,
      })),
    });
  } else if (job.status === 'expired') {
    if (!payment) return;
    await updateJob(tx, job.id, { payment_status: payment });
    await appendEvent(ctx.database, tx, 'jobs.job.expired.v1', {
      ...jobFacts(job),
      previous_status: 'expired',
      refund_due: true,
      lapsed_chef_ids: [],
      seats: (await seatsOfJob(ctx.database, tx, job.id))
        .filter((s) => s.status === 'expired')
        .map((s) => s.seat_no),
    });
  } else {
    const status = nextJobStatus('escrowHeld', job.status);
    if (!status || !payment) return; // already open: a duplicate
    // Issue 37: the roster-first window runs from now, when chefs may first see the shift (not from posting:
    // a slow payment must not eat the favorites' head start).
    const minuteMs = ctx.rosterMinuteMs ?? 60_000;
    const rosterUntil = rosterFirstUntil(ctx.now(), ((job.roster_first_minutes ?? 0) * minuteMs) / 60_000);
    await updateJob(tx, job.id, {
      status,
      payment_status: payment,
      ...(rosterUntil ? { roster_first_until: rosterUntil } : {}),
    });
    await announceOpenJob(ctx, tx, { ...job, roster_first_until: rosterUntil }, false);
    statusAfter = status;
  }
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, statusAfter));
}
