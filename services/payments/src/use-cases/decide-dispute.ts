import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { applicationOf, wasAccepted } from '../db/applications.repository';
import { findJob } from '../db/jobs.repository';
import { DecisionRefused, disputeDecision } from '../domain/decision';
import { decideMoney, jobMoney } from './decide-money';
import { seatOfJob } from '../queries/seat-of-job';

/**
 * An operator decided a disputed job (`jobs.dispute.resolved.v1`): the chef is paid `chef_pay_cents`, the
 * platform keeps 7% of it, the restaurant gets the rest back. Nothing moves unless payments' own records agree:
 * the job's money is `disputed`, the chef is the job's chef (accepted for it, or the one who checked out),
 * the application is theirs for this job, and the figures add up (disputeDecision). Refused figures refuse
 * the event (DecisionRefused: dead-lettered with an anomaly). The decision then closes the escrow like any
 * other: release -> completed, refund -> refunded, split -> settled, each with reason `dispute_decision`.
 * A duplicate (same event, or the same decision under another id) moves nothing twice: one decision per job.
 */
export async function decideDispute(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.dispute.resolved.v1'>,
) {
  const figures = {
    chef_id: data.chef_id,
    application_id: data.application_id,
    chef_pay_cents: data.chef_pay_cents,
    fee_cents: data.fee_cents,
    refund_cents: data.refund_cents,
    subtotal_cents: data.subtotal_cents,
    total_cents: data.total_cents,
  };
  const posting = await findJob(ctx.database, data.job_id, tx, true);
  if (!posting)
    throw new DecisionRefused(data.job_id, ['a dispute decision for a job payments never saw'], figures);
  // The disputed seat (issue 35): its status, chef and share of the posting.
  const seatNo = data.seat_no ?? 1;
  const job = await seatOfJob(ctx, tx, posting, seatNo);
  if (data.restaurant_id !== job.restaurant_id)
    throw new DecisionRefused(job.job_id, [`restaurant ${data.restaurant_id} is not the job's`], figures);
  if (job.status !== 'disputed') {
    // Already decided (a redelivery after the escrow closed): nothing more to move.
    if (job.status === 'completed' || job.status === 'refunded' || job.status === 'settled') {
      ctx.logger.info(
        { job: job.job_id, status: job.status },
        'dispute decision for a job whose escrow is closed: nothing more moves',
      );
      return;
    }
    throw new DecisionRefused(job.job_id, [`the job's payment is ${job.status}, not disputed`], figures);
  }
  const problems: string[] = [];
  const accepted = await wasAccepted(ctx.database, tx, job.job_id, data.chef_id);
  if (!accepted && job.chef_id !== data.chef_id)
    problems.push(`chef ${data.chef_id} is not the job's accepted or confirmed chef`);
  const application = await applicationOf(ctx.database, tx, data.application_id);
  if (application && (application.job_id !== job.job_id || application.chef_id !== data.chef_id))
    problems.push(`application ${data.application_id} is not this chef's for this job`);
  const verdict = disputeDecision(await jobMoney(ctx, tx, job), data);
  if (!verdict.ok) problems.push(...verdict.problems);
  if (problems.length || !verdict.ok) throw new DecisionRefused(job.job_id, problems, figures);
  await decideMoney(ctx, tx, job, { seat_no: seatNo, application_id: data.application_id }, verdict.decision);
}
