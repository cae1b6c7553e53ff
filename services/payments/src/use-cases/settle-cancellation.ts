import type { Executor } from '@brigade/kit';
import { cancelledSeats, platformFee, type CancelledSeat, type EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { wasAccepted } from '../db/applications.repository';
import { cancellationDecision, DecisionRefused, type Decision } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { decideMoney, jobMoney, seatNumbers } from './decide-money';
import { endJob } from './lock-job';
import { seatOfJob, type SeatOfJob } from '../queries/seat-of-job';

/**
 * The restaurant cancelled the shift (`jobs.job.cancelled.v1`, decided by jobs with the cancellation rules of
 * contracts/src/policy.ts). The job can no longer be paid. Each seat's money (issue 35: the event's `seats`, read
 * with `cancelledSeats`; a seat it does not list has nothing due) is decided on its own: back in full when
 * nothing is due to a chef; a late cancellation splits the seat's share: the late-cancellation pay to the seat's
 * chef, 7% of it kept, the rest back. Every figure is recomputed from payments' own records and the policy
 * first (cancellationDecision, and the policy's cancellation pay of the seat): figures that contradict them, for
 * any seat, refuse the whole event (DecisionRefused: dead-lettered, an anomaly, nothing moves); a chef payments
 * has seen neither accepted nor booked on the seat is retried (the acceptance may still be on the way), then
 * dead-lettered. A payment that succeeds after the cancellation is refunded in full when it is recorded.
 */
export async function settleCancellation(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.cancelled.v1'>,
  occurredAt: string,
) {
  const job = await endJob(ctx, tx, data, 'cancelled', occurredAt);
  if (!job) return;
  const listed = new Map(cancelledSeats(data).map((s) => [s.seat_no, s]));
  const problems: string[] = [];
  for (const seatNo of listed.keys())
    if (seatNo > (job.headcount ?? 1)) problems.push(`seat ${seatNo} of a posting of ${job.headcount}`);
  const decisions: Array<{ seat: SeatOfJob; decision: Decision }> = [];
  for (const seatNo of seatNumbers(job)) {
    const seat = await seatOfJob(ctx, tx, job, seatNo);
    const figures = listed.get(seatNo) ?? nothingDue(seatNo);
    if (!isHeld(seat.status)) {
      if (figures.chef_pay_cents > 0)
        ctx.logger.warn(
          { job: job.job_id, seat: seatNo, status: seat.status, chef_pay_cents: figures.chef_pay_cents },
          'late cancellation with chef pay, but no money is held for the seat: nothing to move',
        );
      continue;
    }
    const verdict = await seatVerdict(ctx, tx, seat, data, figures);
    if (!verdict.ok)
      problems.push(...verdict.problems.map((p) => (listed.size > 1 ? `seat ${seatNo}: ${p}` : p)));
    else decisions.push({ seat, decision: verdict.decision });
  }
  if (problems.length)
    throw new DecisionRefused(job.job_id, problems, {
      late: data.late,
      refund_due: data.refund_due,
      chef_id: data.chef_id,
      chef_pay_cents: data.chef_pay_cents,
      fee_cents: data.fee_cents,
      refund_cents: data.refund_cents,
      ...(data.seats ? { seats: data.seats } : {}),
    });
  for (const { seat, decision } of decisions) {
    if (
      decision.kind === 'split' &&
      seat.chef_id !== decision.chefId &&
      !(await wasAccepted(ctx.database, tx, job.job_id, decision.chefId))
    )
      throw new Error(
        `late cancellation of job ${job.job_id} pays chef ${decision.chefId} on seat ${seat.seat_no}, whom payments has not seen accepted for it`,
      );
  }
  for (const { seat, decision } of decisions)
    await decideMoney(
      ctx,
      tx,
      seat,
      { seat_no: seat.seat_no, application_id: listed.get(seat.seat_no)?.application_id },
      decision,
    );
}

/** A seat the cancellation does not list: nobody is paid, its share goes back. */
const nothingDue = (seatNo: number): CancelledSeat => ({
  seat_no: seatNo,
  application_id: null,
  chef_id: null,
  chef_pay_cents: 0,
  fee_cents: 0,
  refund_cents: null,
});

/**
 * One seat's figures against payments' own records: the split rules (cancellationDecision) over the seat's share,
 * and a late cancellation's pay is the policy's (min(the seat's shift pay, CANCELLATION_PAY_HOURS × the rate)),
 * its fee the platform's 7% of it and its refund the rest of the seat's share (a seat's refund left null is that
 * rest).
 */
async function seatVerdict(
  ctx: PaymentsContext,
  tx: Executor,
  seat: SeatOfJob,
  data: EventData<'jobs.job.cancelled.v1'>,
  figures: CancelledSeat,
) {
  const money = await jobMoney(ctx, tx, seat);
  const policy = ctx.config.policy;
  const problems: string[] = [];
  let refund = figures.refund_cents;
  if (figures.chef_pay_cents > 0 && seat.hourly_rate_cents != null) {
    const pay = Math.min(
      money.subtotal_cents,
      Math.round(policy.cancellationPayHours * seat.hourly_rate_cents),
    );
    if (figures.chef_pay_cents !== pay)
      problems.push(`chef pay ${figures.chef_pay_cents} != the policy's late-cancellation pay ${pay}`);
    if (refund === null && data.seats)
      refund = money.charged_cents - figures.chef_pay_cents - platformFee(policy, figures.chef_pay_cents);
  }
  const verdict = cancellationDecision(money, {
    refund_due: data.refund_due,
    late: data.late,
    chef_id: figures.chef_id,
    chef_pay_cents: figures.chef_pay_cents,
    fee_cents: figures.fee_cents,
    refund_cents: refund,
  });
  if (!verdict.ok) return { ok: false as const, problems: [...problems, ...verdict.problems] };
  if (problems.length) return { ok: false as const, problems };
  return verdict;
}
