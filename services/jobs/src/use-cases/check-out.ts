import {
  applicationState,
  checkoutDeadline,
  checkoutOpensAt,
  checkoutOutcome,
  nextPaymentStatus,
  type jobsHttp,
} from '@brigade/contracts';
import { AppError, inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { restaurantCity } from '../db/read-models.repository';
import { updateJob } from '../db/jobs.repository';
import { moveSeat, seatOfApplication, updateSeat, type SeatPatch } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { checkoutNotOpen } from '../domain/booking';
import { checkoutAnswer, outcomeStatus, type CheckoutSide } from '../domain/checkout';
import { checkoutAnswers, checkoutReliabilityFacts } from '../domain/reliability';
import { JobsErrors } from '../domain/errors';
import { applicationFacts, moneyFacts } from '../domain/facts';
import { lockApplicationAndJob } from './load-for-update';
import { approveSeat } from './approve-timesheet';
import { lockTimesheet } from '../db/timesheets.repository';
import type { JobRow } from '../domain/records';
import { withSeat } from '../domain/seats';
import { openDispute } from './open-dispute';
import { recordReliability } from './record-reliability';
import { recordReview } from './record-review';

/**
 * One side checks out of a filled shift from its scheduled end (before it: 409 JOBS.CHECKOUT_NOT_OPEN with
 * `opens_at`) until its checkout deadline, says whether the shift was worked and, when it was, rates the other
 * (jobs.checkout.recorded.v1; a "not worked" answer carries no rating). Issue 39: a worked answer's rating and
 * words are this side's review of the other, published double-blind (record-review.ts); identity counts a
 * rating in the averages when its review is published. When both have, the seat is completed (release or refund) or disputed (issue 35: each seat of a
 * posting on its own; the job is completed when its last seat is), jobs.checkout.completed.v1 tells payments
 * what to do with the seat's share of the escrow, and a shift paid out counts as completed on both reliability
 * records.
 */
export async function checkOut(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type' | 'language'>,
  applicationId: string,
  input: z.infer<typeof jobsHttp.CheckoutRequest>,
): Promise<z.infer<typeof jobsHttp.CheckoutResponse>> {
  // A decision, not a default (issue 32): the work done is rated, work not done is not.
  if (input.workCompleted && input.rating === null) throw JobsErrors.ratingRequired();
  if (!input.workCompleted && input.rating !== null) throw JobsErrors.ratingWithoutWork();
  // Issue 39: tags are what a restaurant's review says went well about the chef's work; nothing else takes them.
  if (input.tags.length > 0 && (user.type !== 'restaurant' || !input.workCompleted))
    throw JobsErrors.tagsNotAllowed();
  return inTransaction(ctx, async (tx) => {
    const locked = await lockApplicationAndJob(ctx, tx, applicationId);
    const { app } = locked;
    // The seat this application booked (issue 35): its checkout answers are this checkout's.
    const seat = await seatOfApplication(ctx.database, tx, app.id);
    const job = withSeat(locked.job, seat);
    const side: CheckoutSide = user.type;
    const mine = side === 'chef' ? app.chef_id === user.id : job.restaurant_id === user.id;
    if (!mine) throw JobsErrors.applicationNotFound();
    const alreadyDone = side === 'chef' ? job.chef_checkout_completed : job.restaurant_checkout_completed;
    if (alreadyDone && applicationState(app.status, app.worker_confirmed) === 'confirmed')
      throw JobsErrors.alreadyCheckedOut();
    if (
      applicationState(app.status, app.worker_confirmed) !== 'confirmed' ||
      !seat ||
      seat.status !== 'filled'
    ) {
      throw JobsErrors.notCheckoutable();
    }
    const now = ctx.now().getTime();
    // A shift with clock events (issue 34): checkout opens at clock-out, and the timesheet decides the money.
    const ts = await lockTimesheet(ctx.database, tx, app.id);
    const clocked = ts !== null && ts.status !== 'not_started';
    if (clocked && ts.status === 'clocked_in')
      throw new AppError(409, 'JOBS.CHECKOUT_NOT_OPEN', 'Checkout opens when the chef clocks out');
    const opensAt = checkoutOpensAt(job.end_time);
    if (!clocked && now < opensAt.getTime())
      throw checkoutNotOpen(
        user.language,
        opensAt,
        await restaurantCity(ctx.database, job.restaurant_id, tx),
      );
    if (now >= checkoutDeadline(ctx.policy, job.end_time).getTime()) throw JobsErrors.checkoutClosed();

    const after = { ...job };
    if (side === 'restaurant') {
      Object.assign(after, {
        restaurant_checkout_completed: true,
        restaurant_work_completed: input.workCompleted,
        chef_rating: input.rating,
        restaurant_feedback: input.feedback,
        restaurant_checked_out_at: ctx.now(),
      });
    } else {
      Object.assign(after, {
        chef_checkout_completed: true,
        chef_work_completed: input.workCompleted,
        restaurant_rating: input.rating,
        chef_feedback: input.feedback,
        chef_checked_out_at: ctx.now(),
      });
    }
    await appendEvent(ctx.database, tx, 'jobs.checkout.recorded.v1', {
      ...applicationFacts(app, job),
      seat_no: seat.seat_no,
      side,
      rating: input.rating,
      work_completed: input.workCompleted,
      feedback: input.feedback,
      ratee_id: side === 'restaurant' ? app.chef_id : job.restaurant_id,
      ratee_type: side === 'restaurant' ? 'chef' : 'restaurant',
    });
    // Issue 39: the worked checkout's rating and words become this side's review of the other (double-blind).
    if (input.workCompleted && input.rating !== null)
      await recordReview(ctx, tx, {
        jobId: job.id,
        seatNo: seat.seat_no,
        applicationId: app.id,
        shiftEnd: job.end_time,
        side,
        authorId: user.id,
        subjectId: side === 'restaurant' ? app.chef_id : job.restaurant_id,
        rating: input.rating,
        text: input.feedback,
        language: user.language ?? 'en',
        tags: input.tags,
      });

    const mutual = after.restaurant_checkout_completed && after.chef_checkout_completed;
    const answers = checkoutAnswers(after);
    // On a shift with clock events the checkout moves no money: the restaurant's "completed" approves the
    // submitted timesheet as it is (the chef's checkout is its submission, already made at clock-out).
    const outcome = mutual && !clocked ? checkoutOutcome(answers.restaurant, answers.chef, false) : null;
    const seatPatch: SeatPatch = {
      restaurant_checkout_completed: after.restaurant_checkout_completed,
      chef_checkout_completed: after.chef_checkout_completed,
      restaurant_work_completed: after.restaurant_work_completed,
      chef_work_completed: after.chef_work_completed,
      chef_rating: after.chef_rating,
      restaurant_rating: after.restaurant_rating,
      restaurant_feedback: after.restaurant_feedback,
      chef_feedback: after.chef_feedback,
      restaurant_checked_out_at: after.restaurant_checked_out_at,
      chef_checked_out_at: after.chef_checked_out_at,
    };
    const next = outcome ? outcomeStatus(job, outcome) : null;
    // `patch.status` is the seat's (the job as this seat sees it); `jobStatus` the job's, from all its seats.
    const patch: Partial<Pick<JobRow, 'status' | 'payment_status'>> = {};
    let jobStatus = locked.job.status;
    if (outcome) {
      if (next) {
        patch.payment_status = next.payment_status;
        patch.status = next.status;
        jobStatus = await moveSeat(
          ctx.database,
          tx,
          job,
          seat.seat_no,
          outcome === 'disputed' ? 'dispute' : 'complete',
          seatPatch,
        );
      }
      await appendEvent(ctx.database, tx, 'jobs.checkout.completed.v1', {
        ...applicationFacts(app, job),
        seat_no: seat.seat_no,
        outcome,
        restaurant_work_completed: after.restaurant_work_completed === true,
        chef_work_completed: after.chef_work_completed === true,
        chef_rating: after.chef_rating,
        restaurant_rating: after.restaurant_rating,
        ...moneyFacts(job),
      });
    }
    // A disputed seat holds the job's escrow for a decision (the job's own payment status; issue 35: a sibling
    // seat released or refunded leaves it as it is).
    const held =
      outcome === 'disputed' && next ? nextPaymentStatus('dispute', locked.job.payment_status) : null;
    if (held) await updateJob(tx, job.id, { payment_status: held });
    if (!patch.status) await updateSeat(tx, job.id, seat.seat_no, seatPatch);
    const moved = { ...job, ...seatPatch, ...patch } as JobRow;
    if (clocked && side === 'restaurant' && input.workCompleted && ts.status === 'submitted')
      await approveSeat(ctx, tx, { job: moved, seat_no: seat.seat_no, app, ts }, 'approve');
    if (outcome === 'disputed' && next) await openDispute(ctx, tx, job, app.chef_id, seat.seat_no);
    const recorded = outcome
      ? await recordReliability(
          ctx,
          tx,
          checkoutReliabilityFacts(job, app.chef_id, outcome, answers, seat.seat_no),
        )
      : [];
    await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, jobStatus)), ...recorded]);
    return checkoutAnswer(user.language ?? 'en', side, { ...after, ...patch } as JobRow, input.workCompleted);
  });
}
