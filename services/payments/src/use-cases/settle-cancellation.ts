import type { Executor } from '@brigade/kit';
import { cancelledSeats, type EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { wasAccepted } from '../db/applications.repository';
import { findJob, markEnded } from '../db/jobs.repository';
import { cancellationDecision, DecisionRefused } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { decideMoney, jobMoney } from './decide-money';

/**
 * The restaurant cancelled the shift (`jobs.job.cancelled.v1`, decided by jobs with the cancellation rules of
 * contracts/src/policy.ts). The job can no longer be paid. Money held goes back in full when nothing is due to
 * the chef; a late cancellation splits it: the chef's pay to the accepted chef, 7% of it kept, the rest back.
 * The figures are checked against payments' own records first (cancellationDecision): figures that contradict
 * them refuse the event (DecisionRefused: dead-lettered, an anomaly, nothing moves); a chef payments has not
 * seen accepted for the job is retried (its acceptance may still be on the way), then dead-lettered. A payment
 * that succeeds after the cancellation is refunded in full when it is recorded.
 */
export async function settleCancellation(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.cancelled.v1'>,
  occurredAt: string,
) {
  const job = await findJob(ctx.database, data.job_id, tx, true);
  if (!job) return;
  await markEnded(ctx.database, tx, job.job_id, 'cancelled', occurredAt, data);
  if (!isHeld(job.status)) {
    if (data.chef_pay_cents > 0)
      ctx.logger.warn(
        { job: job.job_id, status: job.status, chef_pay_cents: data.chef_pay_cents },
        'late cancellation with chef pay, but no money is held for the job: nothing to move',
      );
    return;
  }
  const verdict = cancellationDecision(await jobMoney(ctx, tx, job), data);
  if (!verdict.ok)
    throw new DecisionRefused(job.job_id, verdict.problems, {
      late: data.late,
      refund_due: data.refund_due,
      chef_id: data.chef_id,
      chef_pay_cents: data.chef_pay_cents,
      fee_cents: data.fee_cents,
      refund_cents: data.refund_cents,
    });
  const { decision } = verdict;
  // Issue 35 step 1: every job has one seat, whose figures the event carries (at its top level, or as its only
  // `seats` entry); a cancellation of several seats is step 2's.
  const seats = cancelledSeats(data);
  if (seats.length !== 1)
    throw new DecisionRefused(job.job_id, [`a cancellation of ${seats.length} seats, for a job of one`], {
      seats: seats.map((s) => s.seat_no),
    });
  const seat = { seat_no: seats[0]!.seat_no, application_id: seats[0]!.application_id };
  if (decision.kind === 'split' && !(await wasAccepted(ctx.database, tx, job.job_id, decision.chefId)))
    throw new Error(
      `late cancellation of job ${job.job_id} pays chef ${decision.chefId}, whom payments has not seen accepted for it`,
    );
  await decideMoney(ctx, tx, job, seat, decision);
}
