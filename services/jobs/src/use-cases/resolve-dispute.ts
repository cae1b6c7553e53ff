import { nextJobStatus } from '@brigade/contracts';
import { inTransaction, appendEvent, recordAudit, type OperatorUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationsOfJob } from '../db/applications.repository';
import { markDisputeResolved } from '../db/disputes.repository';
import { lockJob } from '../db/jobs.repository';
import { moveSeat, seatOf } from '../db/seats.repository';
import { withSeat } from '../domain/seats';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { decisionReliabilityFacts, disputeFigures, type DisputeFigures } from '../domain/dispute';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { announceText } from './announce-text';
import { lockNamedDispute } from './load-dispute';
import { recordReliability } from './record-reliability';
import { resolveHoursDispute, type HoursDecision } from './resolve-hours-dispute';

/**
 * An operator decides a disputed seat (`input.seat_no`; none named: the job's only undecided dispute, 409
 * JOBS.SEAT_REQUIRED with two or more, issue 35): the chef is paid `chef_pay_cents` (0 to the shift pay), the platform
 * keeps 7% of it, the restaurant is refunded the rest. Under the job's and the dispute's locks, once: the job
 * is completed (lifecycle `resolve`), the dispute keeps the decision, jobs.dispute.resolved.v1 tells payments
 * to move the money and notifications to text both sides, the decision goes on the reliability records
 * (domain/dispute.ts), and the audit log keeps who decided what and why, all in one transaction. A second
 * decision, even a concurrent one, is 409 and changes nothing.
 */
export async function resolveDispute(
  ctx: JobsContext,
  operator: Pick<OperatorUser, 'id'> & { email?: string; language?: 'en' | 'es' },
  jobId: string,
  input: HoursDecision,
): Promise<DisputeFigures & { seat_no: number }> {
  return inTransaction(ctx, async (tx) => {
    const locked = await lockJob(ctx.database, tx, jobId);
    if (!locked) throw JobsErrors.jobNotFound();
    // The seat the operator named (issue 35); none named: the job's only undecided dispute (409 with two or more).
    const dispute = await lockNamedDispute(ctx, tx, jobId, input.seat_no);
    if (!dispute) throw JobsErrors.noDispute();
    // The disputed seat's side of the job (issue 35): its answers and money.
    const job = withSeat(locked, await seatOf(ctx.database, tx, jobId, dispute.seat_no));
    if (dispute.resolved_at) throw JobsErrors.disputeResolved();
    // An hours dispute (issue 34): the timesheet's money follows the decided minutes.
    if (dispute.kind === 'hours')
      return {
        ...(await resolveHoursDispute(ctx, tx, operator, job, dispute, input)),
        seat_no: dispute.seat_no,
      };
    if (!('chef_pay_cents' in input) || input.chef_pay_cents === undefined)
      throw JobsErrors.chefPayOutOfRange(job.subtotal_cents);
    const next = nextJobStatus('resolve', job.status);
    if (!next) throw JobsErrors.notInDispute();
    const figures = disputeFigures(ctx.policy, job, input.chef_pay_cents);
    if (!figures) throw JobsErrors.chefPayOutOfRange(job.subtotal_cents);
    const app = (await applicationsOfJob(ctx.database, tx, jobId)).find((a) => a.chef_id === dispute.chef_id);
    if (!app) throw JobsErrors.noDispute();

    const resolvedAt = ctx.now();
    // The note is read by both sides: messaging translates it into the other language (issue 32).
    const noteTranslation = await announceText(ctx, tx, {
      kind: 'dispute_note',
      jobId,
      words: input.note,
      language: operator.language ?? 'en',
      writtenAt: resolvedAt,
    });
    const decided = await markDisputeResolved(ctx.database, tx, jobId, dispute.seat_no, {
      ...figures,
      operator_id: operator.id,
      note: input.note,
      resolved_at: resolvedAt,
      note_translation: noteTranslation,
    });
    if (!decided) throw JobsErrors.disputeResolved();
    // The decision's figures stay on the disputed seat (Job.money: on its way until payments closes the
    // escrow), and the seat is completed (the job with it, when it was its last seat in dispute).
    const status = await moveSeat(ctx.database, tx, job, dispute.seat_no, 'resolve', {
      money_reason: 'dispute_decision',
      money_chef_pay_cents: figures.chef_pay_cents,
      money_fee_cents: figures.fee_cents,
      money_refund_cents: figures.refund_cents,
    });
    await appendEvent(ctx.database, tx, 'jobs.dispute.resolved.v1', {
      ...applicationFacts(app, job),
      seat_no: dispute.seat_no,
      ...figures,
      subtotal_cents: job.subtotal_cents,
      total_cents: job.total_cents,
      note: input.note,
      operator_id: operator.id,
      resolved_at: resolvedAt.toISOString(),
    });
    await recordAudit(ctx.database, tx, {
      operatorId: operator.id,
      operatorEmail: operator.email ?? '',
      action: 'dispute.resolve',
      subjectType: 'job',
      subjectId: jobId,
      jobId,
      reason: input.note,
      detail: {
        ...figures,
        subtotal_cents: job.subtotal_cents,
        total_cents: job.total_cents,
        chef_id: dispute.chef_id,
        restaurant_id: job.restaurant_id,
        seat_no: dispute.seat_no,
      },
    });
    const recorded = await recordReliability(
      ctx,
      tx,
      decisionReliabilityFacts(job, dispute.chef_id, figures.chef_pay_cents, dispute.seat_no),
    );
    await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, status)), ...recorded]);
    return { ...figures, seat_no: dispute.seat_no };
  });
}
