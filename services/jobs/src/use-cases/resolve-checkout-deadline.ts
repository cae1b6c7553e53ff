import { inTransaction, appendEvent } from '@brigade/kit';
import { checkoutOutcome, nextPaymentStatus } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockApplication } from '../db/applications.repository';
import { claimSeatPastCheckoutDeadline, updateJob } from '../db/jobs.repository';
import { moveSeat, seatOf } from '../db/seats.repository';
import { withSeat } from '../domain/seats';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { outcomeStatus } from '../domain/checkout';
import { checkoutAnswers, checkoutReliabilityFacts } from '../domain/reliability';
import { applicationFacts, moneyFacts } from '../domain/facts';
import { openDispute } from './open-dispute';
import { recordReliability } from './record-reliability';

/**
 * The checkout deadline (CHECKOUT_DEADLINE after the end) of one booked seat passed without both answers:
 * the answer given stands (worked: paid out; did not work: refunded), nobody answering pays the chef. The job
 * is completed (or disputed, were the answers to disagree), jobs.checkout.deadline_passed.v1 tells payments
 * what to move, and the outcome goes on the reliability records (a restaurant's uncontested "did not work" is
 * the chef's no-show). One seat per transaction, claimed past any other instance's: returns false when no
 * shift is due.
 */
export async function resolveNextCheckoutDeadline(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const endedBy = new Date(ctx.now().getTime() - ctx.policy.checkoutDeadlineMs);
    const claimed = await claimSeatPastCheckoutDeadline(ctx.database, tx, endedBy);
    if (!claimed) return false;
    // The claimed seat (issue 35: every booked seat of a posting, one by one): its answers decide, and it
    // completes (or is disputed); the job completes with its last seat.
    const seat = await seatOf(ctx.database, tx, claimed.job.id, claimed.seat_no);
    const app = seat?.application_id ? await lockApplication(ctx.database, tx, seat.application_id) : null;
    const job = withSeat(claimed.job, seat);
    const answers = checkoutAnswers(job);
    const outcome = checkoutOutcome(answers.restaurant, answers.chef, true);
    const next = outcome && outcomeStatus(job, outcome);
    // the claim only returns filled seats with a confirmed chef
    if (!app || !seat || !outcome || !next) return false;

    // A disputed seat holds the job's escrow for a decision (the job's own payment status, issue 35).
    const held = outcome === 'disputed' ? nextPaymentStatus('dispute', claimed.job.payment_status) : null;
    if (held) await updateJob(tx, job.id, { payment_status: held });
    const status = await moveSeat(
      ctx.database,
      tx,
      job,
      seat.seat_no,
      outcome === 'disputed' ? 'dispute' : 'complete',
    );
    if (outcome === 'disputed') await openDispute(ctx, tx, job, app.chef_id, seat.seat_no);
    await appendEvent(ctx.database, tx, 'jobs.checkout.deadline_passed.v1', {
      ...applicationFacts(app, job),
      seat_no: seat.seat_no,
      outcome,
      restaurant_work_completed: answers.restaurant,
      chef_work_completed: answers.chef,
      ...moneyFacts(job),
    });
    const recorded = await recordReliability(
      ctx,
      tx,
      checkoutReliabilityFacts(job, app.chef_id, outcome, answers, seat.seat_no),
    );
    await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, status)), ...recorded]);
    return true;
  });
}
