import type { Executor } from '@brigade/kit';
import { nextPaymentStatus } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { markDisputed, setChef } from '../db/jobs.repository';
import { hasTimesheet } from '../db/timesheets.repository';
import { refundDecision, releaseDecision } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import { decideMoney, jobMoney } from './decide-money';
import { seatOfJob } from '../queries/seat-of-job';
import { lockSeenJob } from './lock-job';

/**
 * The checkout's outcome, whether both sides answered (`jobs.checkout.completed.v1`) or the checkout deadline
 * decided it (`jobs.checkout.deadline_passed.v1`): release -> the chef's shift pay is transferred (the fee
 * stays); refund -> the whole charge goes back; disputed -> the money stays held and the job shows `disputed`
 * until an operator decides. Each for the seat checked out only: its share of the posting (issue 35). The
 * movements run after the commit (money-task runner).
 */
export async function applyCheckoutOutcome(
  ctx: PaymentsContext,
  tx: Executor,
  facts: {
    job_id: string;
    application_id: string;
    chef_id: string;
    outcome: 'release' | 'refund' | 'disputed';
    /** the seat checked out (issue 35); absent or null on events from before seats: seat 1 */
    seat_no?: number | null;
  },
) {
  const seat = {
    seat_no: facts.seat_no ?? 1,
    application_id: facts.application_id,
    chef_written: facts.chef_id,
  };
  const posting = await lockSeenJob(ctx, tx, facts.job_id, 'checkout outcome for job');
  // The chef who checked out, whatever the outcome (written once: the release below does not write it again).
  await setChef(ctx.database, tx, posting.job_id, facts.chef_id, seat);
  const job = await seatOfJob(ctx, tx, posting, seat.seat_no);
  if (await hasTimesheet(ctx.database, job.job_id, seat.seat_no, tx)) {
    // A shift with clock events is paid by its timesheet (issue 34): the checkout's answer is its approval.
    ctx.logger.info(
      { job: job.job_id, outcome: facts.outcome },
      'checkout of a timesheet shift: the timesheet moves the money',
    );
    return;
  }
  if (!isHeld(job.status)) {
    ctx.logger.warn(
      { job: job.job_id, seat: seat.seat_no, status: job.status, outcome: facts.outcome },
      'checkout outcome but no money is held for the seat',
    );
    return;
  }
  const money = await jobMoney(ctx, tx, job);
  if (facts.outcome === 'release')
    await decideMoney(ctx, tx, job, seat, releaseDecision(money, facts.chef_id));
  else if (facts.outcome === 'refund')
    await decideMoney(ctx, tx, job, seat, refundDecision(money, 'work_not_completed'));
  else {
    const disputed = nextPaymentStatus('dispute', job.status);
    if (disputed) await markDisputed(ctx.database, tx, job.job_id, seat.seat_no, disputed);
  }
}
