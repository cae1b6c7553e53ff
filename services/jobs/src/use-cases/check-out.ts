import type { jobsHttp } from '@brigade/contracts';
import { appendEvent, type AuthUser } from '@brigade/kit';
import type { z } from 'zod';
import { inTransaction, type JobsContext } from '../context';
import { updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { applicationState } from '../domain/application';
import { checkoutMessage, checkoutOutcome, type CheckoutSide } from '../domain/checkout';
import { JobsErrors } from '../domain/errors';
import { nextJobStatus, nextPaymentStatus } from '../domain/job';
import { applicationFacts } from '../events/facts';
import { lockApplicationAndJob } from './load-for-update';

/**
 * One side checks out of a filled shift after it started and rates the other (jobs.checkout.recorded.v1,
 * which identity turns into average ratings). When both have, the job is completed (release or refund)
 * or disputed, and jobs.checkout.completed.v1 tells payments what to do with the escrow.
 */
export async function checkOut(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
  input: z.infer<typeof jobsHttp.CheckoutRequest>,
): Promise<{ message: string; mutualCheckoutCompleted: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const { job, app } = await lockApplicationAndJob(ctx, tx, applicationId);
    const side: CheckoutSide = user.type;
    const mine = side === 'chef' ? app.chef_id === user.id : job.restaurant_id === user.id;
    if (!mine) throw JobsErrors.applicationNotFound();
    const alreadyDone = side === 'chef' ? job.chef_checkout_completed : job.restaurant_checkout_completed;
    if (alreadyDone && applicationState(app.status, app.worker_confirmed) === 'confirmed')
      throw JobsErrors.alreadyCheckedOut();
    if (applicationState(app.status, app.worker_confirmed) !== 'confirmed' || job.status !== 'filled') {
      throw JobsErrors.notCheckoutable();
    }
    if (job.start_time.getTime() > ctx.now().getTime()) throw JobsErrors.checkoutTooEarly();

    const after = { ...job };
    if (side === 'restaurant') {
      Object.assign(after, {
        restaurant_checkout_completed: true,
        restaurant_work_completed: input.workCompleted,
        chef_rating: input.rating,
        restaurant_feedback: input.feedback,
      });
    } else {
      Object.assign(after, {
        chef_checkout_completed: true,
        chef_work_completed: input.workCompleted,
        restaurant_rating: input.rating,
        chef_feedback: input.feedback,
      });
    }
    await appendEvent(ctx.database, tx, 'jobs.checkout.recorded.v1', {
      ...applicationFacts(app, job),
      side,
      rating: input.rating,
      work_completed: input.workCompleted,
      feedback: input.feedback,
      ratee_id: side === 'restaurant' ? app.chef_id : job.restaurant_id,
      ratee_type: side === 'restaurant' ? 'chef' : 'restaurant',
    });

    const mutual = after.restaurant_checkout_completed && after.chef_checkout_completed;
    const outcome = mutual
      ? checkoutOutcome(after.restaurant_work_completed === true, after.chef_work_completed === true)
      : null;
    const patch: Parameters<typeof updateJob>[2] = {
      restaurant_checkout_completed: after.restaurant_checkout_completed,
      chef_checkout_completed: after.chef_checkout_completed,
      restaurant_work_completed: after.restaurant_work_completed,
      chef_work_completed: after.chef_work_completed,
      chef_rating: after.chef_rating,
      restaurant_rating: after.restaurant_rating,
      restaurant_feedback: after.restaurant_feedback,
      chef_feedback: after.chef_feedback,
    };
    if (outcome) {
      patch.status = nextJobStatus(outcome === 'disputed' ? 'dispute' : 'complete', job.status)!;
      if (outcome === 'disputed')
        patch.payment_status = nextPaymentStatus('dispute', job.payment_status) ?? job.payment_status;
      await appendEvent(ctx.database, tx, 'jobs.checkout.completed.v1', {
        ...applicationFacts(app, job),
        outcome,
        restaurant_work_completed: after.restaurant_work_completed === true,
        chef_work_completed: after.chef_work_completed === true,
        chef_rating: after.chef_rating!,
        restaurant_rating: after.restaurant_rating!,
        subtotal_cents: job.subtotal_cents,
        fee_cents: job.fee_cents,
        total_cents: job.total_cents,
      });
    }
    await updateJob(tx, job.id, patch);
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, patch.status ?? job.status));
    return { message: checkoutMessage(side, outcome), mutualCheckoutCompleted: mutual };
  });
}
